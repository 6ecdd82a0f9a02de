import { describe, expect, it } from "vitest";
import { directionsLinks } from "./directions";

describe("directionsLinks", () => {
  it("sends every maps app to the name and address, the coordinates only as where to look", () => {
    const links = directionsLinks("Izakaya Tomoshibi", "214 East 6th Street, New York 10003, United States", 40.70696, -73.99698)!;
    expect(links.google).toBe("https://www.google.com/maps/dir/?api=1&destination=Izakaya%20Tomoshibi%2C%20214%20East%206th%20Street%2C%20New%20York%2010003%2C%20United%20States");
    expect(links.apple).toBe("https://maps.apple.com/?daddr=Izakaya%20Tomoshibi%2C%20214%20East%206th%20Street%2C%20New%20York%2010003%2C%20United%20States&sll=40.70696,-73.99698");
    expect(links.geo).toBe("geo:40.70696,-73.99698?q=Izakaya%20Tomoshibi%2C%20214%20East%206th%20Street%2C%20New%20York%2010003%2C%20United%20States");
    for (const url of Object.values(links)) expect(url).not.toMatch(/destination=40|daddr=40/);
  });

  it("without coordinates: the address alone, geo: searching from nowhere in particular", () => {
    const links = directionsLinks("Kappō Aoi", "東山区祇園町南側570-12, 605-0074 京都, 日本", null, null)!;
    expect(links.apple).not.toContain("sll=");
    expect(links.geo).toBe(`geo:0,0?q=${encodeURIComponent("Kappō Aoi, 東山区祇園町南側570-12, 605-0074 京都, 日本")}`);
  });

  it("without an address: the coordinates are the destination, labelled with the name", () => {
    const links = directionsLinks("Bar", null, 47.36, 8.54)!;
    expect(links.google).toBe("https://www.google.com/maps/dir/?api=1&destination=47.36%2C8.54");
    expect(links.apple).toBe("https://maps.apple.com/?daddr=47.36,8.54&q=Bar");
    expect(links.geo).toBe("geo:47.36,8.54?q=47.36%2C8.54(Bar)");
    expect(directionsLinks("Bar", null, null, null)).toBeNull();
  });
});

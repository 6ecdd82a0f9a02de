import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundingBox, kilometres, NEAR_PATTERN, parseNear, squaredDegrees, squaredRadius } from "./geo";

/** Great-circle distance (haversine), written independently of the module. */
function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

describe("parseNear", () => {
  it("reads lat,lng and rejects anything else", () => {
    expect(parseNear("47.3769,8.5417")).toEqual({ lat: 47.3769, lng: 8.5417 });
    expect(parseNear(" -33.9 , 151.2 ")).toEqual({ lat: -33.9, lng: 151.2 });
    for (const bad of ["", "47", "47,8,1", "abc,8", "91,0", "0,181", "1e2,3", "NaN,1", "Infinity,0"]) expect(typeof parseNear(bad)).toBe("string");
  });
});

describe("NEAR_PATTERN (the published pattern of near)", () => {
  const pattern = new RegExp(NEAR_PATTERN, "u");
  const accepts = (s: string) => typeof parseNear(s) !== "string";

  it("matches a value exactly when parseNear accepts it (blank = no point)", () => {
    for (const good of ["47.3769,8.5417", " -33.9 , 151.2 ", "90,180", "-90,-180", "90.000,180.0", "+.5,-0.", "0090,0180", "0,0", "", "   "]) expect(pattern.test(good), good).toBe(true);
    for (const bad of ["47", "47,8,1", "abc,8", "90.0001,0", "0,180.5", "91,0", "0,181", "-100,0", "1e2,3", "4.7e1,8", ".,1", "NaN,1"]) {
      expect(pattern.test(bad), bad).toBe(false);
      expect(accepts(bad), bad).toBe(false);
    }
  });

  it("agrees with parseNear on generated coordinate-like text (property)", () => {
    const piece = fc.oneof(
      fc.double({ min: -200, max: 200, noNaN: true }).map(String),
      fc.integer({ min: -200, max: 200 }).map(String),
      fc.stringMatching(/^[ +\-0-9.eE]{0,8}$/),
      fc.constantFrom("90", "90.", "90.0", "-90.00", "180", "180.00", "180.01", "179.999", "89.9", "0", ".5", "5.", "+0", "-0"),
    );
    fc.assert(
      fc.property(piece, piece, fc.constantFrom(",", " , ", ",,", ""), (a, b, comma) => {
        const value = `${a}${comma}${b}`;
        if (value.trim() === "") return;
        expect(pattern.test(value), value).toBe(accepts(value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("distance", () => {
  it("stays within 1 % of the great-circle distance up to 50 km (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: -70, max: 70, noNaN: true }), fc.double({ min: -170, max: 170, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0.05, max: 50, noNaN: true }), (lat, lng, bearing, km) => {
        const center = { lat, lng };
        const point = { lat: lat + (Math.cos(bearing) * km) / 111.2, lng: lng + (Math.sin(bearing) * km) / (111.2 * Math.cos((lat * Math.PI) / 180)) };
        const truth = haversineKm(center, point);
        if (truth > 50) return;
        expect(Math.abs(kilometres(squaredDegrees(center, point)) - truth)).toBeLessThanOrEqual(truth * 0.01 + 0.001);
      }),
    );
  });

  it("a radius as a squared distance is the squared distance of a point that far north (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: -80, max: 80, noNaN: true }), fc.double({ min: 0.1, max: 50, noNaN: true }), (lat, radius) => {
        const point = { lat: lat + radius / ((6371.0088 * Math.PI) / 180), lng: 0 };
        expect(squaredRadius(radius)).toBeCloseTo(squaredDegrees({ lat, lng: 0 }, point), 12);
        expect(kilometres(squaredRadius(radius))).toBeCloseTo(radius, 3);
      }),
    );
  });

  it("the bounding box contains every point of the circle (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: -80, max: 80, noNaN: true }), fc.double({ min: -170, max: 170, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0.1, max: 50, noNaN: true }), (lat, lng, bearing, radius) => {
        const center = { lat, lng };
        const box = boundingBox(center, radius);
        // A point at the radius, along the bearing, in the same approximation the search uses.
        const k = Math.cos((lat * Math.PI) / 180);
        const deg = radius / ((6371.0088 * Math.PI) / 180);
        const point = { lat: lat + Math.cos(bearing) * deg * 0.999, lng: lng + (Math.sin(bearing) * deg * 0.999) / k };
        expect(point.lat).toBeGreaterThanOrEqual(box.minLat);
        expect(point.lat).toBeLessThanOrEqual(box.maxLat);
        expect(point.lng).toBeGreaterThanOrEqual(box.minLng);
        expect(point.lng).toBeLessThanOrEqual(box.maxLng);
      }),
    );
  });
});

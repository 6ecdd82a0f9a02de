import { describe, expect, it } from "vitest";
import { atomDocument } from "./atom";
import { childNamed, childrenNamed, parseXml } from "../../tests/support/xml";

const feed = {
  id: "https://menus.example/feeds/restaurants.atom",
  title: "New <restaurants> & more",
  updated: "2026-11-20T10:00:00.000Z",
  selfUrl: "https://menus.example/feeds/restaurants.atom",
  alternateUrl: "https://menus.example/",
  author: { name: "Menu Service", uri: "https://menus.example/" },
  entries: [
    {
      id: "https://menus.example/a",
      title: "Café \"A\" & 'B'\u0001",
      updated: "2026-11-20T10:00:00.000Z",
      published: "2026-11-19T10:00:00.000Z",
      url: "https://menus.example/a?x=1&y=2",
      summary: "Swiss · Zürich <b>bold</b>",
    },
  ],
};

describe("atomDocument", () => {
  it("is well-formed XML with every element RFC 4287 requires, text escaped", () => {
    const root = parseXml(atomDocument(feed));
    expect(root.name).toBe("feed");
    expect(root.attributes.xmlns).toBe("http://www.w3.org/2005/Atom");
    for (const name of ["id", "title", "updated", "author"]) expect(childrenNamed(root, name)).toHaveLength(1);
    expect(childNamed(root, "title")!.text).toBe("New <restaurants> & more");
    expect(childrenNamed(root, "link").map((l) => l.attributes.rel).sort()).toEqual(["alternate", "self"]);
    const [entry] = childrenNamed(root, "entry");
    expect(childNamed(entry, "title")!.text).toBe("Café \"A\" & 'B'");
    expect(childNamed(entry, "link")!.attributes.href).toBe("https://menus.example/a?x=1&y=2");
    expect(childNamed(entry, "summary")!.text).toBe("Swiss · Zürich <b>bold</b>");
  });

  it("the test parser refuses what is not well-formed", () => {
    for (const bad of ["<a>", "<a></b>", "<a x=1/>", "<a>&</a>", "<a/><b/>", '<a x="1" x="2"/>', "<a>1 < 2</a>"]) expect(() => parseXml(bad), bad).toThrow();
  });
});

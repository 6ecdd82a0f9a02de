// The importer against a real (temporary) SQLite database: validation, all-or-nothing, upsert,
// plan limits from lib/plans.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "menu-import-"));
process.env.DATABASE_URL = `file:${path.join(dir, "import.db")}`;

const { setupDatabase } = await import("../../lib/db/setup");
const { db, disconnectDb } = await import("../../lib/db/prisma");
const { importMenus, ImportError } = await import("../../lib/import/import-menus");
const { PLANS } = await import("../../lib/plans");

const fixture = JSON.parse(readFileSync(path.join(import.meta.dirname, "../fixtures/menus.json"), "utf8"));
const clone = () => structuredClone(fixture);

async function failure(data: unknown): Promise<InstanceType<typeof ImportError>> {
  try {
    await importMenus([{ name: "input.json", data }]);
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw error;
  }
  throw new Error("import unexpectedly succeeded");
}

beforeAll(async () => {
  await setupDatabase();
  await importMenus([{ name: "menus.json", data: fixture }]);
}, 60_000);

afterAll(async () => {
  await disconnectDb();
  rmSync(dir, { recursive: true, force: true });
});

describe("importer", () => {
  it("loads restaurants, menus and the directory", async () => {
    expect(await db().restaurant.count()).toBe(fixture.restaurants.length);
    const items = fixture.restaurants.flatMap((r: any) => r.categories.flatMap((c: any) => c.items));
    expect(await db().menuItem.count()).toBe(items.length);
    const soup = await db().menuItem.findFirstOrThrow({ where: { name: "Bündner Gerstensuppe" } });
    expect(soup.priceMinor).toBe(1450);
    expect(soup.costMinor).toBe(320);
  });

  it("is idempotent: importing the same file again leaves the same data", async () => {
    const before = await db().menuItem.count();
    await importMenus([{ name: "menus.json", data: fixture }]);
    expect(await db().menuItem.count()).toBe(before);
    expect(await db().restaurant.count()).toBe(fixture.restaurants.length);
  });

  it("upserts by slug and replaces the menu", async () => {
    const data = clone();
    const zunft = data.restaurants.find((r: any) => r.slug === "zunfthaus-am-see");
    zunft.name = "Zunfthaus am See (renamed)";
    zunft.categories = [{ name: "Einzige", items: [{ name: "Rösti", price: 21 }] }];
    await importMenus([{ name: "update.json", data: { scope: { restaurants: ["zunfthaus-am-see"] }, restaurants: [zunft] } }]);
    const row = await db().restaurant.findUniqueOrThrow({ where: { slug: "zunfthaus-am-see" }, include: { categories: { include: { items: true } } } });
    expect(row.name).toBe("Zunfthaus am See (renamed)");
    expect(row.categories.map((c) => c.items.map((i) => i.name))).toEqual([["Rösti"]]);
    await importMenus([{ name: "menus.json", data: fixture }]);
  });

  it("names the file, restaurant, path and problem, and changes nothing", async () => {
    const data = clone();
    data.restaurants[0].name = "Should not be written";
    data.restaurants[1].categories[0].items[0].price = -3;
    data.restaurants[1].categories[0].items[1].allergens = ["gluten", "peanut"];
    const error = await failure(data);
    expect(error.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: "input.json", restaurant: "sushi-kaze", path: "restaurants[1].categories[0].items[0].price" }),
        expect.objectContaining({ file: "input.json", restaurant: "sushi-kaze", path: "restaurants[1].categories[0].items[1].allergens[1]" }),
      ]),
    );
    expect((await db().restaurant.findUniqueOrThrow({ where: { slug: "zunfthaus-am-see" } })).name).toBe("Zunfthaus am See");
  });

  it.each([
    ["a reserved slug", (d: any) => (d.restaurants[0].slug = "api"), "restaurants[0].slug"],
    ["an unknown currency", (d: any) => (d.restaurants[0].currency = "XYZ"), "restaurants[0].currency"],
    ["more decimals than the currency has", (d: any) => (d.restaurants[1].categories[0].items[0].price = 800.5), "restaurants[1].categories[0].items[0].price"],
    ["a bad opening-hours range", (d: any) => (d.restaurants[0].openingHours.tue = "25:00-26:00"), "restaurants[0].openingHours.tue"],
    ["an unknown day", (d: any) => (d.restaurants[0].openingHours.someday = "10:00-12:00"), "restaurants[0].openingHours"],
    ["a javascript: image", (d: any) => (d.restaurants[0].images.logo = "javascript:alert(1)"), "restaurants[0].images.logo"],
    // Issue 15.11: published as base URL + path, which must stay an RFC 3986 URI.
    ["a site path with a backslash", (d: any) => (d.restaurants[0].images.logo = "/\\evil.example/logo.png"), "restaurants[0].images.logo"],
    ["a site path with a space", (d: any) => (d.restaurants[0].images.banner = "/my logo.png"), "restaurants[0].images.banner"],
    ["an item image path with a non-ASCII character", (d: any) => (d.restaurants[0].categories[0].items[0].imageUrl = "/bilder/rösti.jpg"), "restaurants[0].categories[0].items[0].imageUrl"],
    ["a translation in a language the menu lacks", (d: any) => (d.restaurants[1].categories[0].translations.fr = { name: "x" }), "restaurants[1].categories[0].translations.fr"],
    ["an unknown city", (d: any) => (d.restaurants[0].city = "atlantis"), "restaurants[0].city"],
    ["an unknown owner", (d: any) => (d.restaurants[0].owner = "nobody@example.com"), "restaurants[0].owner"],
    ["an unknown key", (d: any) => (d.restaurants[0].secretField = 1), "restaurants[0]"],
  ])("rejects %s", async (_label, mutate, path) => {
    const data = clone();
    mutate(data);
    const error = await failure(data);
    expect(error.issues.map((i) => i.path)).toContain(path);
  });

  it("enforces the owner's plan limits from lib/plans", async () => {
    const free = PLANS.find((p) => p.id === "free")!;
    const data = clone();
    const post = data.restaurants.find((r: any) => r.slug === "wirtshaus-zur-post");

    const scope = { restaurants: ["wirtshaus-zur-post"] };
    const tooManyLanguages = structuredClone(post);
    tooManyLanguages.languages = ["de", "en", "fr", "it", "es"].slice(0, free.limits.languages! + 1);
    expect((await failure({ scope, restaurants: [tooManyLanguages] })).issues[0].message).toMatch(/languages; the Free plan allows/);

    const tooManyItems = structuredClone(post);
    tooManyItems.categories[0].items = Array.from({ length: free.limits.menuItems! + 1 }, (_, i) => ({ name: `Dish ${i}`, price: 5 }));
    expect((await failure({ scope, restaurants: [tooManyItems] })).issues[0].message).toMatch(/menu items; the Free plan allows/);

    const second = { ...structuredClone(post), slug: "wirtshaus-zwei" };
    expect((await failure({ scope: { restaurants: ["wirtshaus-zur-post"] }, restaurants: [second] })).issues[0].message).toMatch(/restaurants; the Free plan allows/);
  });
});

// Issue 15.12: shape errors and value checks (decimals, compareAtPrice, variants) in one pass.
describe("every problem of a file in one run", () => {
  it("lists shape errors and value errors together, even in the same restaurant", async () => {
    const data = clone();
    const zunft = data.restaurants[0]; // CHF
    zunft.secretField = 1; // shape: unknown key
    zunft.categories[0].items[0].price = "fourteen"; // shape: not a number
    zunft.categories[0].items[1].price = 10.005; // value: more decimals than CHF
    zunft.categories[0].items[1].compareAtPrice = 9; // value: lower than the price
    zunft.categories[0].items[1].variants = [{ name: "Gross", price: 12.345 }]; // value: variant decimals
    const sushi = data.restaurants[1]; // JPY
    sushi.categories[0].items[0].price = 800.5; // value, in another restaurant
    data.restaurants[2].currency = "XYZ"; // shape
    const paths = (await failure(data)).issues.map((i) => i.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "restaurants[0]",
        "restaurants[0].categories[0].items[0].price",
        "restaurants[0].categories[0].items[1].price",
        "restaurants[0].categories[0].items[1].compareAtPrice",
        "restaurants[0].categories[0].items[1].variants[0].price",
        "restaurants[1].categories[0].items[0].price",
        "restaurants[2].currency",
      ]),
    );
  });

  it("reads a file with a byte-order mark, and reports bad JSON by line and column", async () => {
    const { mkdtempSync: tmp, writeFileSync } = await import("node:fs");
    const { spawnSync } = await import("node:child_process");
    const work = tmp(path.join(tmpdir(), "menu-import-cli-"));
    const good = path.join(work, "a-bom.json");
    const bad = path.join(work, "b-broken.json");
    const invalid = path.join(work, "c-invalid.json");
    writeFileSync(good, "\uFEFF" + JSON.stringify({ cuisines: [{ slug: "bom-test", name: "BOM", namePlural: "BOMs", tagline: "t" }] }, null, 2));
    writeFileSync(bad, '{\n  "cuisines": [\n    { "slug": "x" "name": "y" }\n  ]\n}\n');
    writeFileSync(invalid, JSON.stringify({ cuisines: [{ slug: "Not A Slug", name: "n", namePlural: "n", tagline: "t" }] }));
    const run = (...files: string[]) =>
      spawnSync(process.execPath, [path.join(import.meta.dirname, "../../node_modules/tsx/dist/cli.mjs"), "scripts/import.ts", ...files], {
        cwd: path.join(import.meta.dirname, "../.."),
        env: { ...process.env },
        encoding: "utf8",
      });
    const failed = run(good, bad, invalid);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(`${bad} (line 3, column 19): not valid JSON`);
    expect(failed.stderr).not.toMatch(/position \d+/);
    // The other files' problems come in the same run.
    expect(failed.stderr).toContain(`${invalid} cuisines[0].slug`);
    expect(failed.stderr).not.toContain(good);
    const ok = run(good);
    expect(ok.stderr + ok.stdout).toMatch(/Imported 0 restaurants .* 1 cuisines/);
    rmSync(work, { recursive: true, force: true });
  }, 60_000);
});

// Issue 46.7 and 46.9: schema errors placed in the file and quoted back; nothing of an owner's file
// reaches the operator's terminal as a control sequence.
describe("schema errors on the command line", () => {
  const runImport = async (name: string, text: string) => {
    const { mkdtempSync: tmp, writeFileSync } = await import("node:fs");
    const { spawnSync } = await import("node:child_process");
    const work = tmp(path.join(tmpdir(), "menu-import-cli-"));
    const file = path.join(work, name);
    writeFileSync(file, text);
    const run = spawnSync(process.execPath, [path.join(import.meta.dirname, "../../node_modules/tsx/dist/cli.mjs"), "scripts/import.ts", file], {
      cwd: path.join(import.meta.dirname, "../.."),
      env: { ...process.env },
      encoding: "utf8",
    });
    rmSync(work, { recursive: true, force: true });
    return { ...run, file };
  };

  it("gives line and column, the bad value and the value meant", async () => {
    const restaurant = { ...clone().restaurants[0], slug: "line-test" };
    restaurant.openingHours = { mon: "9:00-17:00", tuesday: "10:00-12:00" };
    restaurant.categories[0].items[0].allergens = ["milk", "nutz"];
    restaurant.categories[0].items[0].alergens = [];
    const text = `// a comment line\n${JSON.stringify({ restaurants: [restaurant] }, null, 2)}\n`;
    const lines = text.split("\n");
    const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const columnOf = (needle: string) => lines[lineOf(needle) - 1].indexOf(needle) + 1;
    const { status, stderr, file } = await runImport("hours.jsonc", text);
    expect(status).toBe(1);
    expect(stderr).toContain(`${file} [line-test] restaurants[0].openingHours.mon (line ${lineOf('"9:00-17:00"')}, column ${columnOf('"9:00-17:00"')}): HH:MM-HH:MM; got "9:00-17:00"`);
    expect(stderr).toContain(`(line ${lineOf('"tuesday"')}, column ${columnOf('"tuesday"')}): Unrecognized key: "tuesday" (did you mean "tue"?`);
    expect(stderr).toMatch(/allergens\[1\] \(line \d+, column \d+\): Invalid option: expected one of .*; got "nutz" \(did you mean "nuts"\?\)/);
    expect(stderr).toContain('Unrecognized key: "alergens" (did you mean "allergens"?');
    // the line quoted with a caret under the value, as for syntax errors
    const quoted = stderr.split("\n").findIndex((l) => l.trim() === `${lineOf('"9:00-17:00"')} | ${lines[lineOf('"9:00-17:00"') - 1]}`.trim());
    expect(quoted).toBeGreaterThan(0);
    expect(stderr.split("\n")[quoted + 1].indexOf("^")).toBe(stderr.split("\n")[quoted].indexOf('"9:00-17:00"'));
  }, 60_000);

  it("prints an owner's control characters escaped: slug label, message and quoted line", async () => {
    const restaurant = { ...clone().restaurants[0], slug: "evil\u001b]0;pwned\u0007\u001b[2J" };
    const { status, stderr } = await runImport("evil.json", JSON.stringify({ restaurants: [restaurant] }, null, 1));
    expect(status).toBe(1);
    expect(stderr).toContain("[evil\\x1b]0;pwned\\x07\\x1b[2J] restaurants[0].slug");
    // eslint-disable-next-line no-control-regex
    expect(stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    const broken = await runImport("broken.json", '{"restaurants": [\u001b[2J\u0007]}');
    expect(broken.status).toBe(1);
    expect(broken.stderr).toContain("\\x1b[2J\\x07");
    // eslint-disable-next-line no-control-regex
    expect(broken.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  }, 60_000);
});

describe("importer references", () => {
  it("names the file and entry of a duplicate and of a city in an unknown country", async () => {
    const error = await failure({
      countries: [{ slug: "austria", code: "AT", name: "Austria", language: "de" }],
      cities: [
        { slug: "graz", name: "Graz", country: "austria" },
        { slug: "graz", name: "Graz again", country: "austria" },
        { slug: "atlantis", name: "Atlantis", country: "nowhere" },
      ],
    });
    expect(error.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: "input.json", path: "cities[1]", message: expect.stringContaining("appears twice") }),
        expect.objectContaining({ file: "input.json", path: "cities[2].country", message: 'unknown country "nowhere"' }),
      ]),
    );
  });
});

// Issue 15.9: the public updatedAt (API, Markdown, sitemap lastmod, ETags) must not reveal when
// counters or private fields change.
const { findPublishedRestaurant, searchPublishedRestaurants } = await import("../../lib/data/restaurant-queries");
const { serializeRestaurant, serializeSearchResult } = await import("../../lib/serializers/restaurant");
const { listPublishedRestaurantsForIndex, siteUpdatedAt } = await import("../../lib/pages/site-queries");

describe("the published updatedAt", () => {
  const slug = "zunfthaus-am-see";
  // Straight from the data layer and the serializer (no in-process cache in between).
  const published = async () => serializeRestaurant((await findPublishedRestaurant(slug))!.row).updatedAt;
  const pause = () => new Promise((r) => setTimeout(r, 15));

  it("stays put when only views, scans, internal notes or an item's cost change", async () => {
    await importMenus([{ name: "menus.json", data: fixture }]);
    const before = await published();
    await pause();
    const data = clone();
    const zunft = data.restaurants.find((r: any) => r.slug === slug);
    zunft.stats = { views: 123456, qrScans: 654 };
    zunft.internalNotes = "renegotiate the lease";
    zunft.categories[0].items[0].cost = 9.9;
    zunft.categories[0].internalNotes = "new supplier";
    await importMenus([{ name: "private-only.json", data: { scope: { restaurants: [slug] }, restaurants: [zunft] } }]);
    // A dashboard's counter bump, straight on the row.
    await db().restaurant.update({ where: { slug }, data: { viewCount: { increment: 1 }, qrScanCount: { increment: 1 } } });
    expect(await published()).toBe(before);
    expect((await listPublishedRestaurantsForIndex()).find((r) => r.slug === slug)?.updatedAt).toBe(before);
    const search = await searchPublishedRestaurants({ q: "zunfthaus", limit: 5 });
    expect(search.rows.map(serializeSearchResult).find((r) => r.slug === slug)?.updatedAt).toBe(before);
    expect(await siteUpdatedAt()).toBe((await listPublishedRestaurantsForIndex()).map((r) => r.updatedAt).sort().at(-1));
  });

  it("moves when a published field changes", async () => {
    const before = await published();
    await pause();
    const data = clone();
    const zunft = data.restaurants.find((r: any) => r.slug === slug);
    zunft.categories[0].items[0].price = 15;
    await importMenus([{ name: "price.json", data: { scope: { restaurants: [slug] }, restaurants: [zunft] } }]);
    const after = await published();
    expect(after > before).toBe(true);
    await importMenus([{ name: "menus.json", data: fixture }]);
  });
});

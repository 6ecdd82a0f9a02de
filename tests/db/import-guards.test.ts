// Issue 26: an import cannot take over a restaurant or silently rewrite the shared directory, and
// its error messages say what is allowed. Against a real (temporary) SQLite database.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "menu-guards-"));
process.env.DATABASE_URL = `file:${path.join(dir, "guards.db")}`;

const { setupDatabase } = await import("../../lib/db/setup");
const { db, disconnectDb } = await import("../../lib/db/prisma");
const { importMenus, validateImport, ImportError } = await import("../../lib/import/import-menus");

const fixture = JSON.parse(readFileSync(path.join(ROOT, "tests/fixtures/menus.json"), "utf8"));
const { scope: _fixtureScope, ...unscoped } = fixture;
const restaurant = (slug: string) => structuredClone(fixture.restaurants.find((r: any) => r.slug === slug));

async function issuesOf(data: unknown, options = {}) {
  try {
    await importMenus([{ name: "taverna.json", data }], options);
  } catch (error) {
    if (error instanceof ImportError) return error.issues;
    throw error;
  }
  throw new Error("import unexpectedly succeeded");
}

const stored = (slug: string) => db().restaurant.findUniqueOrThrow({ where: { slug }, include: { owner: true, categories: { include: { items: true } } } });

beforeAll(async () => {
  await setupDatabase();
});

// Every test starts from the fixture as it is (a reset: whatever an earlier test changed goes back).
beforeEach(async () => {
  await importMenus([{ name: "menus.json", data: fixture }], { updateDirectory: true, allowOwnerChange: true, replaceOutsideScope: true });
});

afterAll(async () => {
  await disconnectDb();
  rmSync(dir, { recursive: true, force: true });
});

describe("an import cannot take over a restaurant", () => {
  /** Another operator's file that happens to use a slug that is taken (issue 26, point 1). */
  const takeover = () => {
    const r = restaurant("wirtshaus-zur-post"); // belongs to owner.free@example.com
    r.owner = "kyma@example.com";
    r.name = "Taverna Kyma";
    r.categories = [{ name: "Meze", items: [{ name: "Octopus", price: 16.5 }] }];
    return { owners: [{ email: "kyma@example.com", name: "Kyma", plan: "pro" }], restaurants: [r] };
  };

  it("refuses to give an existing restaurant another owner, and changes nothing", async () => {
    const before = await stored("wirtshaus-zur-post");
    const issues = await issuesOf(takeover());
    const owner = issues.find((i) => i.path === "restaurants[0].owner");
    expect(owner?.restaurant).toBe("wirtshaus-zur-post");
    expect(owner?.message).toContain("owner.free@example.com");
    expect(owner?.message).toContain("--allow-owner-change");
    const after = await stored("wirtshaus-zur-post");
    expect(after.name).toBe(before.name);
    expect(after.owner.email).toBe("owner.free@example.com");
    expect(after.categories.flatMap((c) => c.items).length).toBe(before.categories.flatMap((c) => c.items).length);
    expect(await db().account.count({ where: { email: "kyma@example.com" } })).toBe(0);
  });

  it("refuses the owner change even when the file's scope names the restaurant", async () => {
    const issues = await issuesOf({ ...takeover(), scope: { restaurants: ["wirtshaus-zur-post"] } });
    expect(issues.map((i) => i.path)).toEqual(["restaurants[0].owner"]);
  });

  it("gives the restaurant the new owner when the operator says so", async () => {
    const summary = await importMenus([{ name: "taverna.json", data: { ...takeover(), scope: { restaurants: ["wirtshaus-zur-post"] } } }], { allowOwnerChange: true });
    expect(summary.plan.ownerChanges).toEqual([{ slug: "wirtshaus-zur-post", from: "owner.free@example.com", to: "kyma@example.com" }]);
    expect((await stored("wirtshaus-zur-post")).owner.email).toBe("kyma@example.com");
  });

  it("refuses to replace restaurants the file's scope does not name, listing every slug", async () => {
    const data = { restaurants: [restaurant("zunfthaus-am-see"), restaurant("sushi-kaze"), { ...restaurant("sushi-kaze"), slug: "brand-new-place" }] };
    const issues = await issuesOf(data);
    const outside = issues.filter((i) => i.path.endsWith(".slug"));
    expect(outside.map((i) => i.restaurant)).toEqual(["zunfthaus-am-see", "sushi-kaze"]);
    for (const i of outside) expect(i.message).toMatch(/"scope".*--replace-outside-scope/);
    expect(await db().restaurant.count({ where: { slug: "brand-new-place" } })).toBe(0);
  });

  it("replaces restaurants its scope names by slug or by owner", async () => {
    const zunft = restaurant("zunfthaus-am-see");
    zunft.name = "Zunfthaus (scoped by slug)";
    await importMenus([{ name: "a.json", data: { scope: { restaurants: ["zunfthaus-am-see"] }, restaurants: [zunft] } }]);
    expect((await stored("zunfthaus-am-see")).name).toBe("Zunfthaus (scoped by slug)");
    zunft.name = "Zunfthaus (scoped by owner)";
    const summary = await importMenus([{ name: "b.json", data: { scope: { owners: ["Owner.Pro@example.com"] }, restaurants: [zunft] } }]);
    expect(summary.plan.replaced).toEqual(["zunfthaus-am-see"]);
    expect((await stored("zunfthaus-am-see")).name).toBe("Zunfthaus (scoped by owner)");
  });

  it("takes the scope from each restaurant's own file", async () => {
    const scoped = { scope: { restaurants: ["zunfthaus-am-see"] }, restaurants: [restaurant("zunfthaus-am-see")] };
    const other = { restaurants: [restaurant("sushi-kaze")] };
    const error = await importMenus([
      { name: "scoped.json", data: scoped },
      { name: "other.json", data: other },
    ]).catch((e) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect(error.issues.map((i: any) => `${i.file} ${i.restaurant}`)).toEqual(["other.json sushi-kaze"]);
  });

  it("replaces outside the scope when the operator says so, and reports it", async () => {
    const summary = await importMenus([{ name: "c.json", data: { restaurants: [restaurant("sushi-kaze")] } }], { replaceOutsideScope: true });
    expect(summary.plan.outsideScope).toEqual(["sushi-kaze"]);
  });

  it("adds restaurants with new slugs without any scope", async () => {
    const fresh = { ...restaurant("sushi-kaze"), slug: "sushi-kaze-zwei" };
    const summary = await importMenus([{ name: "new.json", data: { restaurants: [fresh] } }]);
    expect(summary.plan.added).toEqual(["sushi-kaze-zwei"]);
    expect(summary.plan.replaced).toEqual([]);
    await db().restaurant.delete({ where: { slug: "sushi-kaze-zwei" } });
  });
});

describe("directory entries an import changes", () => {
  it("refuses a conflicting re-declaration of a shared entry, naming the fields", async () => {
    const issues = await issuesOf({ cuisines: [{ slug: "swiss", name: "Swiss", namePlural: "Swiss restaurants", tagline: "Only fondue." }] });
    expect(issues).toHaveLength(1);
    expect(issues[0].path).toBe("cuisines[0]");
    expect(issues[0].message).toContain('the cuisine "swiss" already exists');
    expect(issues[0].message).toContain('tagline "Fondue, raclette, rösti and Zürcher Geschnetzeltes in wood-panelled Stuben." → "Only fondue."');
    expect(issues[0].message).toContain("--update-directory");
    expect((await db().cuisine.findUniqueOrThrow({ where: { slug: "swiss" } })).tagline).not.toBe("Only fondue.");
  });

  it("accepts an identical re-declaration and reports only what is new", async () => {
    const { plan } = await validateImport([
      {
        name: "d.json",
        data: { cuisines: [...fixture.cuisines, { slug: "greek", name: "Greek", namePlural: "Greek restaurants", tagline: "Meze and grills." }], cities: fixture.cities, countries: fixture.countries },
      },
    ]);
    expect(plan.directory).toEqual([{ kind: "cuisine", slug: "greek", action: "added", changes: [] }]);
  });

  it("changes entries when told, and reports each change", async () => {
    const summary = await importMenus(
      [{ name: "e.json", data: { cities: [{ slug: "zurich", name: "Zürich", country: "switzerland", diningScene: "New text." }], countries: [{ slug: "japan", code: "JP", name: "Nippon", language: "ja" }] } }],
      { updateDirectory: true },
    );
    expect(summary.plan.directory).toEqual([
      { kind: "country", slug: "japan", action: "changed", changes: [{ field: "name", from: "Japan", to: "Nippon" }] },
      { kind: "city", slug: "zurich", action: "changed", changes: [{ field: "diningScene", from: expect.any(String), to: "New text." }] },
    ]);
    // A city declared without timeZone keeps the stored one: no change to report or refuse.
    expect((await db().city.findUniqueOrThrow({ where: { slug: "zurich" } })).timeZone).toBe("Europe/Zurich");
  });
});

describe("errors that say what is allowed", () => {
  const withItem = (patch: Record<string, unknown>) => {
    const zunft = restaurant("zunfthaus-am-see");
    Object.assign(zunft.categories[0].items[0], patch);
    return { ...unscoped, scope: fixture.scope, restaurants: [zunft] };
  };

  it('hints that a price is a JSON number with a decimal point ("12,50" → 12.5)', async () => {
    const [issue] = await issuesOf(withItem({ price: "12,50" }));
    expect(issue.path).toBe("restaurants[0].categories[0].items[0].price");
    expect(issue.message).toContain('"12,50"');
    expect(issue.message).toContain("JSON numbers with a decimal point");
    expect(issue.message).toContain("12.5");
  });

  it.each([
    ["a space", "/images/my logo.png", /space.*%20/],
    ["a relative path", "images/logo.png", /relative path.*starts with \/.*\/images\/logo\.png/],
    ["an ftp URL", "ftp://files.example.org/logo.png", /ftp: scheme is not allowed/],
    ["a scheme-relative URL", "//cdn.example.org/logo.png", /scheme-relative/],
  ])("explains what an image may be when it has %s", async (_label, value, reason) => {
    const zunft = restaurant("zunfthaus-am-see");
    zunft.images.logo = value;
    const [issue] = await issuesOf({ scope: fixture.scope, restaurants: [zunft] });
    expect(issue.path).toBe("restaurants[0].images.logo");
    expect(issue.message).toMatch(reason);
    expect(issue.message).toContain("https://");
    expect(issue.message).toContain("starting with /");
    expect(issue.message).not.toBe("Invalid input");
  });

  it("keeps accepting http(s) URLs and site paths", async () => {
    const zunft = restaurant("zunfthaus-am-see");
    zunft.images = { logo: "/images/taverna%20kyma/logo.svg?v=2", banner: "HTTPS://Images.Example.org/banner.jpg" };
    await importMenus([{ name: "ok.json", data: { scope: fixture.scope, restaurants: [zunft] } }]);
    const row = await stored("zunfthaus-am-see");
    expect([row.logoUrl, row.bannerUrl]).toEqual(["/images/taverna%20kyma/logo.svg?v=2", "https://images.example.org/banner.jpg"]);
  });

  it("names the field meant by a misspelt key (timezone → timeZone)", async () => {
    const issues = await issuesOf({ cities: [{ slug: "athens", name: "Athens", country: "switzerland", timezone: "Europe/Athens" }] });
    expect(issues[0].message).toContain('did you mean "timeZone"');
  });

  it("says that a day may not be null", async () => {
    const zunft = restaurant("zunfthaus-am-see");
    zunft.openingHours = { mon: null, tue: "11:30-14:00" };
    const [issue] = await issuesOf({ scope: fixture.scope, restaurants: [zunft] });
    expect(issue.path).toBe("restaurants[0].openingHours.mon");
    expect(issue.message).toMatch(/a day may not be null: leave a closed day out/);
  });
});

describe("npm run import, as an operator runs it", () => {
  const work = mkdtempSync(path.join(tmpdir(), "menu-guards-cli-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/import.ts", ...args], { cwd: ROOT, env: { ...process.env }, encoding: "utf8" });

  it("refuses a takeover, lists every slug, and goes ahead only with the flags named for it", async () => {
    const file = path.join(work, "taverna.json");
    const a = restaurant("zunfthaus-am-see");
    const b = restaurant("sushi-kaze");
    for (const r of [a, b]) r.owner = "kyma@example.com";
    writeFileSync(file, JSON.stringify({ owners: [{ email: "kyma@example.com", name: "Kyma", plan: "pro" }], restaurants: [a, b] }, null, 2));

    const refused = run(file);
    expect(refused.status).toBe(1);
    for (const slug of ["zunfthaus-am-see", "sushi-kaze"]) {
      expect(refused.stderr).toContain(`[${slug}] restaurants[${slug === "sushi-kaze" ? 1 : 0}].owner`);
      expect(refused.stderr).toContain(`[${slug}] restaurants[${slug === "sushi-kaze" ? 1 : 0}].slug`);
    }
    expect((await stored("zunfthaus-am-see")).owner.email).toBe("owner.pro@example.com");

    const dry = run("--dry-run", "--allow-owner-change", "--replace-outside-scope", file);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain("nothing was written");
    expect(dry.stdout).toContain("owner of zunfthaus-am-see: owner.pro@example.com → kyma@example.com");
    expect((await stored("zunfthaus-am-see")).owner.email).toBe("owner.pro@example.com");

    const done = run("--allow-owner-change", "--replace-outside-scope", file);
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/Imported 2 restaurants \(0 new, 2 replaced/);
    expect((await stored("zunfthaus-am-see")).owner.email).toBe("kyma@example.com");
  }, 120_000); // three runs of the importer: a minute on a loaded machine

  it("refuses an unknown option instead of ignoring it", () => {
    const result = run("--force", path.join(work, "taverna.json"));
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unknown option: --force");
  });

  it("quotes the line of a JSON syntax error under its location", () => {
    const file = path.join(work, "broken.json");
    writeFileSync(file, '{\n  "restaurants": [\n    { "slug": "a", "allergens": ["fish",] }\n  ]\n}\n');
    const result = run(file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${file} (line 3, column 40): not valid JSON: a comma after the last element`);
    expect(result.stderr).toContain('3 |     { "slug": "a", "allergens": ["fish",] }');
  });
});

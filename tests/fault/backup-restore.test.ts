// Issue 26, point 5: `npm run db:backup` taken while readers read and imports write, restored with
// `npm run db:restore`, and served by a second server, is the live service at one instant of the
// imports, restaurant by restaurant. Each import round k rewrites the descriptions of two
// restaurants to "round-k" and adds a restaurant load-k: the backup must hold load-1…load-k for
// one k (within the rounds that ran while it was taken), those two restaurants complete at round
// k, and every other restaurant exactly as the live API serves it.
// On SQLite (SQLite's online backup) and, when FAULT_POSTGRES_URL is set (CI), on PostgreSQL
// (pg_dump / pg_restore through the same two commands).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchPostgres } from "../support/scratch-postgres";
import { FIXTURE, ROOT, startTestServer, type TestServer } from "../support/test-server";

const TOUCHED = ["zunfthaus-am-see", "sushi-kaze"];
const fixture = JSON.parse(readFileSync(FIXTURE, "utf8"));

/** Import round k: the two restaurants at version k, and one more restaurant, load-k, of its own owner. */
function round(k: number) {
  const restaurants = fixture.restaurants
    .filter((r: any) => TOUCHED.includes(r.slug))
    .map((r: any) => {
      const copy = structuredClone(r);
      copy.description = `round-${k}`;
      for (const c of copy.categories) for (const item of c.items) item.description = `round-${k}`;
      return copy;
    });
  const extra = { ...structuredClone(fixture.restaurants.find((r: any) => r.slug === "sushi-kaze")), slug: `load-${k}`, name: `Load ${k}`, owner: `load-${k}@example.com` };
  return {
    scope: { restaurants: TOUCHED },
    owners: [{ email: `load-${k}@example.com`, name: `Load ${k}`, plan: "pro" }],
    restaurants: [...restaurants, extra],
  };
}

function npmScript(script: string, args: string[], databaseUrl: string) {
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), script, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`${script} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

async function json(server: TestServer, path: string) {
  const res = await fetch(server.baseUrl + path);
  expect(res.status, path).toBe(200);
  // The two servers differ only in their own address.
  return JSON.parse((await res.text()).replaceAll(server.baseUrl, "{base}"));
}

/** Every published restaurant's slug, through the API's own paging. */
async function allSlugs(server: TestServer): Promise<string[]> {
  const slugs: string[] = [];
  let cursor = "";
  for (;;) {
    const page = await json(server, `/api/public/restaurants?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    slugs.push(...page.results.map((r: { slug: string }) => r.slug));
    if (!page.nextCursor) return slugs.sort();
    cursor = page.nextCursor;
  }
}

const engines: Array<[string, string]> = [["SQLite", ""]];
if (process.env.FAULT_POSTGRES_URL) engines.push(["PostgreSQL", process.env.FAULT_POSTGRES_URL]);

describe.each(engines)("a backup taken under read and import load, restored (%s)", (engine, postgresUrl) => {
  let live: TestServer;
  let restored: TestServer | undefined;
  const work = mkdtempSync(path.join(tmpdir(), "menu-backup-"));
  const target = postgresUrl ? scratchPostgres(postgresUrl, "menu_restore") : undefined;

  beforeAll(async () => {
    // No in-process caches: every read reaches the database the imports write to.
    live = await startTestServer({ postgresUrl, extraEnv: { MENU_CACHE_TTL_MS: "0" } });
    process.env.DATABASE_URL = live.databaseUrl;
    // Settings are read once per process (lib/config.ts): read them again for this database.
    (await import("../../lib/config")).resetConfig();
    await target?.create();
  });
  afterAll(async () => {
    const { disconnectDb } = await import("../../lib/db/prisma");
    await disconnectDb();
    await restored?.stop();
    await live?.stop();
    await target?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it("holds the live service at one instant, restaurant by restaurant", async () => {
    const { importMenus } = await import("../../lib/import/import-menus");
    let rounds = 0;
    let loading = true;
    // The importer, in this process, round after round against the live server's database.
    const importer = (async () => {
      while (loading) {
        await importMenus([{ name: `round-${rounds + 1}.json`, data: round(rounds + 1) }]);
        rounds++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    // Readers of the live API meanwhile. They are the load, not what is tested: on a busy 2-core
    // machine a menu read on PostgreSQL now and then cannot start its transaction within Prisma's
    // 2 s (500 internal_error, safe to retry); anything else but 200 fails the test.
    let reads = 0;
    const failedReads: number[] = [];
    const readers = [0, 1].map(async (n) => {
      for (let i = n; loading; i++) {
        const res = await fetch(`${live.baseUrl}/api/public/restaurants/${TOUCHED[i % 2]}`);
        const body = await res.text();
        if (res.status !== 200) {
          expect(res.status, body).toBe(500);
          expect(JSON.parse(body).error).toBe("internal_error");
          failedReads.push(res.status);
        }
        reads++;
      }
    });
    for (const deadline = Date.now() + 20_000; rounds < 3 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
    expect(rounds).toBeGreaterThanOrEqual(3);

    const backup = path.join(work, engine === "SQLite" ? "backup.db" : "backup.dump");
    const roundsBefore = rounds;
    const readsBefore = reads;
    // spawnSync would stall this process's importer and readers: run the CLI asynchronously.
    const { spawn } = await import("node:child_process");
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/db-backup.ts", backup], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: live.databaseUrl },
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`db:backup failed (${code}):\n${out}`))));
    });
    const roundsAfter = rounds;
    // Under load: imports and reads went on while the backup was taken.
    expect(roundsAfter, output).toBeGreaterThan(roundsBefore);
    expect(reads).toBeGreaterThan(readsBefore);
    if (engine === "SQLite") expect(output).toMatch(/Backed up .* restaurants, .* integrity ok/);

    loading = false;
    await Promise.all([importer, ...readers]);

    const restoredUrl = target ? target.url : `file:${path.join(work, "restored.db")}`;
    expect(npmScript("scripts/db-restore.ts", [backup], restoredUrl)).toContain(`Restored ${backup}`);
    restored = await startTestServer({ databaseUrl: restoredUrl, mode: live.mode });

    const liveSlugs = await allSlugs(live);
    const restoredSlugs = await allSlugs(restored);
    const loadOf = (slugs: string[]) => slugs.filter((s) => /^load-\d+$/.test(s)).map((s) => Number(s.slice(5))).sort((a, b) => a - b);
    const k = loadOf(restoredSlugs).length;
    // load-1 … load-k exactly: one instant of the imports, within the rounds the backup overlapped.
    expect(loadOf(restoredSlugs)).toEqual(Array.from({ length: k }, (_, i) => i + 1));
    expect(k).toBeGreaterThanOrEqual(roundsBefore);
    expect(k).toBeLessThanOrEqual(roundsAfter);
    expect(loadOf(liveSlugs).length).toBe(rounds);
    // The same restaurants otherwise.
    const others = (slugs: string[]) => slugs.filter((s) => !/^load-\d+$/.test(s));
    expect(others(restoredSlugs)).toEqual(others(liveSlugs));

    let compared = 0;
    for (const slug of restoredSlugs) {
      const [a, b] = await Promise.all([json(live, `/api/public/restaurants/${slug}`), json(restored, `/api/public/restaurants/${slug}`)]);
      if (TOUCHED.includes(slug)) {
        // Complete at round k: every description of the menu from the same import.
        const descriptions = new Set([b.description, ...b.categories.flatMap((c: any) => c.items.map((i: any) => i.description))]);
        expect([...descriptions], slug).toEqual([`round-${k}`]);
        expect(a.description).toBe(`round-${rounds}`);
        expect({ ...b, description: null, updatedAt: null, categories: null }).toEqual({ ...a, description: null, updatedAt: null, categories: null });
      } else {
        expect(b, slug).toEqual(a);
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
    expect(failedReads.length).toBeLessThan(Math.max(2, reads / 10));
    console.log(
      `${engine}: backup taken during import rounds ${roundsBefore}→${roundsAfter} (${reads - readsBefore} reads meanwhile) holds round ${k}; ` +
        `${compared} restaurants compared with the live API (which is at round ${rounds}); ${failedReads.length} of ${reads} reads answered 500.`,
    );
  }, 240_000);
});

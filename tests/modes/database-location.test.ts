// Issue 26, point 4: one embedded database for every run mode and command. The standalone server
// (`node .next/standalone/server.js`, which changes into .next/standalone before anything runs)
// and `npm run import` (from the project folder) are given the same relative SQLite URL — the
// shape of the default `file:./data/menu.db` — and must open the same file: the project's, never
// one inside the build output, which `npm run build` empties.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE, ROOT, startTestServer, type TestServer } from "../support/test-server";

// A folder of its own under the project's data/, so a developer's data/menu.db is left alone.
const folder = `data/test-location-${process.pid}`;
const relativeUrl = `file:./${folder}/menu.db`;

let server: TestServer;
beforeAll(async () => {
  // No in-process caches: the 404 asked before the import must not be served from memory after it.
  server = await startTestServer({ mode: "standalone", databaseUrl: relativeUrl, extraEnv: { MENU_CACHE_TTL_MS: "0" } });
}, 300_000);
afterAll(async () => {
  await server?.stop();
  rmSync(path.join(ROOT, folder), { recursive: true, force: true });
  rmSync(path.join(ROOT, ".next/standalone", folder), { recursive: true, force: true });
});

describe("the standalone server and npm run import use one database file", () => {
  it("creates the database in the project folder, not in .next/standalone", () => {
    expect(existsSync(path.join(ROOT, folder, "menu.db"))).toBe(true);
    expect(existsSync(path.join(ROOT, ".next/standalone", folder))).toBe(false);
  });

  it("resolves the project folder at run time without the build tracing it into the standalone output", () => {
    // A path built from process.cwd() without turbopackIgnore makes the build copy the whole
    // project (tests, README, a local data/ folder) into .next/standalone.
    for (const name of ["tests", "README.md", "data", "examples"]) expect(existsSync(path.join(ROOT, ".next/standalone", name)), name).toBe(false);
  });

  it("serves what npm run import wrote, without a restart", async () => {
    const slug = "wirtshaus-zur-post"; // in tests/fixtures/menus.json, not in the demo data
    expect((await fetch(`${server.baseUrl}/api/public/restaurants/${slug}`)).status).toBe(404);
    const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/import.ts", FIXTURE], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: relativeUrl },
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
    expect((await fetch(`${server.baseUrl}/api/public/restaurants/${slug}`)).status).toBe(200);
    expect(result.stdout).toContain(`Database: ${path.join(ROOT, folder, "menu.db")}`);
    const menu = await (await fetch(`${server.baseUrl}/api/public/restaurants/${slug}`)).json();
    expect(menu.name).toBe("Wirtshaus zur Post");
  }, 90_000);
});

// One load per page miss (issue 29.3): an uncached menu page costs the database what the uncached
// JSON menu costs, counted by the server's own query metric (menu_db_query_duration_seconds, one
// observation per Prisma operation; METRICS_PORT). The handler's pre-load and the render read the
// same cache entries, and where the restaurant is (country code, time zone) comes with the menu's
// own query; it was once a second, uncached query at every load, twice per page miss.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  // The change watch reads the feed head once a second while the process serves, whatever it
  // serves (lib/cache/change-watch.ts): off, so that every counted operation is the pages' own.
  server = await startTestServer({ postgresUrl: "", extraEnv: { METRICS_PORT: String(metricsPort), RATE_LIMIT_PER_MINUTE: "0", CHANGE_WATCH: "off" } });
}, 300_000);

afterAll(() => server?.stop());

/** Prisma operations so far, by "model.operation". */
async function queries(): Promise<Map<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/^menu_db_query_duration_seconds_count\{([^}]*)\} (\d+)$/gm)) {
    const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    counts.set(`${labels.model}.${labels.operation}`, Number(m[2]));
  }
  return counts;
}

function delta(before: Map<string, number>, after: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, n] of after) if (n - (before.get(key) ?? 0) > 0) out[key] = n - (before.get(key) ?? 0);
  return out;
}

async function ok(path: string, accept: string): Promise<void> {
  const res = await fetch(server.baseUrl + path, { headers: { accept } });
  expect(res.status, path).toBe(200);
  await res.arrayBuffer();
}

describe("database queries of an uncached menu", () => {
  it("a menu page costs what the JSON menu costs", async () => {
    // What every page shares (the directory, the site's date) is read once, by a first page.
    await ok("/alpenstuebli-naegeli", "text/html");
    await ok("/api/public/restaurants/alpenstuebli-naegeli", "application/json");

    const q0 = await queries();
    await ok("/api/public/restaurants/zunfthaus-am-see", "application/json");
    const q1 = await queries();
    await ok("/forno-rosso-muenchen", "text/html");
    const q2 = await queries();
    await ok("/izakaya-tomoshibi/ja", "text/html");
    const q3 = await queries();

    const json = delta(q0, q1);
    expect(Object.values(json).reduce((a, b) => a + b, 0), JSON.stringify(json)).toBeGreaterThan(0);
    expect(delta(q1, q2), "a menu page in its default language").toEqual(json);
    expect(delta(q2, q3), "a menu page in another language").toEqual(json);
  });
});

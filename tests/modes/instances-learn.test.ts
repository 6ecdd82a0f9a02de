// Issue 28.5: every instance learns of every import, without a call to each. Two instances of one
// build on one database behind a round-robin proxy; both have served (and cached: in process, and
// as ISR renders) a menu as JSON, HTML and Markdown. After an import that renames it — no
// revalidation call at all — every response from either instance shows the new name within 2 s
// (lib/cache/change-watch.ts). On SQLite, and on PostgreSQL when MODES_POSTGRES_URL (npm test's
// modes stage) or TEST_POSTGRES_URL is set.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, useDatabase } from "../support/feed-import";
import { startTestServer, type TestServer } from "../support/test-server";

const SLUG = "zunfthaus-am-see";
const postgresUrl = process.env.MODES_POSTGRES_URL || process.env.TEST_POSTGRES_URL || "";
const engines = ["sqlite", ...(postgresUrl ? ["postgresql"] : [])] as const;

describe.each(engines)("two instances on one %s database", (engine) => {
  let proxy: Server;
  let proxyUrl = "";
  const instances: TestServer[] = [];
  let importer: Awaited<ReturnType<typeof useDatabase>>;

  beforeAll(async () => {
    let next = 0;
    proxy = createServer((req, res) => {
      const target = new URL(instances[next++ % instances.length].baseUrl);
      const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-test-instance": target.port });
        answer.pipe(res);
      });
      upstream.on("error", () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const settings = { mode: "standalone" as const, postgresUrl: engine === "sqlite" ? "" : postgresUrl, extraEnv: { PUBLIC_BASE_URL: proxyUrl } };
    const first = await startTestServer(settings);
    instances.push(first, await startTestServer({ ...settings, databaseUrl: first.databaseUrl }));
    importer = await useDatabase(first.databaseUrl);
  }, 600_000);

  afterAll(async () => {
    await importer?.disconnect();
    await Promise.all(instances.map((i) => i.stop()));
    await new Promise((resolve) => proxy?.close(resolve));
  });

  /** Each surface twice from each instance: which name it shows. */
  async function names(): Promise<{ surface: string; instance: string | null; name: string }[]> {
    const out = [];
    for (const [surface, path, accept] of [
      ["json", `/api/public/restaurants/${SLUG}`, "application/json"],
      ["html", `/${SLUG}`, "text/html"],
      ["markdown", `/${SLUG}.md`, "text/markdown"],
    ]) {
      for (let i = 0; i < 4; i++) {
        const res = await fetch(proxyUrl + path, { headers: { accept } });
        const body = await res.text();
        expect(res.status, `${surface} ${path}`).toBe(200);
        const name = body.includes("Zunfthaus am See (renamed)") ? "renamed" : body.includes("Zunfthaus am See") ? "original" : "neither";
        out.push({ surface, instance: res.headers.get("x-test-instance"), name });
      }
    }
    return out;
  }

  it("after an import, every response from either instance shows the new menu within 2 s", async () => {
    // Both instances serve, and keep, the current menu in every representation.
    for (const answer of await names()) expect(answer.name, `${answer.surface} from ${answer.instance}`).toBe("original");
    expect(new Set((await names()).map((a) => a.instance)).size).toBe(2);

    const data = fixture();
    data.restaurants.find((r) => r.slug === SLUG)!.name = "Zunfthaus am See (renamed)";
    await importer.importData(data);
    const imported = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const answers = await names();
    for (const answer of answers) expect(answer.name, `${answer.surface} from instance ${answer.instance}, ${Date.now() - imported} ms after the import`).toBe("renamed");
    expect(new Set(answers.map((a) => a.instance)).size).toBe(2);
  }, 120_000);
});

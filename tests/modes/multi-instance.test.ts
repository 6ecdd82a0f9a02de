// A serverless-style deployment, simulated: two instances of one build (the standalone server, as
// a platform or a container runs it) behind a round-robin proxy, sharing one database, with
// nothing configured but DATABASE_URL and PUBLIC_BASE_URL (the proxy's address). Every page, twin
// and API answer is the same whichever instance serves it — in particular no instance refuses the
// other's page renders, which once turned every HTML page into a 404.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";

let proxy: Server;
let proxyUrl = "";
const instances: TestServer[] = [];
const servedBy: number[] = [];

/** Alternates between the instances; records which one answered each request. */
function startProxy(): Promise<void> {
  let next = 0;
  proxy = createServer((req, res) => {
    const index = next++ % instances.length;
    servedBy.push(index);
    const target = new URL(instances[index].baseUrl);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, "x-forwarded-host": req.headers.host, "x-forwarded-proto": "http" } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-test-instance": String(index) });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
}

beforeAll(async () => {
  await startProxy();
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const settings = { mode: "standalone" as const, postgresUrl: "", extraEnv: { PUBLIC_BASE_URL: proxyUrl } };
  const first = await startTestServer(settings);
  instances.push(first);
  instances.push(await startTestServer({ ...settings, databaseUrl: first.databaseUrl }));
}, 300_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  await new Promise((resolve) => proxy?.close(resolve));
});

/** The same request four times through the proxy: twice from each instance. */
async function fourTimes(path: string, accept = "text/html") {
  const answers = [];
  for (let i = 0; i < 4; i++) {
    const res = await fetch(proxyUrl + path, { headers: { accept }, redirect: "manual" });
    answers.push({ status: res.status, instance: res.headers.get("x-test-instance"), etag: res.headers.get("etag"), type: res.headers.get("content-type"), body: await res.text() });
  }
  return answers;
}

describe("two instances of one build behind a round-robin proxy, nothing configured", () => {
  it.each(["/", "/alpenstuebli-naegeli", "/alpenstuebli-naegeli/fr", "/plans", "/locations", "/locations/switzerland/zurich", "/cuisines", "/developers", "/search?q=pizza"])(
    "serves the HTML page %s from either instance, identically",
    async (path) => {
      const answers = await fourTimes(path);
      expect(new Set(answers.map((a) => a.instance))).toEqual(new Set(["0", "1"]));
      for (const a of answers) {
        expect(a.status, `${path} from instance ${a.instance}`).toBe(200);
        expect(a.type).toBe("text/html; charset=utf-8");
      }
      expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
      // Links and canonical URLs name the deployment's address, never an instance's.
      for (const instance of instances) expect(answers[0].body).not.toContain(instance.baseUrl);
    },
  );

  it("answers an unknown restaurant with the 404 page from either instance", async () => {
    for (const a of await fourTimes("/no-such-restaurant-anywhere")) {
      expect(a.status).toBe(404);
      expect(a.body).toContain("<html");
    }
  });

  it.each([
    ["/alpenstuebli-naegeli.md", "text/markdown"],
    ["/api/public/restaurants/alpenstuebli-naegeli", "application/json"],
    ["/api/public/restaurants?q=pizza", "application/json"],
  ])("serves %s identically from either instance", async (path, type) => {
    const answers = await fourTimes(path, "*/*");
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.type).toContain(type);
    }
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it("keeps the internal renders private on every instance", async () => {
    for (const a of await fourTimes("/render/v1/r/alpenstuebli-naegeli")) expect(a.status).toBe(404);
  });
});

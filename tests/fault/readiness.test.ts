// The readiness probe follows the database: a migration the database has not applied makes it
// 503 service_unavailable (as /openapi.json documents it) while liveness and menus carry on;
// once the migration is recorded again it is ready again. (An unreachable database is the other
// half: the PostgreSQL stop/restart test of the fault stage covers that.)
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentValidator } from "../openapi/document-validator";
import { startTestServer, type TestServer } from "../support/test-server";

describe("readiness follows the database's migrations", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ postgresUrl: "" });
  });
  afterAll(() => server?.stop());

  async function probe(path: string) {
    const res = await fetch(server.baseUrl + path);
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
  }

  it("is 503 with the missing migration named while one is not applied, 200 before and after", async () => {
    const documented = new DocumentValidator(await (await fetch(`${server.baseUrl}/openapi.json`)).json());
    const ready = await probe("/api/health/ready");
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ status: "ready", checks: { instance: "ok", database: "ok", migrations: "ok" } });

    const file = server.databaseUrl.replace(/^file:/, "");
    const conn = new Database(file);
    try {
      const latest = conn.prepare("SELECT * FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1").get() as Record<string, unknown>;
      conn.prepare("DELETE FROM _prisma_migrations WHERE id = ?").run(latest.id);

      const notReady = await probe("/api/health/ready");
      expect(notReady.status).toBe(503);
      expect(notReady.headers.get("cache-control")).toBe("no-store");
      expect(notReady.headers.get("retry-after")).toBe("5");
      expect(notReady.json).toMatchObject({ error: "service_unavailable", status: 503, checks: { instance: "ok", database: "ok", migrations: "pending" } });
      expect(notReady.json.message).toContain(String(latest.migration_name));
      expect(documented.checkOperationResponse("/api/health/ready", "get", notReady).problems).toEqual([]);
      // Liveness and the data are unaffected: readiness is for routing, not for answering.
      expect((await probe("/api/health")).status).toBe(200);
      expect((await probe("/api/public/restaurants/zunfthaus-am-see")).status).toBe(200);

      const columns = Object.keys(latest);
      conn.prepare(`INSERT INTO _prisma_migrations (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).run(...Object.values(latest));
    } finally {
      conn.close();
    }
    expect((await probe("/api/health/ready")).status).toBe(200);
  });
});

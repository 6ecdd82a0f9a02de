import { describe, expect, it } from "vitest";
import { ApiError, ERROR_CODES, errorBody, toApiError } from "./api-errors";
import { DatabaseUnavailableError } from "../db/database-unavailable";

describe("error table", () => {
  it("has the contract's codes with the contract's statuses", () => {
    const contract = {
      not_found: 404,
      invalid_request: 400,
      invalid_json: 400,
      method_not_allowed: 405,
      not_acceptable: 406,
      rate_limited: 429,
      internal_error: 500,
    };
    for (const [code, status] of Object.entries(contract)) {
      expect(ERROR_CODES[code as keyof typeof ERROR_CODES].status).toBe(status);
    }
  });

  it("gives every code a hint and a 4xx/5xx status", () => {
    for (const { status, hint } of Object.values(ERROR_CODES)) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
      expect(hint.length).toBeGreaterThan(10);
    }
  });

  it("builds the contract's error body", () => {
    const body = errorBody(new ApiError("not_found", "gone", { extra: { availableEndpoints: ["x"] } }));
    expect(Object.keys(body).sort()).toEqual(["availableEndpoints", "documentation", "error", "hint", "message", "specification", "status"]);
    expect(body).toMatchObject({ error: "not_found", status: 404, message: "gone", availableEndpoints: ["x"] });
    expect(body.documentation).toMatch(/^https?:\/\//);
    expect(body.specification).toMatch(/\/openapi\.json$/);
  });

  it("turns unknown failures into internal_error without leaking their message", () => {
    const e = toApiError(new Error("SQLITE_CORRUPT at /var/secret/db"));
    expect(e.code).toBe("internal_error");
    expect(e.status).toBe(500);
    expect(JSON.stringify(errorBody(e))).not.toContain("secret");
  });

  it("turns a database that cannot answer into service_unavailable with Retry-After, whichever layer reports it", () => {
    const prisma = Object.assign(new Error("Can't reach database server at secret-host:5432"), { name: "PrismaClientKnownRequestError", code: "P1001" });
    const sqliteBusy = Object.assign(new Error("Operations timed out"), { code: "P1008" });
    const socket = new Error("query failed", { cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }) });
    for (const cause of [prisma, sqliteBusy, socket, new DatabaseUnavailableError(new Error("x"))]) {
      const e = toApiError(cause);
      expect(e.code, cause.message).toBe("service_unavailable");
      expect(e.status).toBe(503);
      expect(e.options.headers?.["Retry-After"]).toMatch(/^\d+$/);
      expect(JSON.stringify(errorBody(e))).not.toContain("secret");
    }
    // A query our code got wrong is still ours: 500.
    expect(toApiError(Object.assign(new Error("column missing"), { code: "P2022" })).code).toBe("internal_error");
  });
});

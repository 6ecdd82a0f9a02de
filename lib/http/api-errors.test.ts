import { describe, expect, it } from "vitest";
import { ApiError, ERROR_CODES, errorBody, toApiError } from "./api-errors";

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
});

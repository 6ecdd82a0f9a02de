import { afterEach, describe, expect, it } from "vitest";
import { INTERNAL_RENDER_HEADER, internalOrigin, internalRenderToken, isInternalRenderRequest } from "./internal-render";

const saved = { ...process.env };
afterEach(() => {
  for (const k of ["INTERNAL_ORIGIN", "HOSTNAME", "PORT"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe("internal render", () => {
  it("accepts only this process's token", () => {
    const token = internalRenderToken();
    expect(token).toBe(internalRenderToken());
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(isInternalRenderRequest(new Headers({ [INTERNAL_RENDER_HEADER]: token }))).toBe(true);
    expect(isInternalRenderRequest(new Headers({ [INTERNAL_RENDER_HEADER]: `${token}x` }))).toBe(false);
    expect(isInternalRenderRequest(new Headers({ [INTERNAL_RENDER_HEADER]: "" }))).toBe(false);
    expect(isInternalRenderRequest(new Headers())).toBe(false);
  });

  it("fetches from where the server listens", () => {
    delete process.env.INTERNAL_ORIGIN;
    process.env.HOSTNAME = "0.0.0.0";
    process.env.PORT = "4000";
    expect(internalOrigin()).toBe("http://127.0.0.1:4000");
    process.env.HOSTNAME = "127.0.0.1";
    expect(internalOrigin()).toBe("http://127.0.0.1:4000");
    process.env.HOSTNAME = "::1";
    expect(internalOrigin()).toBe("http://[::1]:4000");
    delete process.env.PORT;
    delete process.env.HOSTNAME;
    expect(internalOrigin("http://localhost:5123/x")).toBe("http://127.0.0.1:5123");
    expect(internalOrigin()).toBe("http://127.0.0.1:3000");
    process.env.INTERNAL_ORIGIN = "http://app.internal:8080/";
    expect(internalOrigin()).toBe("http://app.internal:8080");
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { INTERNAL_RENDER_HEADER, internalOrigin, internalRenderToken, isInternalRenderRequest } from "./loopback";
import { originOf, recordListener } from "./render-listener.mjs";
import { resetConfig } from "./config";

const savedVercelUrl = process.env.VERCEL_URL;
afterEach(() => {
  if (savedVercelUrl === undefined) delete process.env.VERCEL_URL;
  else process.env.VERCEL_URL = savedVercelUrl;
  resetConfig();
});

describe("loopback", () => {
  it("accepts only the build's token", () => {
    const token = internalRenderToken();
    expect(token).toBe(internalRenderToken());
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(isInternalRenderRequest(new Headers({ [INTERNAL_RENDER_HEADER]: token }))).toBe(true);
    expect(isInternalRenderRequest(new Headers({ [INTERNAL_RENDER_HEADER]: `${token}x` }))).toBe(false);
    expect(isInternalRenderRequest(new Headers({ [INTERNAL_RENDER_HEADER]: "" }))).toBe(false);
    expect(isInternalRenderRequest(new Headers())).toBe(false);
  });

  it("turns a listening address into an origin this machine can reach", () => {
    expect(originOf({ address: "0.0.0.0", port: 4000 })).toBe("http://127.0.0.1:4000");
    expect(originOf({ address: "::", port: 4000 })).toBe("http://127.0.0.1:4000");
    expect(originOf({ address: "127.0.0.1", port: 4000 })).toBe("http://127.0.0.1:4000");
    expect(originOf({ address: "::1", port: 4001 })).toBe("http://[::1]:4001");
    expect(originOf({ address: "10.1.2.3", port: 80 })).toBe("http://10.1.2.3:80");
  });

  // One test, in order: the listener, once recorded, stays for the life of the process.
  it("fetches from the request's origin, then the platform's URL, then its own listener", () => {
    delete process.env.VERCEL_URL;
    resetConfig();
    expect(internalOrigin("https://menus.example.org/r/x?lang=de")).toBe("https://menus.example.org");
    process.env.VERCEL_URL = "menu-abc123.vercel.app";
    resetConfig();
    expect(internalOrigin("https://menus.example.org/r/x")).toBe("https://menu-abc123.vercel.app");
    recordListener("/tmp/a-unix-socket");
    expect(internalOrigin("https://menus.example.org/r/x")).toBe("https://menu-abc123.vercel.app");
    recordListener({ address: "::", port: 4100 });
    recordListener({ address: "0.0.0.0", port: 4200 });
    expect(internalOrigin("https://menus.example.org/r/x")).toBe("http://127.0.0.1:4100");
    // A listener kept for the renders replaces the public one learnt first, and then stays.
    recordListener({ address: "127.0.0.1", port: 4300 }, { own: true });
    expect(internalOrigin("https://menus.example.org/r/x")).toBe("http://127.0.0.1:4300");
    recordListener({ address: "127.0.0.1", port: 4400 }, { own: true });
    recordListener({ address: "127.0.0.1", port: 4500 });
    expect(internalOrigin("https://menus.example.org/r/x")).toBe("http://127.0.0.1:4300");
  });
});

// Issue 15.5: a 304 stands for a 200 and carries its Vary, Cache-Control and ETag (RFC 9110
// §15.4.5), whatever Content-Encoding the 200 went out in; and an ETag shared by a gzip and an
// identity body is weak (a strong one would name two different byte sequences).
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/http";

const PATHS = [
  "/api/public",
  "/api/public/plans",
  "/api/public/locations",
  "/api/public/restaurants?city=zurich",
  "/api/public/restaurants/zunfthaus-am-see",
  "/zunfthaus-am-see",
  "/zunfthaus-am-see.md",
  "/locations",
  "/openapi.json",
  "/llms.txt",
  "/sitemap.xml",
];

/** Vary as a set of lower-case field names (repeated header lines are one list). */
const varyOf = (headers: Headers) =>
  new Set(
    (headers.get("vary") ?? "")
      .split(",")
      .map((f) => f.trim().toLowerCase())
      .filter(Boolean),
  );

async function fetchRaw(path: string, headers: Record<string, string>) {
  const res = await fetch(baseUrl() + path, { headers });
  await res.arrayBuffer();
  return res;
}

describe("conditional requests", () => {
  for (const path of PATHS) {
    for (const encoding of ["gzip", "identity"]) {
      it(`${path} (${encoding}): the 304 carries the 200's Vary, Cache-Control and ETag`, async () => {
        const full = await fetchRaw(path, { "Accept-Encoding": encoding });
        expect(full.status).toBe(200);
        const etag = full.headers.get("etag")!;
        expect(etag).toBeTruthy();
        expect(varyOf(full.headers).has("accept-encoding")).toBe(true);
        const notModified = await fetchRaw(path, { "Accept-Encoding": encoding, "If-None-Match": etag });
        expect(notModified.status).toBe(304);
        expect([...varyOf(notModified.headers)].sort()).toEqual([...varyOf(full.headers)].sort());
        expect(notModified.headers.get("cache-control")).toBe(full.headers.get("cache-control"));
        expect(notModified.headers.get("etag")).toBe(etag);
      });
    }

    it(`${path}: gzip and identity bodies do not share a strong ETag`, async () => {
      const gzip = await fetchRaw(path, { "Accept-Encoding": "gzip" });
      const identity = await fetchRaw(path, { "Accept-Encoding": "identity" });
      expect(identity.headers.get("content-encoding")).toBeNull();
      const same = gzip.headers.get("etag") === identity.headers.get("etag");
      const strong = !gzip.headers.get("etag")!.startsWith("W/");
      if (gzip.headers.get("content-encoding") === "gzip") expect(same && strong).toBe(false);
      // The weak ETag of one coding still validates the other (weak comparison, RFC 9110 §13.1.2).
      const cross = await fetchRaw(path, { "Accept-Encoding": "identity", "If-None-Match": gzip.headers.get("etag")! });
      expect(cross.status).toBe(same ? 304 : 200);
    });
  }
});

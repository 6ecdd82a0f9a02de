import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loggedPath, routePattern, UNMATCHED } from "./route-pattern";

const APP = path.resolve(import.meta.dirname, "../../app");

/** The folder of every route handler under app/, as its URL pattern ("/api/public/restaurants/[slug]"). */
function routeHandlers(dir = APP, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return routeHandlers(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    return entry.name === "route.ts" ? [prefix || "/"] : [];
  });
}

describe("routePattern", () => {
  it("names API routes by their app/ pattern", () => {
    expect(routePattern("/api/public/restaurants")).toBe("/api/public/restaurants");
    expect(routePattern("/api/public/restaurants/casa-mia")).toBe("/api/public/restaurants/[slug]");
    expect(routePattern("/api/public/restaurants/casa-mia/")).toBe("/api/public/restaurants/[slug]");
    expect(routePattern("/api//public/plans")).toBe("/api/public/plans");
    expect(routePattern("/api/public/tools/wifi-qr")).toBe("/api/public/tools/wifi-qr");
    expect(routePattern("/api/health/ready")).toBe("/api/health/ready");
    expect(routePattern("/api/public/restaurants/a/b")).toBe("/api/[[...path]]");
    expect(routePattern("/api/nothing-here")).toBe("/api/[[...path]]");
  });

  it("names every route handler of app/ by its own pattern (the change feed and the export were logged as the API's 404 route)", () => {
    const handlers = routeHandlers().filter((pattern) => !pattern.includes("[[..."));
    expect(handlers).toContain("/api/public/export.ndjson");
    for (const pattern of handlers) {
      // A request for it: each [parameter] given a value, as a client would send.
      const sample = pattern.replace(/\[([a-z]+)\]/gi, (_, name: string) => `sample-${name}.atom`);
      expect(routePattern(sample), sample).toBe(pattern);
    }
    expect(routePattern("/api/public/changes")).toBe("/api/public/changes");
    expect(routePattern("/feeds/cities/warsaw.atom")).toBe("/feeds/cities/[file]");
  });

  it("names pages by the page route table, Markdown twins with .md", () => {
    expect(routePattern("/")).toBe("/");
    expect(routePattern("/casa-mia")).toBe("/[slug]");
    expect(routePattern("/casa-mia/de")).toBe("/[slug]/[lang]");
    expect(routePattern("/casa-mia.md")).toBe("/[slug].md");
    expect(routePattern("/index.md")).toBe("/index.md");
    expect(routePattern("/plans")).toBe("/plans");
    expect(routePattern("/locations/ch/zurich")).toBe("/locations/[country]/[city]");
    expect(routePattern("/cuisines/thai")).toBe("/cuisines/[cuisine]");
  });

  it("names files, Next.js assets and internal renders without their variable parts", () => {
    expect(routePattern("/_next/static/chunks/abc123.js")).toBe("/_next/static/[...]");
    expect(routePattern("/_next/image")).toBe("/_next/[...]");
    expect(routePattern("/render/abc/r/casa-mia")).toBe("/render/[...]");
    expect(routePattern("/sitemaps/restaurants-1.xml")).toBe("/sitemaps/[file]");
    expect(routePattern("/llms.txt")).toBe("/llms.txt");
    expect(routePattern("/.well-known/security.txt")).toBe("/.well-known/security.txt");
  });

  it("maps anything else to one value, so label cardinality stays bounded", () => {
    const paths = ["/wp-login.php", "/Casa-Mia", "/a/b/c/d", "/%ff", "/x.php?y", "/.env", "/.well-known/other"];
    expect(new Set(paths.map(routePattern))).toEqual(new Set([UNMATCHED]));
  });
});

describe("loggedPath", () => {
  it("drops the query string (it may carry a secret) and the fragment", () => {
    expect(loggedPath("/api/public/tools/wifi-qr?ssid=Home&password=hunter22")).toBe("/api/public/tools/wifi-qr");
    expect(loggedPath("/casa-mia#menu")).toBe("/casa-mia");
    expect(loggedPath("/search")).toBe("/search");
  });

  it("bounds a long path", () => {
    expect(loggedPath(`/${"a".repeat(2000)}`).length).toBeLessThanOrEqual(514);
  });
});

import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, hashSource, htmlSecurityHeaders, inlineContent, isFrameworkScript } from "./security-headers";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;

const BOOTSTRAP = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/0j1we3cwg31qe.js"],"runtimeModuleIds":[94553]});';

const PAGE = `<!DOCTYPE html><html lang="en"><head>
<script src="/_next/static/a.js" async=""></script>
<script>(self.__next_f=self.__next_f||[]).push([0])</script>
<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/0j1we3cwg31qe.js"],"runtimeModuleIds":[94553]});</script>
<style>.x{color:red}</style>
</head><body><p style="color: blue">x</p>
<script type="application/ld+json">{"a":"\\u003c/script\\u003e"}</script>
<script>self.__next_f.push([1,"é &amp; <\\/x>"])</script>
<template><script>inTemplate()</script></template>
</body></html>`;

describe("inlineContent", () => {
  it("finds inline scripts (not src ones), styles and style attributes exactly as written", () => {
    const found = inlineContent(PAGE);
    expect(found.scripts).toEqual([
      "(self.__next_f=self.__next_f||[]).push([0])",
      BOOTSTRAP,
      '{"a":"\\u003c/script\\u003e"}',
      'self.__next_f.push([1,"é &amp; <\\/x>"])',
      "inTemplate()",
    ]);
    expect(found.styles).toEqual([".x{color:red}"]);
    expect(found.styleAttributes).toEqual(["color: blue"]);
  });
});

describe("contentSecurityPolicy", () => {
  const csp = contentSecurityPolicy(PAGE);
  const directives = Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));

  it("allows the framework's inline scripts by their sha256 hashes, and no other inline script, the JSON-LD included", () => {
    expect(directives["script-src"]).toEqual(["'self'", sha("(self.__next_f=self.__next_f||[]).push([0])"), sha(BOOTSTRAP), sha('self.__next_f.push([1,"é &amp; <\\/x>"])')]);
    expect(csp).not.toContain(sha("inTemplate()"));
    expect(csp).not.toContain(sha('{"a":"\\u003c/script\\u003e"}'));
    expect(directives["script-src"]).not.toContain("'unsafe-inline'");
    expect(directives["script-src"]).not.toContain("'unsafe-eval'");
    expect(directives["script-src-attr"]).toEqual(["'none'"]);
  });

  it("hashes inline styles and style attributes", () => {
    expect(directives["style-src"]).toEqual(["'self'", sha(".x{color:red}")]);
    expect(directives["style-src-attr"]).toEqual(["'unsafe-hashes'", sha("color: blue")]);
  });

  it("forbids framing, plugins and base changes", () => {
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["base-uri"]).toEqual(["'none'"]);
    expect(directives["form-action"]).toEqual(["'self'"]);
  });

  it("hashSource is the CSP form of a sha256", () => {
    expect(hashSource("alert(1)")).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it("adds dev relaxations only in dev", () => {
    expect(csp).not.toContain("'unsafe-eval'");
    expect(contentSecurityPolicy(PAGE, { dev: true })).toContain("'unsafe-eval'");
  });

  it("never asks for upgrade-insecure-requests: a page opened over plain http must load its own files", () => {
    expect(htmlSecurityHeaders(PAGE)["Content-Security-Policy"]).not.toContain("upgrade-insecure-requests");
  });
});

describe("isFrameworkScript", () => {
  it.each([
    "(self.__next_f=self.__next_f||[]).push([0])",
    'self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])',
    'self.__next_f.push([3,"AAEC"])',
    'self.__next_f.push([2,null])',
    BOOTSTRAP,
    '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[]})',
  ])("recognises Next.js' own %s", (script) => {
    expect(isFrameworkScript(script)).toBe(true);
  });

  it.each([
    ["anything else", "alert(1)"],
    ["the flight start with more after it", "(self.__next_f=self.__next_f||[]).push([0]);alert(1)"],
    ["a push of code, not data", "self.__next_f.push([1,alert(1)])"],
    ["a push that closes and calls again", 'self.__next_f.push([1,"x"]);alert((1))'],
    ["a push of something else", 'self.__next_f.push([1,"x"],alert)'],
    ["a push of a string under the wrong tag", 'self.__next_f.push([7,"x"])'],
    ["a bootstrap loading a file outside the chunks", '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["https://evil.example/x.js"]})'],
    ["a bootstrap with other members", '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[],"x":[1]})'],
    ["a bootstrap followed by code", `${BOOTSTRAP}alert(1)`],
    ["JSON-LD", '{"@context":"https://schema.org"}'],
  ])("rejects %s", (_name, script) => {
    expect(isFrameworkScript(script)).toBe(false);
  });
});

describe("img-src", () => {
  const imgSrc = (html: string) =>
    contentSecurityPolicy(html)
      .split("; ")
      .find((d) => d.startsWith("img-src "))!
      .split(" ")
      .slice(1);

  it("is 'self' alone for a page whose images are its own files (root-relative)", () => {
    expect(imgSrc(`<html><head><link rel="icon" href="/favicon.svg"></head><body><img src="/demo/logos/x.svg"></body></html>`)).toEqual(["'self'"]);
    expect(imgSrc(PAGE)).toEqual(["'self'"]);
  });

  it("names exactly the other origins the page loads images from, never a whole scheme", () => {
    const html = `<html><head><link rel="preload" as="image" href="https://cdn.example.net/b.jpg" imagesrcset="https://img.example.com/b-2x.jpg 2x"></head>
      <body><img src="https://images.example.org/banner.jpg"><img src="/x.svg" srcset="/x-1.svg 1x, http://lan.example:8080/x-2.svg 2x"><img src="https://images.example.org/other.jpg">
      <a href="https://elsewhere.example/">not an image</a></body></html>`;
    expect(imgSrc(html)).toEqual(["'self'", "https://cdn.example.net", "https://img.example.com", "https://images.example.org", "http://lan.example:8080"]);
    expect(imgSrc(html)).not.toContain("https:");
    expect(imgSrc(html)).not.toContain("data:");
  });

  it("allows data: only when the page has an inline image", () => {
    expect(imgSrc(`<img src="data:image/svg+xml;base64,PHN2Zy8+">`)).toEqual(["'self'", "data:"]);
  });
});

describe("htmlSecurityHeaders", () => {
  it("sends nosniff, a referrer policy and frame protection", () => {
    const h = htmlSecurityHeaders(PAGE);
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
    expect(h["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["X-Frame-Options"]).toBe("DENY");
    expect(h["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
  });
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chunkBody, dedupeServerChunks, stubFor } from "./dedupe-server-chunks.mjs";

const require = createRequire(import.meta.url);
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A Turbopack-shaped chunk of `size` characters with its own source map comment. */
function chunk(name: string, size = 2000, id = 7855) {
  const code = `module.exports=[${id},(e,t)=>{t.exports={filler:${JSON.stringify("x".repeat(size))}}}];\n`;
  return `${code}\n//# sourceMappingURL=${encodeURIComponent(name)}.map`;
}

function tree(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "dedupe-chunks-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe("dedupeServerChunks", () => {
  it("keeps the first of identical chunks by name and makes the others hand over its exports", () => {
    const dir = tree({
      "chunks/[root-of-the-server]__b._.js": chunk("[root-of-the-server]__b._.js"),
      "chunks/[root-of-the-server]__a._.js": chunk("[root-of-the-server]__a._.js"),
      "chunks/[root-of-the-server]__c._.js": chunk("[root-of-the-server]__c._.js"),
      "chunks/other._.js": chunk("other._.js", 2000, 9999),
    });
    const kept = readFileSync(path.join(dir, "chunks/[root-of-the-server]__a._.js"), "utf8");
    const other = readFileSync(path.join(dir, "chunks/other._.js"), "utf8");

    const result = dedupeServerChunks(dir);

    expect(result.files).toBe(2);
    expect(result.bytes).toBe(2 * Buffer.byteLength(chunkBody(kept)));
    expect(readFileSync(path.join(dir, "chunks/[root-of-the-server]__a._.js"), "utf8")).toBe(kept);
    expect(readFileSync(path.join(dir, "chunks/other._.js"), "utf8")).toBe(other);
    for (const copy of ["b", "c"]) {
      expect(readFileSync(path.join(dir, `chunks/[root-of-the-server]__${copy}._.js`), "utf8")).toBe(stubFor("[root-of-the-server]__a._.js"));
    }
    // What Turbopack's runtime gets from each path: the one array of the kept chunk, once evaluated.
    const first = require(path.join(dir, "chunks/[root-of-the-server]__a._.js"));
    expect(require(path.join(dir, "chunks/[root-of-the-server]__b._.js"))).toBe(first);
    expect(require(path.join(dir, "chunks/[root-of-the-server]__c._.js"))).toBe(first);
    expect(first[0]).toBe(7855);
    expect(typeof first[1]).toBe("function");
  });

  it("leaves chunks alone that differ in code, sit in different folders, are not Turbopack chunks, or are smaller than a stub", () => {
    const notChunk = `"use strict";\nconsole.log(${JSON.stringify("y".repeat(2000))});\n`;
    const files = {
      "chunks/a._.js": chunk("a._.js", 2000, 1),
      "chunks/b._.js": chunk("b._.js", 2000, 2),
      "chunks/ssr/a._.js": chunk("a._.js", 2000, 1),
      "app/x/route.js": notChunk,
      "app/y/route.js": notChunk,
      "chunks/plain-1.js": notChunk,
      "chunks/plain-2.js": notChunk,
      "chunks/tiny-1.js": "module.exports=[1,e=>{}];\n",
      "chunks/tiny-2.js": "module.exports=[1,e=>{}];\n",
    };
    const dir = tree(files);
    expect(dedupeServerChunks(dir)).toEqual({ files: 0, bytes: 0, traces: 0 });
    for (const [name, text] of Object.entries(files)) expect(readFileSync(path.join(dir, name), "utf8")).toBe(text);
  });

  it("is idempotent: a second pass over its own output changes nothing", () => {
    const dir = tree({ "chunks/a._.js": chunk("a._.js"), "chunks/b._.js": chunk("b._.js") });
    expect(dedupeServerChunks(dir).files).toBe(1);
    const stub = readFileSync(path.join(dir, "chunks/b._.js"), "utf8");
    expect(dedupeServerChunks(dir)).toEqual({ files: 0, bytes: 0, traces: 0 });
    expect(readFileSync(path.join(dir, "chunks/b._.js"), "utf8")).toBe(stub);
  });
});

describe("route traces (.nft.json)", () => {
  it("name the chunk a stub leads to wherever they name the stub, and drop their file hashes", () => {
    const otherTrace = JSON.stringify({ version: 1, files: ["../../chunks/other._.js"], fileHashes: ["h-other"] });
    const dir = tree({
      "chunks/a._.js": chunk("a._.js"),
      "chunks/b._.js": chunk("b._.js"),
      "chunks/other._.js": chunk("other._.js", 2000, 1),
      // Route x loads the copy b only; route y the kept a; route z neither.
      "app/x/route.js.nft.json": JSON.stringify({ version: 1, files: ["../../chunks/b._.js", "../../chunks/other._.js"], fileHashes: ["h-b", "h-other"], symlinks: [] }),
      "app/y/route.js.nft.json": JSON.stringify({ version: 1, files: ["../../chunks/a._.js"], fileHashes: ["h-a"] }),
      "app/z/route.js.nft.json": otherTrace,
    });

    // Relative, as npm run build passes it (".next/server"): the traces' paths resolve to absolute ones.
    expect(dedupeServerChunks(path.relative(process.cwd(), dir))).toMatchObject({ files: 1, traces: 1 });

    const x = JSON.parse(readFileSync(path.join(dir, "app/x/route.js.nft.json"), "utf8"));
    expect(x.files).toEqual(["../../chunks/b._.js", "../../chunks/other._.js", "../../chunks/a._.js"]);
    expect(x.fileHashes).toBeUndefined();
    expect(x.symlinks).toEqual([]);
    // Unchanged: a trace naming the kept chunk itself, and one naming no stub.
    expect(JSON.parse(readFileSync(path.join(dir, "app/y/route.js.nft.json"), "utf8")).fileHashes).toEqual(["h-a"]);
    expect(readFileSync(path.join(dir, "app/z/route.js.nft.json"), "utf8")).toBe(otherTrace);
    // What route x's function would ship: every file its trace names, and the stub's target is one.
    const shipped = new Set(x.files.map((f: string) => path.resolve(dir, "app/x", f)));
    expect(shipped.has(path.join(dir, "chunks/a._.js"))).toBe(true);
  });
});

describe("chunkBody", () => {
  it("drops only a trailing source map comment", () => {
    expect(chunkBody("module.exports=[1];\n\n//# sourceMappingURL=a.js.map")).toBe("module.exports=[1];\n\n");
    expect(chunkBody("module.exports=[1];\n\n//# sourceMappingURL=b.js.map\n")).toBe("module.exports=[1];\n\n");
    const inCode = 'module.exports=["\\n//# sourceMappingURL=x"];';
    expect(chunkBody(inCode)).toBe(inCode);
  });
});

// The build as every run mode loads it: no server chunk is there twice (scripts/dedupe-server-chunks.mjs).
// Turbopack wrote six byte-identical copies of a 1.06 MB chunk, and a process that served every
// route held the source of all six (12.7 MB of heap). The rest of this suite runs against this
// build, stubs included.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { chunkBody, filesUnder, isTurbopackChunk } from "../../scripts/dedupe-server-chunks.mjs";
import { ensureBuild } from "../support/test-server";

const ROOT = path.resolve(import.meta.dirname, "../..");

beforeAll(() => ensureBuild(), 300_000);

/** Every file under `dir` whose name ends with `suffix`, by folder. */
function allFiles(dir: string, suffix: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of filesUnder(dir, suffix)) out.set(path.dirname(file), [...(out.get(path.dirname(file)) ?? []), file]);
  return out;
}

const STUB = /^\/\/ The same chunk as .*\nmodule\.exports = require\("\.\/(.+)"\);\n$/;

/** The chunk a stub leads to (absolute), or undefined for any other file. */
function stubTarget(file: string): string | undefined {
  const match = STUB.exec(chunkBody(readFileSync(file, "utf8")));
  return match ? path.join(path.dirname(file), match[1]) : undefined;
}

describe.each([".next/server", ".next/standalone/.next/server"])("%s", (dir) => {
  it("holds each Turbopack chunk once per folder, every stub leads to a chunk beside it, and every route trace naming a stub names that chunk", () => {
    let chunks = 0;
    let stubs = 0;
    for (const [, files] of allFiles(path.join(ROOT, dir), ".js")) {
      const seen = new Map<string, string>();
      for (const file of files) {
        const body = chunkBody(readFileSync(file, "utf8"));
        const target = stubTarget(file);
        if (target) {
          stubs += 1;
          expect(existsSync(target), `${file} leads to ${target}`).toBe(true);
          expect(isTurbopackChunk(readFileSync(target, "utf8"))).toBe(true);
          continue;
        }
        if (!isTurbopackChunk(body)) continue;
        chunks += 1;
        expect(seen.get(body), `${file} repeats an earlier chunk`).toBeUndefined();
        seen.set(body, file);
      }
    }
    expect(chunks).toBeGreaterThan(50);
    // A platform deploying each route as a function ships the files its trace names: a stub's chunk must be one of them.
    let traced = 0;
    for (const [folder, files] of allFiles(path.join(ROOT, dir), ".nft.json")) {
      for (const file of files) {
        const trace = JSON.parse(readFileSync(file, "utf8")) as { files: string[] };
        const named = new Set(trace.files.map((f) => path.resolve(folder, f)));
        for (const listed of named) {
          const stub = listed.endsWith(".js") && existsSync(listed) ? stubTarget(listed) : undefined;
          if (!stub) continue;
          traced += 1;
          expect(named.has(stub), `${file} names ${listed}, a stub of ${stub}, but not ${stub}`).toBe(true);
        }
      }
    }
    if (dir === ".next/server") expect(traced).toBeGreaterThan(0);
    // This build has copies (Turbopack wrote 41); were there none, the stubs' path would go untested.
    expect(stubs).toBeGreaterThan(0);
  });
});

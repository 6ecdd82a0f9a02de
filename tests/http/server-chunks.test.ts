// The build as every run mode loads it: no server chunk is there twice (scripts/dedupe-server-chunks.mjs).
// Turbopack wrote six byte-identical copies of a 1.06 MB chunk, and a process that served every
// route held the source of all six (12.7 MB of heap). The rest of this suite runs against this
// build, stubs included.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { chunkBody, isTurbopackChunk } from "../../scripts/dedupe-server-chunks.mjs";
import { ensureBuild } from "../support/test-server";

const ROOT = path.resolve(import.meta.dirname, "../..");

beforeAll(() => ensureBuild(), 300_000);

/** Every `.js` file under `dir`, by folder. */
function folders(dir: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".js")) out.set(folder, [...(out.get(folder) ?? []), file]);
    }
  };
  walk(dir);
  return out;
}

describe.each([".next/server", ".next/standalone/.next/server"])("%s", (dir) => {
  it("holds each Turbopack chunk once per folder, and every stub leads to a chunk beside it", () => {
    let chunks = 0;
    let stubs = 0;
    for (const [folder, files] of folders(path.join(ROOT, dir))) {
      const seen = new Map<string, string>();
      for (const file of files) {
        const body = chunkBody(readFileSync(file, "utf8"));
        const stub = /^\/\/ The same chunk as .*\nmodule\.exports = require\("\.\/(.+)"\);\n$/.exec(body);
        if (stub) {
          stubs += 1;
          const target = path.join(folder, stub[1]);
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
    // This build has copies (Turbopack wrote 41); were there none, the stubs' path would go untested.
    expect(stubs).toBeGreaterThan(0);
  });
});

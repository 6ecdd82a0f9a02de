// Turbopack writes some server chunks several times over, byte for byte, under different names:
// one copy per group of routes that loads it (six copies of a 1.06 MB chunk with Next's app-route
// runtime, zod and lib/, in this app's build). Each copy a process loads is its own script, whose
// source V8 keeps for as long as the chunk's functions live (for good: Node's require cache holds
// them), so one process held all six: 12.7 MB of heap in a heap snapshot, the source being
// two-byte text. The copies are the same modules under the same ids, and Turbopack's runtime
// installs a module's factory only once, from whichever copy came first. So every copy but one
// becomes a stub that hands Node's cached exports of the one kept: the runtime still loads each
// chunk path it names, and finds the factories it already has.
//
// A platform that deploys each route as a function of its own ships the files of the route's
// trace (`route.js.nft.json`), which names the copy that route loads. So each trace that names a
// stub names the chunk it leads to as well, and loses its `fileHashes` (the stub's hash no longer
// matches; Next's readers treat the list as optional and hash the files themselves).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";

/** A chunk's code without its own source map comment, the only line in which copies differ. */
export function chunkBody(text) {
  return text.replace(/\n\/\/# sourceMappingURL=[^\n]*\n?$/, "\n");
}

/** What a copy becomes: Node's cached exports of the kept chunk (same directory, so same relative requires). */
export function stubFor(keptName) {
  return `// The same chunk as ${keptName} (scripts/dedupe-server-chunks.mjs): its exports, loaded once.\nmodule.exports = require(${JSON.stringify(`./${keptName}`)});\n`;
}

/** Turbopack's chunk format: an array of module ids and factories, no state of its own to share. */
export function isTurbopackChunk(body) {
  return body.startsWith("module.exports=[");
}

/** Every file under `dir` whose name ends with `suffix`, as absolute paths, each folder's in name order. */
export function filesUnder(dir, suffix) {
  const out = [];
  const walk = (folder) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile() && entry.name.endsWith(suffix)) out.push(file);
    }
  };
  walk(path.resolve(dir));
  return out;
}

/**
 * Groups the Turbopack chunks of each directory under `dir` by content (source map comment aside),
 * turns every chunk of a group but the first by name into stubFor(the first), and adds the first to
 * every trace under `dir` that names one of its stubs (addToTraces). Returns what it did.
 */
export function dedupeServerChunks(dir) {
  const result = { files: 0, bytes: 0, traces: 0 };
  // One folder's chunks of one content, first by name first: a stub requires its chunk beside it.
  const groups = new Map();
  for (const file of filesUnder(dir, ".js")) {
    const body = chunkBody(readFileSync(file, "utf8"));
    if (!isTurbopackChunk(body)) continue;
    const key = `${path.dirname(file)}\0${createHash("sha256").update(body).digest("hex")}`;
    groups.set(key, [...(groups.get(key) ?? []), { file, bytes: Buffer.byteLength(body) }]);
  }
  /** stub's absolute path → the absolute path of the chunk it leads to */
  const stubs = new Map();
  for (const [kept, ...copies] of groups.values()) {
    const stub = stubFor(path.basename(kept.file));
    for (const copy of copies) {
      // A stub would not be smaller than what it replaces.
      if (Buffer.byteLength(stub) >= copy.bytes) continue;
      writeFileSync(copy.file, stub);
      stubs.set(copy.file, kept.file);
      result.files += 1;
      result.bytes += copy.bytes;
    }
  }
  if (stubs.size) result.traces = addToTraces(dir, stubs);
  return result;
}

/** Every `.nft.json` under `dir` that names a stub of `stubs` also names its chunk; returns how many changed. */
export function addToTraces(dir, stubs) {
  let changed = 0;
  for (const file of filesUnder(dir, ".nft.json")) {
    const trace = JSON.parse(readFileSync(file, "utf8"));
    if (!Array.isArray(trace.files)) continue;
    // The trace's paths are relative to its own folder; `stubs` holds absolute paths.
    const base = path.dirname(file);
    const named = new Set(trace.files.map((f) => path.resolve(base, f)));
    const kept = new Set([...named].flatMap((f) => (stubs.has(f) ? [stubs.get(f)] : [])));
    if (!kept.size) continue;
    for (const target of kept) if (!named.has(target)) trace.files.push(path.relative(base, target).split(path.sep).join("/"));
    delete trace.fileHashes;
    writeFileSync(file, JSON.stringify(trace));
    changed += 1;
  }
  return changed;
}

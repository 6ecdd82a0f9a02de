// Node 20 lacks fs.globSync (added in Node 22), which the conformance CLI imports by name.
// Loaded with `node --import ./globsync-shim.mjs`: a resolve hook points every import of "fs" /
// "node:fs" at fs-with-globsync.mjs, which re-exports node:fs plus a small globSync. On Node 22+
// nothing is changed.
import fs from "node:fs";
import { register } from "node:module";

if (typeof fs.globSync !== "function") {
  register("./globsync-hooks.mjs", import.meta.url);
}

// node:fs plus globSync for Node 20 (see globsync-shim.mjs). Supports what the conformance CLI
// uses: relative patterns with `*`, `**` and `?`, options.cwd; returns relative paths of files.
import fs from "node:fs";
import path from "node:path";

export * from "node:fs";
export default fs;

function toRegExp(pattern) {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "*" && pattern[i + 1] === "*") {
      // "**/" matches zero or more directories; a trailing "**" matches everything below
      if (pattern[i + 2] === "/") {
        source += "(?:.*/)?";
        i += 2;
      } else {
        source += ".*";
        i += 1;
      }
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else source += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

export function globSync(patterns, options = {}) {
  const cwd = options.cwd ? String(options.cwd) : process.cwd();
  const regexps = (Array.isArray(patterns) ? patterns : [patterns]).map(toRegExp);
  const out = [];
  const walk = (rel) => {
    let entries;
    try {
      entries = fs.readdirSync(path.join(cwd, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (regexps.some((r) => r.test(child))) out.push(child.split("/").join(path.sep));
      if (entry.isDirectory()) walk(child);
    }
  };
  walk("");
  return out;
}

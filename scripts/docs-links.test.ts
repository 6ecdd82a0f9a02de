// Issue 46.15: the README and docs point only at what the repository has: every relative link
// (and every path written as code that leaves the folder) resolves to a file of the repository.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const files = ["README.md", ...readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

describe.each(files)("%s", (file) => {
  const text = readFileSync(path.join(root, file), "utf8");
  const dir = path.dirname(path.join(root, file));

  it("links only to files of the repository", () => {
    // Links outside code (an example in backticks is no link).
    const prose = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`]*`/g, "");
    const targets = [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:|^#|^\//i.test(t));
    for (const target of targets) {
      const resolved = path.resolve(dir, decodeURIComponent(target.split("#")[0]));
      expect(path.relative(root, resolved).startsWith(".."), `${target} leaves the repository`).toBe(false);
      expect(existsSync(resolved), `${target} does not exist`).toBe(true);
    }
  });

  it("names no path outside the repository", () => {
    const outside = [...text.matchAll(/`(\.\.\/[^`\s]+)`/g)].map((m) => m[1]).filter((p) => path.relative(root, path.resolve(dir, p)).startsWith(".."));
    expect(outside).toEqual([]);
  });
});

// Issue 45: no import circle, at most UP_IMPORT_LIMIT imports up the layers (scripts/layer-check.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkProject, formatReport, importGraph, layerCheck, layerOf, passes, sourceFiles, UP_IMPORT_LIMIT } from "./layer-check";

const ROOT = path.resolve(import.meta.dirname, "..");

describe("the project's layers", () => {
  const report = checkProject(ROOT);

  it(`has no import circle and at most ${UP_IMPORT_LIMIT} imports up the layers`, () => {
    expect(passes(report), formatReport(report)).toBe(true);
  });

  it("walks the app's imports", () => {
    const graph = importGraph(ROOT, sourceFiles(ROOT));
    expect(graph.get("app/[[...path]]/route.ts")).toContain("lib/pages/serve-page.ts");
    // a dynamic import without an extension, and one of a plain JS module
    expect(graph.get("instrumentation.ts")).toContain("lib/server/start-up.ts");
    expect(graph.get("lib/shutdown-hooks.ts")).toEqual(["lib/process-state.mjs"]);
    expect([...graph.keys()].some((f) => f.endsWith(".test.ts"))).toBe(false);
  });
});

describe("layerCheck", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "layer-check-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    "app/page.tsx": 'import { a } from "@/lib/top/a";\nimport "./globals.css";\n',
    "lib/top/a.ts": 'export { b } from "../low/b.mjs";\nimport type { C } from "../low/c";\n',
    "lib/low/b.mjs": 'export const b = () => import("../top/a");\n',
    "lib/low/c.ts": 'import { d } from "./d";\nexport type C = 1;\n',
    "lib/low/d.ts": 'import type { C } from "./c";\nimport { gone } from "./gone";\n',
    "lib/low/c.test.ts": 'import { a } from "../top/a";\n',
    "lib/stray.ts": 'import { a } from "./top/a";\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const layers = [
    { name: "entry", paths: ["app/"] },
    { name: "top", paths: ["lib/top/"] },
    { name: "low", paths: ["lib/low/"] },
  ];
  const unresolved: string[] = [];
  const report = layerCheck(importGraph(dir, sourceFiles(dir), unresolved), layers, unresolved);

  it("reports each import up the layers: static, dynamic, type-only and re-exports alike", () => {
    expect(report.upImports).toEqual([{ from: "lib/low/b.mjs", to: "lib/top/a.ts", fromLayer: "low", toLayer: "top" }]);
  });

  it("reports every circle, type-only ones too", () => {
    expect(report.circles.map((c) => c.join(" ")).sort()).toEqual(["lib/low/b.mjs lib/top/a.ts", "lib/low/c.ts lib/low/d.ts"]);
  });

  it("reports files no layer claims and project imports that name no file; leaves tests and styles out", () => {
    expect(report.unassigned).toEqual(["lib/stray.ts"]);
    expect(report.unresolved).toEqual(["lib/low/d.ts: ./gone"]);
    expect(passes(report)).toBe(false);
  });
});

describe("layerOf", () => {
  it("takes the longest matching path, so a file can sit below its folder", () => {
    expect(layerOf("lib/http/api-route.ts")).toBeLessThan(layerOf("lib/http/api-errors.ts"));
    expect(layerOf("lib/search/cursor.ts")).toBeLessThan(layerOf("lib/search/opening-hours.ts"));
    expect(layerOf("lib/configuration.ts")).toBe(-1);
  });
});

// The layers of the app, top to bottom, and the check that holds them (issue 45): a module may
// import from its own layer or any layer below; an import up the table is counted, and so is every
// import circle. `npm run layers` prints both; scripts/layer-check.test.ts (npm test's unit stage) fails
// above the limit, on a circle, on a file no layer claims or an import that names no file.
// Static, dynamic and type-only imports all count: each is a dependency the reader has to follow.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Top to bottom. A file belongs to the layer of the longest path that matches it (a folder ends in
 * "/"), so a file can sit below its folder: the error table, Cache-Control policies, ETags and work
 * limiters are under lib/http by name but are used by every capability and cache.
 */
export const LAYERS: { name: string; paths: string[] }[] = [
  { name: "entry points", paths: ["app/", "middleware.ts", "instrumentation.ts"] },
  // Start-up, the request tap, graceful stop, the access log: what wires the rest to Node and Next.js.
  { name: "server", paths: ["lib/server/"] },
  // HTML, Markdown, MCP, OpenAPI, feeds, SEO files, preview images, negotiation, the API registry, their words.
  {
    name: "surface adapters",
    paths: ["lib/pages/", "lib/markdown/", "lib/mcp/", "lib/openapi/", "lib/seo/", "lib/feeds/", "lib/negotiation/", "lib/api/", "lib/content/", "lib/i18n/", "lib/og/"],
  },
  // REST: the route wrapper, CORS, JSON bodies, query decoding, throttling, the client address.
  { name: "REST adapter", paths: ["lib/http/"] },
  {
    name: "capabilities",
    paths: ["lib/restaurants/", "lib/dishes/", "lib/directory/", "lib/tools/", "lib/changes/", "lib/export/", "lib/search/", "lib/health/", "lib/import/"],
  },
  { name: "caches", paths: ["lib/cache/"] },
  { name: "data", paths: ["lib/data/"] },
  { name: "serializers", paths: ["lib/serializers/"] },
  // What every capability shares: the domain's words and rules, validation and its errors.
  {
    name: "shared rules",
    paths: [
      "lib/menu/", "lib/plans.ts", "lib/search/opening-hours.ts", "lib/search/geo.ts", "lib/search/dish-rank.ts", "lib/search/total-bound.ts",
      "lib/validation.ts", "lib/http/api-errors.ts", "lib/http/cache-policy.ts", "lib/http/etag-of.ts", "lib/http/work-limiter.ts",
    ],
  },
  { name: "database", paths: ["lib/db/"] },
  // Configuration, logs, metrics, traces, per-process state, the loopback, small pure helpers.
  {
    name: "leaves",
    paths: [
      "lib/config.ts", "lib/config-schema.mjs", "lib/observability/", "lib/process-state.mjs", "lib/shutdown-hooks.ts", "lib/stopping.ts",
      "lib/loopback.ts", "lib/render-listener.mjs", "lib/build-info.ts", "lib/build-secret.ts", "lib/service-info.ts", "lib/site-urls.ts",
      "lib/text/", "lib/text-patterns.ts", "lib/decimal-number.ts",
    ],
  },
];

// None left (issue 45): a new import up the table fails the unit stage.
export const UP_IMPORT_LIMIT = 0;

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIPPED = /(\.test\.tsx?|\.d\.mts|\.d\.ts)$/;
const SKIPPED_DIRS = new Set(["node_modules", "generated", "generated-pg"]);

/** The app's source files under `roots` (files or folders), relative to `root`, tests left out. */
export function sourceFiles(root: string, roots = ["app", "lib", "middleware.ts", "instrumentation.ts"]): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const full = path.join(root, rel);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) if (!SKIPPED_DIRS.has(name)) walk(path.posix.join(rel, name));
    } else if (SOURCE.test(rel) && !SKIPPED.test(rel)) out.push(rel);
  };
  roots.forEach(walk);
  return out;
}

// Imports of the project that are not app source: generated Prisma clients (database layer), styles, data.
const NOT_SOURCE = /(^|\/)(generated|generated-pg)\/|\.(css|json)$/;

/**
 * file → the project files it imports (relative and `@/` specifiers; packages are not followed).
 * A project import that resolves to no source file is listed in `unresolved` (a typo, a new extension).
 */
export function importGraph(root: string, files: string[], unresolved: string[] = []): Map<string, string[]> {
  const known = new Set(files);
  const resolve = (from: string, spec: string): string | undefined => {
    let base: string;
    if (spec.startsWith("@/")) base = spec.slice(2);
    else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    else return undefined;
    const stem = base.replace(/\.(ts|tsx|mts|mjs|js)$/, "");
    const candidates = [base, ...[".ts", ".tsx", ".mts", ".mjs", ".js"].map((e) => stem + e), `${base}/index.ts`, `${base}/index.tsx`];
    return candidates.find((c) => known.has(c));
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(path.join(root, file), "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      const target = resolve(file, fileName);
      if (target) {
        if (target !== file) targets.add(target);
      } else if (/^(\.|@\/)/.test(fileName) && !NOT_SOURCE.test(fileName)) unresolved.push(`${file}: ${fileName}`);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The index of a file's layer in `layers`, or -1 when no layer claims it. */
export function layerOf(file: string, layers = LAYERS): number {
  let best = -1;
  let bestLength = 0;
  layers.forEach((layer, i) => {
    for (const p of layer.paths) {
      const hit = p.endsWith("/") ? file.startsWith(p) : file === p;
      if (hit && p.length > bestLength) [best, bestLength] = [i, p.length];
    }
  });
  return best;
}

export type LayerReport = {
  upImports: { from: string; to: string; fromLayer: string; toLayer: string }[];
  circles: string[][];
  unassigned: string[];
  unresolved: string[];
};

/** Every import up the layers, every circle (strongly connected set of files), every file no layer claims. */
export function layerCheck(graph: Map<string, string[]>, layers = LAYERS, unresolved: string[] = []): LayerReport {
  const upImports: LayerReport["upImports"] = [];
  const unassigned: string[] = [];
  for (const [from, targets] of graph) {
    const a = layerOf(from, layers);
    if (a < 0) unassigned.push(from);
    for (const to of targets) {
      const b = layerOf(to, layers);
      if (a >= 0 && b >= 0 && b < a) upImports.push({ from, to, fromLayer: layers[a].name, toLayer: layers[b].name });
    }
  }
  return { upImports, circles: circles(graph), unassigned, unresolved };
}

// Tarjan's strongly connected components; a component of more than one file is a circle.
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

export function formatReport(report: LayerReport): string {
  const lines = [`${report.upImports.length} up-imports (limit ${UP_IMPORT_LIMIT}), ${report.circles.length} circles`];
  for (const u of report.upImports) lines.push(`  up: ${u.from} (${u.fromLayer}) → ${u.to} (${u.toLayer})`);
  for (const c of report.circles) lines.push(`  circle: ${c.join(" ↔ ")}`);
  for (const f of report.unassigned) lines.push(`  no layer: ${f}`);
  for (const u of report.unresolved) lines.push(`  not found: ${u}`);
  return lines.join("\n");
}

/** The check of the project at `root`. */
export function checkProject(root: string): LayerReport {
  const unresolved: string[] = [];
  return layerCheck(importGraph(root, sourceFiles(root), unresolved), LAYERS, unresolved);
}

export function passes(report: LayerReport): boolean {
  return report.upImports.length <= UP_IMPORT_LIMIT && !report.circles.length && !report.unassigned.length && !report.unresolved.length;
}

// npm run layers [root]: prints the report; exit 1 when the check fails.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const report = checkProject(path.resolve(process.argv[2] ?? path.join(import.meta.dirname, "..")));
  console.log(formatReport(report));
  process.exitCode = passes(report) ? 0 : 1;
}

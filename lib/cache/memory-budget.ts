// The one memory budget for everything this process caches: the service's caches (lib/cache,
// lib/pages/html-page.ts, lib/pages/markdown-page.ts, lib/seo/serve-index-files.ts). Next.js'
// own in-memory ISR cache is switched off in next.config.ts (cacheMaxMemorySize: 0): it would hold a second copy of the renders that
// the page-html cache below already keeps, and ISR reads its entries from disk instead.
//
// `npm start` caps the V8 heap at 256 MB and its young generation at 2 MB semi-spaces
// (package.json). Measured with heap snapshots and --trace-gc on that server (npm run
// bench:soak), Next.js and the app keep about 52 MB live when idle, and a mixed flood of distinct
// URLs keeps the live heap near 100 MB: the caches plus the requests in progress, whose number
// lib/http/work-limiter.ts bounds. CACHE_MEMORY_MB (default 8) is what the caches together may
// hold, their last good copies (stale-if-error) included. Raise it together with the heap cap
// (node --max-old-space-size), never alone. Weights count the strings and objects an entry
// really keeps (lib/cache/ttl-cache.ts).
// The framework keeps one cache keyed by what clients send that no setting reaches: Next's router
// remembers, per request path, what its file-system check found (its router's file-system
// LRU, read off Next.js 16.4), every unknown path included. Next bounds it
// at 8 MB by its own weight (128 bytes + the path's length an entry); heap snapshots measured
// 146-164 bytes of heap an entry, so about 8 MB when full (~50 000 paths). NEXT_PATH_CACHE_MB
// counts it in the process's budget. Page paths never enter it: middleware.ts answers them before
// the router checks the file system. API paths do (middleware never runs on /api): the soak's
// flood sends ~17 new ones a second, and their filling the cache is most of the RSS growth its
// 30-minute run measures (bench/results.md).
// 8: the caches keep their entries as last good copies (stale-if-error) until the budget pushes
// them out, so under a flood they fill to the budget and the heap grows with them: in a 30-minute
// soak at 16 MB the live heap rose from 105 to 114 MB between minutes 5 and 30, and RSS with it
// (278 -> 293-304 MB); at 32 MB, 5-minute floods ran 10 MB higher still (bench/soak.mjs).
import { config } from "../config";

export const DEFAULT_CACHE_MEMORY_MB = 8;

/** Next.js' per-path router cache (above): bounded by Next, not by CACHE_MEMORY_MB. */
export const NEXT_PATH_CACHE_MB = 8;

/**
 * The whole process under `npm start`, as the operating system sees it (RSS): the 256 MB heap cap
 * is V8's old generation only; the node binary's code (about 50 MB), the young generation, buffers
 * and native libraries come on top. npm start keeps Next's SWC compiler out of the process
 * (scripts/start.mjs), 25 MB of mapped code and ~60 MB of RSS in all. The flood test (tests/flood)
 * holds the server to this bound, with room for its 20-second bursts; the soak bench reports
 * against issue #11's 300 MB target (bench/results.md).
 */
export const PROCESS_RSS_BUDGET_MB = 340;

/** Each cache's share of the budget, by its name; the shares add up to 1. */
export const CACHE_SHARES = {
  /** one published menu by slug (Prepared: frozen object + JSON text) */
  menus: 0.26,
  /** restaurant search responses by their parameters */
  search: 0.06,
  /** dish search responses by their parameters (results carry item fields: larger than restaurant hits) */
  "dish-search": 0.06,
  /** Markdown twins of pages, by path and kept query */
  "page-markdown": 0.18,
  /** finished HTML renders with their CSP and ETag */
  "page-html": 0.26,
  /** MCP answers of the menu, plans and directory tools, as the SDK wrote them (lib/mcp/tool-answer-cache.ts) */
  "mcp-answers": 0.06,
  /** CSP headers by the hash of a page's HTML */
  "page-csp": 0.02,
  /** /llms*.txt, /llms-index.md, sitemaps */
  "index-files": 0.08,
  /** countries, cities, cuisines and the newest menu date: a few fixed keys */
  directory: 0.02,
} as const;

export type CacheName = keyof typeof CACHE_SHARES;

const MB = 1024 * 1024;

/** The whole budget in bytes: CACHE_MEMORY_MB megabytes. */
export function cacheMemoryBytes(megabytes: number = config().CACHE_MEMORY_MB): number {
  return megabytes * MB;
}

/** The bytes one cache may hold. */
export function cacheBudget(name: CacheName, megabytes: number = config().CACHE_MEMORY_MB): number {
  return Math.floor(cacheMemoryBytes(megabytes) * CACHE_SHARES[name]);
}

// GET /api/internal/bench-floor?bytes=N&type=json|markdown|html – benchmark reference: a prebuilt constant body of N bytes (the framework's floor)
//
// `npm run bench` (bench/run.mjs) compares every endpoint's throughput with this handler, in the
// same build and run: the least work a route handler can do for a body of that size. Only in the
// benchmark's build (BENCH_FLOOR=1 at build time: next.config.ts pageExtensions); the production
// build has no such route, and this one too answers 404 unless the server runs with BENCH_FLOOR=1.
import { config } from "@/lib/config";
import { unknownPathResponse } from "@/lib/http/unknown-path";

export const dynamic = "force-dynamic";

const TYPES = {
  json: "application/json; charset=utf-8",
  markdown: "text/markdown; charset=utf-8",
  html: "text/html; charset=utf-8",
} as const;

const bodies = new Map<string, { body: string; headers: Record<string, string> }>();

function prebuilt(bytes: number, type: keyof typeof TYPES) {
  const key = `${type}:${bytes}`;
  let entry = bodies.get(key);
  if (!entry) {
    // A string, as the real handlers send (the framework encodes it per response).
    entry = {
      body: type === "json" ? `{"pad":"${"x".repeat(Math.max(0, bytes - 10))}"}` : "x".repeat(bytes),
      headers: {
        "Content-Type": TYPES[type],
        "Cache-Control": "public, max-age=60, s-maxage=300, stale-while-revalidate=3600",
        ETag: `"floor-${type}-${bytes}"`,
        "Access-Control-Allow-Origin": "*",
      },
    };
    if (bodies.size < 64) bodies.set(key, entry);
  }
  return entry;
}

export function GET(request: Request): Response {
  if (!config().BENCH_FLOOR) return unknownPathResponse(request);
  const url = new URL(request.url);
  const bytes = Math.min(Math.max(Number.parseInt(url.searchParams.get("bytes") ?? "1000", 10) || 0, 0), 4_000_000);
  const type = (url.searchParams.get("type") ?? "json") as keyof typeof TYPES;
  const { body, headers } = prebuilt(bytes, type in TYPES ? type : "json");
  return new Response(body, { status: 200, headers });
}

export { GET as HEAD, GET as POST, GET as PUT, GET as PATCH, GET as DELETE, GET as OPTIONS };

// GET /floor?bytes=N&type=json|markdown|html – a prebuilt constant body of N bytes (Next.js's floor)
//
// `npm run bench` (bench/run.mjs) compares every endpoint's throughput with this handler: the least
// work a route handler does for a body of that size, with the headers a public answer carries.
export const dynamic = "force-dynamic";

const TYPES = {
  json: "application/json; charset=utf-8",
  markdown: "text/markdown; charset=utf-8",
  html: "text/html; charset=utf-8",
};

const bodies = new Map();

function prebuilt(bytes, type) {
  const key = `${type}:${bytes}`;
  let entry = bodies.get(key);
  if (!entry) {
    // A string, as the service's handlers send (the framework encodes it per response).
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

export function GET(request) {
  const url = new URL(request.url);
  const bytes = Math.min(Math.max(Number.parseInt(url.searchParams.get("bytes") ?? "1000", 10) || 0, 0), 4_000_000);
  const type = url.searchParams.get("type") ?? "json";
  const { body, headers } = prebuilt(bytes, Object.hasOwn(TYPES, type) ? type : "json");
  return new Response(body, { status: 200, headers });
}

export { GET as HEAD, GET as POST };

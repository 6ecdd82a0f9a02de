// Benchmark reference (b): a plain node:http server sending prebuilt bodies of a given size with
// the headers the service sends — what Node itself costs per response, without any framework.
// GET or POST /bytes?n=<bytes>&type=json|markdown|html. Started by bench/run.mjs on a loopback port.
import { createServer } from "node:http";

const TYPES = { json: "application/json; charset=utf-8", markdown: "text/markdown; charset=utf-8", html: "text/html; charset=utf-8" };
const bodies = new Map();

function prebuilt(n, type) {
  const key = `${type}:${n}`;
  let entry = bodies.get(key);
  if (!entry) {
    const body = Buffer.from(type === "json" ? `{"pad":"${"x".repeat(Math.max(0, n - 10))}"}` : "x".repeat(n));
    entry = {
      body,
      headers: {
        "Content-Type": TYPES[type],
        "Content-Length": String(body.length),
        "Cache-Control": "public, max-age=60, s-maxage=300, stale-while-revalidate=3600",
        ETag: `"plain-${type}-${n}"`,
        "Access-Control-Allow-Origin": "*",
      },
    };
    bodies.set(key, entry);
  }
  return entry;
}

const server = createServer((req, res) => {
  const url = new URL(req.url, "http://localhost");
  if (url.pathname !== "/bytes") {
    res.writeHead(404).end();
    return;
  }
  const type = TYPES[url.searchParams.get("type")] ? url.searchParams.get("type") : "json";
  const { body, headers } = prebuilt(Math.min(Number.parseInt(url.searchParams.get("n") ?? "1000", 10) || 0, 4_000_000), type);
  // A POST body (the MCP comparison) is read and dropped, as a server has to.
  req.resume();
  req.on("end", () => res.writeHead(200, headers).end(body));
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));

import { EventEmitter } from "node:events";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { TtlCache } from "../cache/ttl-cache";
import { MCP_LIMITS } from "../mcp/mcp-endpoint";
import {
  answerFromFront,
  FRONT_CACHE_HEADER,
  FRONT_ENTRY_MAX_BYTES,
  FRONT_RPC_BODY_MAX_BYTES,
  FRONT_RPC_BODY_WAIT_MS,
  frontEligible,
  frontEntry,
  frontKey,
  frontRpcEligible,
  matchedHeaders,
  offerFromApp,
  readRpcCall,
  rpcBody,
  rpcCallOf,
  sameRequest,
  type FrontEntry,
} from "./front-cache.mjs";

const body = Buffer.from('{"slug":"x"}');
const answer = (headers: Record<string, string | undefined>, status = 200) => ({
  status,
  headers: { "content-type": "application/json", etag: 'W/"a"', vary: "Accept-Encoding", ...headers },
  body,
  requestHeaders: { accept: "application/json", host: "h" },
});

describe("front cache: what is kept and for whom", () => {
  it("takes plain GETs only: a validator, a range or credentials are the app's", () => {
    expect(frontEligible("GET", {})).toBe(true);
    expect(frontEligible("HEAD", {})).toBe(false);
    expect(frontEligible("POST", {})).toBe(false);
    for (const name of ["if-none-match", "if-modified-since", "range", "authorization", "if-match", "if-unmodified-since", "if-range"]) {
      expect(frontEligible("GET", { [name]: "x" }), name).toBe(false);
    }
  });

  it("matches on the negotiation's headers and on every header Vary names; Vary: * is never kept", () => {
    expect(matchedHeaders(undefined)).toEqual(["accept", "accept-encoding", "accept-language"]);
    expect(matchedHeaders("Origin, Accept-Encoding,rsc")).toEqual(["accept", "accept-encoding", "accept-language", "origin", "rsc"]);
    expect(matchedHeaders("Accept, *")).toBeNull();
  });

  it("keeps a 200 with its headers, without the request's own or the offer", () => {
    const entry = frontEntry(answer({ "x-request-id": "r1", date: "d", "content-length": "12", "transfer-encoding": "chunked", [FRONT_CACHE_HEADER]: "1000" }))!;
    expect(entry.headers.map(([name]) => name).sort()).toEqual(["content-type", "etag", "vary"]);
    expect(entry.body).toBe(body);
    expect(entry.match).toEqual([
      ["accept", "application/json"],
      ["accept-encoding", undefined],
      ["accept-language", undefined],
    ]);
    expect(entry.bytes).toBeGreaterThan(body.length);
  });

  it("never keeps an answer that is a client's own, stale, not a 200, or too large", () => {
    for (const name of ["set-cookie", "cache-status", "ratelimit", "ratelimit-policy", "retry-after"]) expect(frontEntry(answer({ [name]: "x" })), name).toBeNull();
    expect(frontEntry(answer({}, 404))).toBeNull();
    expect(frontEntry(answer({ vary: "*" }))).toBeNull();
    expect(frontEntry({ ...answer({}), body: Buffer.alloc(FRONT_ENTRY_MAX_BYTES + 1) })).toBeNull();
  });

  it("keeps the variants of one URL apart", () => {
    const plain = frontKey("/m", { accept: "text/html" });
    expect(frontKey("/m", { accept: "text/html", "accept-encoding": "gzip" })).not.toBe(plain);
    expect(frontKey("/m", { accept: "text/markdown" })).not.toBe(plain);
    expect(frontKey("/m", { accept: "text/html", "accept-language": "de" })).not.toBe(plain);
    expect(frontKey("/m", { accept: "text/html", host: "other" })).toBe(plain);
  });

  it("repeats an answer only to a request that asks the same", () => {
    const entry = frontEntry(answer({ vary: "Accept-Encoding, Origin" }))!;
    expect(sameRequest(entry, { accept: "application/json" })).toBe(true);
    expect(sameRequest(entry, { accept: "text/markdown" })).toBe(false);
    expect(sameRequest(entry, { accept: "application/json", "accept-encoding": "gzip" })).toBe(false);
    expect(sameRequest(entry, { accept: "application/json", origin: "https://a.example" })).toBe(false);
    expect(sameRequest(entry, { accept: "application/json", "accept-language": "de" })).toBe(false);
  });
});

/** A response double: the headers, status and bytes the guard's wrappers see, and its events. */
class FakeResponse extends EventEmitter {
  statusCode = 200;
  headers = new Map<string, unknown>();
  sent: Buffer[] = [];
  headersSent = false;
  setHeader(name: string, value: unknown) {
    this.headers.set(name.toLowerCase(), value);
  }
  getHeader(name: string) {
    return this.headers.get(name.toLowerCase());
  }
  removeHeader(name: string) {
    this.headers.delete(name.toLowerCase());
  }
  getHeaders() {
    return Object.fromEntries(this.headers);
  }
  writeHead(status: number) {
    this.statusCode = status;
    this.headersSent = true;
    return this;
  }
  write(chunk: string | Buffer) {
    if (!this.headersSent) this.writeHead(this.statusCode);
    this.sent.push(Buffer.from(chunk));
    return true;
  }
  end(chunk?: string | Buffer) {
    // As Node's: the headers and the last chunk, not through write().
    if (!this.headersSent) this.writeHead(this.statusCode);
    if (chunk !== undefined) this.sent.push(Buffer.from(chunk));
    // As Node's: finished once the bytes are handed to the socket, never within end().
    setImmediate(() => {
      this.emit("finish");
      this.emit("close");
    });
    return this;
  }
}

const KEY = Symbol.for("menu-service.cache.front");
const holder = globalThis as unknown as Record<symbol, unknown>;

describe("front cache: the guard's side", () => {
  afterEach(() => {
    delete holder[KEY];
  });

  const request = (url: string, headers: Record<string, string> = {}) => ({ method: "GET", url, headers: { accept: "application/json", ...headers } }) as unknown as IncomingMessage;
  const scope = (hits = 1, misses = 0) => ({ id: "r", cacheHits: hits, cacheMisses: misses, waitUntil: 0 });

  /** The app answering `req` as Next.js does: headers one by one, then the body in two writes. */
  async function appAnswers(req: IncomingMessage, s: ReturnType<typeof scope>, offer: string | null = "1000") {
    const res = new FakeResponse();
    offerFromApp(req, res as unknown as ServerResponse, s);
    res.setHeader("Content-Type", "application/json");
    res.setHeader("ETag", 'W/"a"');
    if (offer !== null) res.setHeader(FRONT_CACHE_HEADER, offer);
    res.write('{"slug":');
    res.end('"x"}');
    await new Promise((resolve) => res.once("close", resolve));
    return res;
  }

  it("removes the offer before the headers leave, kept or not", async () => {
    const res = await appAnswers(request("/a"), scope());
    expect(res.getHeader(FRONT_CACHE_HEADER)).toBeUndefined();
  });

  it("keeps an offered answer of cache hits and repeats it to the same request, as a hit", async () => {
    const cache = new TtlCache<FrontEntry>(10, { staleMs: 1000 });
    holder[KEY] = cache;
    await appAnswers(request("/a"), scope());
    const res = new FakeResponse();
    const s = scope(0);
    expect(answerFromFront(request("/a"), res as unknown as ServerResponse, s)).toBe(true);
    expect(Buffer.concat(res.sent).toString()).toBe('{"slug":"x"}');
    expect(res.getHeader("etag")).toBe('W/"a"');
    expect(s.cacheHits).toBe(1);
    // Another representation, another URL: the app's.
    expect(answerFromFront(request("/a", { accept: "text/markdown" }), new FakeResponse() as unknown as ServerResponse, scope(0))).toBe(false);
    expect(answerFromFront(request("/b"), new FakeResponse() as unknown as ServerResponse, scope(0))).toBe(false);
  });

  it("keeps nothing the app did not offer, nor an answer that loaded anything", async () => {
    const cache = new TtlCache<FrontEntry>(10);
    holder[KEY] = cache;
    await appAnswers(request("/a"), scope(), null);
    await appAnswers(request("/b"), scope(1, 1));
    await appAnswers(request("/c"), scope(0, 0));
    expect(cache.size).toBe(0);
  });

  it("keeps nothing built across a purge: it may be of the data before the change", async () => {
    const cache = new TtlCache<FrontEntry>(10);
    holder[KEY] = cache;
    const req = request("/a");
    const res = new FakeResponse();
    offerFromApp(req, res as unknown as ServerResponse, scope());
    res.setHeader(FRONT_CACHE_HEADER, "1000");
    cache.clear();
    res.end("{}");
    await new Promise((resolve) => res.once("close", resolve));
    expect(cache.size).toBe(0);
  });

  it("sends one request on to the app when a copy expires, and the copy to the others until it is back", async () => {
    const cache = new TtlCache<FrontEntry>(10, { staleMs: 1000 });
    holder[KEY] = cache;
    const entry = frontEntry(answer({}))!;
    cache.put(frontKey("/a", { accept: "application/json" }), entry, 1, cache.purges, Date.now() - 10);
    const refresher = new FakeResponse();
    expect(answerFromFront(request("/a"), refresher as unknown as ServerResponse, scope(0))).toBe(false);
    expect(answerFromFront(request("/a"), new FakeResponse() as unknown as ServerResponse, scope(0))).toBe(true);
    // The refresher's answer was not kept (it missed): the next request tries again.
    refresher.end();
    await new Promise((resolve) => refresher.once("close", resolve));
    expect(answerFromFront(request("/a"), new FakeResponse() as unknown as ServerResponse, scope(0))).toBe(false);
  });
});

describe("front cache: MCP calls", () => {
  const call = (id: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "get_restaurant_menu", arguments: { slug: "x" } }, ...extra });
  const rpcHeaders = { "content-type": "application/json", "content-length": "120", host: "localhost:3000", "mcp-protocol-version": "2025-11-25" };
  /** An answer as the SDK writes it, for `id`. */
  const sdkAnswer = (id: string | number) => `{"result":{"content":[{"type":"text","text":"menu ü"}]},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
  const rpcAnswer = (id: string | number, body: Buffer, headers: Record<string, string> = {}) => ({
    status: 200,
    headers: { "content-type": "application/json", "access-control-allow-origin": "*", ...headers },
    body,
    requestHeaders: rpcHeaders,
    call: { id },
  });

  it("reads ahead only a small POST to the endpoint itself, of declared length, without credentials or Mcp-Param-* headers", () => {
    expect(frontRpcEligible("POST", "/api/mcp", rpcHeaders)).toBe(true);
    expect(frontRpcEligible("GET", "/api/mcp", rpcHeaders)).toBe(false);
    expect(frontRpcEligible("POST", "/api/mcp?x=1", rpcHeaders)).toBe(false);
    expect(frontRpcEligible("POST", "/api/public/cuisines", rpcHeaders)).toBe(false);
    expect(frontRpcEligible("POST", "/api/mcp", { ...rpcHeaders, "content-length": String(FRONT_RPC_BODY_MAX_BYTES + 1) })).toBe(false);
    expect(frontRpcEligible("POST", "/api/mcp", { ...rpcHeaders, "content-length": "0" })).toBe(false);
    expect(frontRpcEligible("POST", "/api/mcp", { ...rpcHeaders, "content-length": undefined, "transfer-encoding": "chunked" })).toBe(false);
    expect(frontRpcEligible("POST", "/api/mcp", { ...rpcHeaders, authorization: "Bearer t" })).toBe(false);
    expect(frontRpcEligible("POST", "/api/mcp", { ...rpcHeaders, "mcp-param-slug": "x" })).toBe(false);
  });

  it("knows a tools/call by its id and the rest of the message; anything else is the app's", () => {
    const a = rpcCallOf(call(1))!;
    expect(a.id).toBe(1);
    expect(rpcCallOf(call("abc"))!.key).toBe(a.key);
    expect(rpcCallOf(call(1, { params: { name: "get_restaurant_menu", arguments: { slug: "y" } } }))!.key).not.toBe(a.key);
    // The app's bound on a string id (a longer one gets its -32600): the guard's must be the same.
    expect(rpcCallOf(call("x".repeat(MCP_LIMITS.id)))?.id).toHaveLength(MCP_LIMITS.id);
    for (const text of [call(1.5), call(null), call("x".repeat(MCP_LIMITS.id + 1)), call(2 ** 53), call(1, { method: "tools/list" }), call(1, { jsonrpc: "1.0" }), call(1, { params: [] }), JSON.stringify({ jsonrpc: "2.0", method: "tools/call", params: {} }), "[1]", "{", "null"]) {
      expect(rpcCallOf(text), text).toBeUndefined();
    }
  });

  it("puts each caller's id in a kept answer, plain or gzipped", () => {
    const plain = frontEntry(rpcAnswer(7, Buffer.from(sdkAnswer(7))))!;
    expect(plain.rpc).toBe(true);
    expect(rpcBody(plain, "ab\"c").toString()).toBe(sdkAnswer('ab"c'));
    const zipped = frontEntry(rpcAnswer("q", gzipSync(sdkAnswer("q")), { "content-encoding": "gzip", vary: "Accept-Encoding" }))!;
    expect(zipped.gzip).toBeDefined();
    for (const id of [12345, "é-1", ""]) expect(gunzipSync(rpcBody(zipped, id)).toString()).toBe(sdkAnswer(id));
    expect(zipped.match.map(([name]) => name)).toEqual(expect.arrayContaining(["accept-encoding", "host", "content-type", "mcp-protocol-version", "mcp-method"]));
  });

  it("keeps only an SDK success that ends with the caller's id, uncompressed or gzipped", () => {
    expect(frontEntry(rpcAnswer(8, Buffer.from(sdkAnswer(7))))).toBeNull();
    expect(frontEntry(rpcAnswer(7, Buffer.from(`${sdkAnswer(7)}\n`)))).toBeNull();
    expect(frontEntry(rpcAnswer(7, Buffer.from(sdkAnswer(7)), { "content-encoding": "br" }))).toBeNull();
    expect(frontEntry(rpcAnswer(7, Buffer.from(sdkAnswer(7)), { "content-encoding": "gzip" }))).toBeNull();
    expect(frontEntry(rpcAnswer(7, Buffer.from(sdkAnswer(7)), { "content-type": "text/event-stream" }))).toBeNull();
  });

  /** A POST of `text` in two pieces `gapMs` apart to a server that reads it ahead, then as the app does. */
  function sentInPieces(text: string, gapMs: number): Promise<{ call: unknown; app: string; disturbed: boolean }> {
    return new Promise((resolve) => {
      const server = createServer(async (req, res) => {
        const found = await readRpcCall(req);
        // What Next.js checks before it makes the route's Request of it.
        const disturbed = Readable.isDisturbed(req);
        const app = await new Response(Readable.toWeb(req) as ReadableStream).text();
        res.end("ok");
        server.close();
        resolve({ call: found, app, disturbed });
      });
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        const req = httpRequest({ port, method: "POST", path: "/api/mcp", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text) } });
        req.flushHeaders();
        setTimeout(() => req.write(text.slice(0, 10)), 1);
        setTimeout(() => req.end(text.slice(10)), 1 + gapMs);
        req.on("response", (res) => res.resume());
      });
    });
  }

  it("sees a body that arrives in pieces and leaves it unread for the app", async () => {
    const text = call(3);
    const { call: found, app, disturbed } = await sentInPieces(text, 0);
    expect(found).toEqual(rpcCallOf(text));
    expect(disturbed).toBe(false);
    expect(app).toBe(text);
  });

  it("leaves a body that is not whole within the wait to the app, untouched", async () => {
    const text = call(4);
    const { call: found, app, disturbed } = await sentInPieces(text, FRONT_RPC_BODY_WAIT_MS + 40);
    expect(found).toBeUndefined();
    expect(disturbed).toBe(false);
    expect(app).toBe(text);
  });

  it("repeats a kept answer only to the same call from the same kind of client", () => {
    const cache = new TtlCache<FrontEntry>(10);
    holder[KEY] = cache;
    const post = (id: number | string, headers: Record<string, string> = {}) => ({ method: "POST", url: "/api/mcp", headers: { ...rpcHeaders, ...headers } }) as unknown as IncomingMessage;
    const c = rpcCallOf(call(7))!;
    cache.put(frontKey("/api/mcp", rpcHeaders, c), frontEntry(rpcAnswer(7, Buffer.from(sdkAnswer(7))))!, 1000, cache.purges);
    const res = new FakeResponse();
    expect(answerFromFront(post(9), res as unknown as ServerResponse, { cacheHits: 0 }, rpcCallOf(call(9)))).toBe(true);
    expect(Buffer.concat(res.sent).toString()).toBe(sdkAnswer(9));
    expect(answerFromFront(post(9, { host: "evil.example" }), new FakeResponse() as unknown as ServerResponse, { cacheHits: 0 }, rpcCallOf(call(9)))).toBe(false);
    expect(answerFromFront(post(9, { "mcp-protocol-version": "2025-06-18" }), new FakeResponse() as unknown as ServerResponse, { cacheHits: 0 }, rpcCallOf(call(9)))).toBe(false);
    // Without the call read ahead a POST is never repeated.
    expect(answerFromFront(post(9), new FakeResponse() as unknown as ServerResponse, { cacheHits: 0 })).toBe(false);
  });
});

// The answers of the tools whose result depends on nothing but their arguments and the published
// data (a menu, the plans, the directory), kept as the SDK wrote them, for the 2025-era traffic
// that creates an SDK server and transport per call (mcp-endpoint.ts serveLegacy). A call the SDK
// has answered once is answered again from its result text with the new call's id: the same bytes,
// without the SDK's request and result validation, its zod copies of the whole menu and a second
// serialisation (MCP tools/call cost 2.8 ms of server CPU against 1.8 for the same menu as REST
// JSON, the slowest answers under load of issue #29).
//
// Only a success whose body is exactly `{"result":…,"jsonrpc":"2.0","id":<its id>}` is kept, so a
// rebuilt answer is byte for byte what the SDK sends; tool errors (isError) and protocol errors go
// through the SDK every time. Search tools are not kept: openNow reads the clock, and their REST
// twins count against a throttle the SDK path also counts (throttleToolCall runs before this).
// Entries live as long as the menu cache's (MENU_CACHE_TTL_MS; 0 = off) and go with every purge
// (an import, the revalidation endpoint), like every other in-process copy.
import { cacheBudget } from "../cache/memory-budget";
import { cacheTtlMs } from "../cache/public-caches";
import { sharedCache, stringBytes, TtlCache } from "../cache/ttl-cache";

/** Tools whose answer is a function of their arguments and the published data. */
export const CACHEABLE_TOOLS: ReadonlySet<string> = new Set(["get_restaurant_menu", "get_service_plans", "list_locations_and_cuisines"]);

export interface ToolAnswer {
  status: number;
  headers: [string, string][];
  /** the JSON text of the result; undefined: an answer that is not kept */
  result?: string;
  /** the key's length, for the weight: keys are what clients send */
  keyLength: number;
}

const toolAnswers = sharedCache(
  "mcp-answers",
  () =>
    new TtlCache<ToolAnswer>(2000, {
      name: "mcp-answers",
      weigh: (a) => stringBytes(a.result ?? "") + 2 * a.keyLength + 64 * a.headers.length,
      maxBytes: cacheBudget("mcp-answers"),
      keep: (a) => a.result !== undefined,
    }),
);

type RpcId = string | number;

/**
 * The cache key of a tools/call of a cacheable tool (its protocol version and params, as sent),
 * or undefined for anything else: other methods, other tools, notifications.
 */
export function toolAnswerKey(message: { jsonrpc?: unknown; method?: unknown; id?: unknown; params?: unknown }, protocolVersion: string | null): string | undefined {
  if (message.method !== "tools/call" || (typeof message.id !== "string" && typeof message.id !== "number")) return undefined;
  const name = (message.params as { name?: unknown } | undefined)?.name;
  if (typeof name !== "string" || !CACHEABLE_TOOLS.has(name)) return undefined;
  return `${protocolVersion ?? ""}\n${JSON.stringify(message.params)}`;
}

/** A JSON-RPC success with `id`, written as the SDK writes it (member order included). */
export function answerBody(result: string, id: RpcId): string {
  return `{"result":${result},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}

/** What the SDK answered, and its result text when the answer may be kept (see the header). */
export async function toolAnswerOf(response: Response, id: RpcId, keyLength: number): Promise<{ answer: ToolAnswer; body: string }> {
  const body = await response.text();
  const answer: ToolAnswer = { status: response.status, headers: [...response.headers], keyLength };
  const prefix = '{"result":';
  const suffix = `,"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
  const json = /^application\/json\b/.test(response.headers.get("content-type") ?? "");
  if (response.status !== 200 || !json || !body.startsWith(prefix) || !body.endsWith(suffix)) return { answer, body };
  const result = body.slice(prefix.length, body.length - suffix.length);
  const parsed = JSON.parse(result) as { isError?: unknown };
  return { answer: parsed.isError === true ? answer : { ...answer, result }, body };
}

/**
 * The answer to a cacheable call: from the cache with this call's id, or from `serve` (the SDK),
 * kept when it may be. Concurrent calls with one key wait for one SDK answer.
 */
export async function cachedToolAnswer(key: string, id: RpcId, serve: () => Promise<Response>): Promise<Response> {
  const ttlMs = cacheTtlMs();
  if (ttlMs <= 0) return serve();
  let own: { answer: ToolAnswer; body: string } | undefined;
  const answer = await toolAnswers.get(key, ttlMs, async () => (own = await toolAnswerOf(await serve(), id, key.length)).answer);
  const respond = (body: string) => new Response(body, { status: answer.status, headers: answer.headers });
  if (own?.answer === answer) return respond(own.body);
  // Another call's answer that was not kept (an error) says nothing about this one: ask the SDK.
  if (answer.result === undefined) return serve();
  return respond(answerBody(answer.result, id));
}

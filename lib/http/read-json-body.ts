// Request bodies under /api are small JSON documents. A body over the limit is refused before it
// is read whole: first by its declared Content-Length, then by counting the bytes as they stream
// (a chunked body declares none, and a declared length can lie). Nothing past the limit is kept,
// and nothing is allocated for bytes that have not arrived. A body is read within a deadline and
// only so many at once (bodyLimiter): a client that sends one byte and holds gets 408 when the
// deadline passes, and the ones beyond the bound get 503 at once. One client gets a share of that
// bound (MAX_BODIES_PER_CLIENT), so its held bodies cannot refuse everyone else's.
import { config } from "../config";
import { ApiError } from "./api-errors";
import { clientAddress, clientKey } from "./client-address";
import { bodyLimiter } from "./work-limiter";

export const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * After refusing a body, up to this much more of it is read and thrown away, so the client gets
 * to read the 413 on a healthy connection. Closing with unread data instead makes the client's
 * send fail (EPIPE / reset) before it sees the answer, and leaving it unread wedges the
 * connection for the client's next request. Past this budget the connection is closed.
 */
export const DISCARD_BUDGET: DiscardBudget = { bytes: 1024 * 1024, ms: 2000 };

/** Bodies one client (lib/http/client-address.ts clientKey) may have being read at once. */
export const MAX_BODIES_PER_CLIENT = 8;

/** Bodies being read per client; an entry lives only while one of its bodies is read. */
const readingPerClient = new Map<string, number>();

/** How long a body may take to arrive, from the moment its handler starts reading it. */
export const BODY_DEADLINE_MS = 10_000;

export interface DiscardBudget {
  bytes: number;
  ms: number;
}

export function tooLarge(limit: number, connectionReusable = true): ApiError {
  return new ApiError("payload_too_large", `The request body is larger than ${limit / 1024} KB.`, {
    hint: `Send at most ${limit} bytes.`,
    extra: { limitBytes: limit },
    ...(connectionReusable ? {} : { headers: { Connection: "close" } }),
  });
}

/** The next chunk of a body, or "late" once `deadline` (a Date.now() time) has passed. */
async function readBefore(reader: ReadableStreamDefaultReader<Uint8Array>, deadline: number): Promise<ReadableStreamReadResult<Uint8Array> | "late"> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([reader.read(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads and drops the rest of a body within the budget; true when the body ended. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, budget = DISCARD_BUDGET): Promise<boolean> {
  const deadline = Date.now() + budget.ms;
  let dropped = 0;
  while (dropped <= budget.bytes && Date.now() < deadline) {
    const next = await readBefore(reader, deadline);
    if (next === "late") return false;
    if (next.done) return true;
    dropped += next.value.byteLength;
  }
  return false;
}

/**
 * Stops reading a body without waiting: cancelling a stream over Node's request waits until the
 * request ends or its connection closes, which for a client that holds is never (measured: the
 * answer then went out only at Node's own request timeout). The answer carries Connection: close.
 */
function release(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  reader.cancel().catch(() => {});
}

function bodyTimeout(deadlineMs: number): ApiError {
  return new ApiError("request_timeout", `The request body did not arrive within ${deadlineMs / 1000} s.`, { headers: { Connection: "close" } });
}

/**
 * The body as UTF-8 text; payload_too_large as soon as more than `limit` bytes arrive,
 * request_timeout when it takes longer than `deadlineMs`, service_unavailable when too many bodies
 * are being read already.
 */
export async function readBodyText(request: Request, limit = MAX_JSON_BODY_BYTES, budget = DISCARD_BUDGET, deadlineMs = BODY_DEADLINE_MS): Promise<string> {
  const declared = request.headers.get("content-length");
  const declaredBytes = declared !== null && /^\d+$/.test(declared.trim()) ? Number(declared) : undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  if (declaredBytes !== undefined && declaredBytes > limit) {
    // refused unread; only a body small enough to drop in the budget keeps the connection usable
    const drained = declaredBytes - limit <= budget.bytes && (await discardRest(reader, budget));
    if (!drained) release(reader);
    throw tooLarge(limit, drained);
  }
  const address = clientAddress(request.headers, config().TRUSTED_PROXY_HEADERS);
  const client = address === undefined ? undefined : clientKey(address);
  const reading = client === undefined ? 0 : (readingPerClient.get(client) ?? 0);
  try {
    if (reading >= MAX_BODIES_PER_CLIENT) {
      throw new ApiError("service_unavailable", `This client already has ${MAX_BODIES_PER_CLIENT} request bodies being read.`, {
        hint: "Finish sending the bodies already started, then retry.",
        headers: { "Retry-After": "1" },
      });
    }
    if (client !== undefined) readingPerClient.set(client, reading + 1);
    try {
      return await bodyLimiter().run(() => readWithin(reader, limit, budget, deadlineMs));
    } finally {
      if (client !== undefined) {
        const left = (readingPerClient.get(client) ?? 1) - 1;
        if (left > 0) readingPerClient.set(client, left);
        else readingPerClient.delete(client);
      }
    }
  } catch (error) {
    if (error instanceof ApiError && error.code === "service_unavailable") {
      release(reader);
      // The body stays unread: the connection cannot carry another request.
      throw new ApiError(error.code, error.message, { headers: { ...error.options.headers, Connection: "close" } });
    }
    throw error;
  }
}

async function readWithin(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number, budget: DiscardBudget, deadlineMs: number): Promise<string> {
  const deadline = Date.now() + deadlineMs;
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const next = await readBefore(reader, deadline);
    if (next === "late") {
      chunks.length = 0;
      release(reader);
      throw bodyTimeout(deadlineMs);
    }
    const { done, value } = next;
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      chunks.length = 0;
      const drained = await discardRest(reader, budget);
      if (!drained) release(reader);
      throw tooLarge(limit, drained);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder("utf-8").decode(bytes);
}

/** The body parsed as JSON: invalid_json when it is empty or not JSON, payload_too_large over the limit. */
export async function readJsonBody(request: Request, limit = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const text = await readBodyText(request, limit);
  if (text.trim() === "") throw new ApiError("invalid_json", "The request body is empty; send a JSON document.");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError("invalid_json", `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

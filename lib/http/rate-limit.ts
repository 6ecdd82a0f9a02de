// Throttling of the one expensive, open-ended request: restaurant search (REST and the MCP tool),
// whose key space (any q) no cache can absorb. Menus, pages (the /search page included: it is
// for people and shared caches keep it), directory data and the pure tools are never throttled.
//
// A fixed window of 60 s per client key (lib/http/client-address.ts) with RATE_LIMIT_PER_MINUTE
// requests (default 600; 0 switches throttling off). The counters live where every instance sees
// them: in PostgreSQL (table "RateLimit") when DATABASE_URL is PostgreSQL, in process memory —
// bounded to MAX_MEMORY_CLIENTS keys — for the embedded SQLite default, which is one process.
// rate-limiter-flexible keeps the counters in both cases.
//
// Answers carry the IETF fields of draft-ietf-httpapi-ratelimit-headers (-10):
//   RateLimit-Policy: "search";q=600;w=60     the budget and its window, in seconds
//   RateLimit: "search";r=599;t=42            requests left and seconds until the window resets
// and a refusal is 429 rate_limited with Retry-After.
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { RATE_LIMIT_TABLE } from "../db/external-tables";
import { rateLimitPool } from "../db/rate-limit-store";
import { recordThrottled, recordThrottleStoreFailure } from "../observability/metrics";
import { LogBudget } from "../observability/log-budget";
import { processLog } from "../observability/process-log.mjs";
import { ApiError } from "./api-errors";
import { config } from "../config";
import { clientAddress, clientKey, warnUntrustedForwarding, type TrustedHeader } from "./client-address";
import { processState } from "../process-state.mjs";

export const RATE_LIMIT_WINDOW_SECONDS = 60;
/** Keys the in-memory store keeps at most (a few hundred bytes each); the oldest window goes first. */
export const MAX_MEMORY_CLIENTS = 20_000;

export type RateLimitPolicy = "search";

/** The response fields for one decision; `retryAfter` only on a refusal. */
export function rateLimitFields(policy: RateLimitPolicy, limit: number, remaining: number, msBeforeReset: number, refused: boolean): Record<string, string> {
  const reset = Math.max(1, Math.ceil(msBeforeReset / 1000));
  return {
    "RateLimit-Policy": `"${policy}";q=${limit};w=${RATE_LIMIT_WINDOW_SECONDS}`,
    RateLimit: `"${policy}";r=${Math.max(0, remaining)};t=${reset}`,
    ...(refused ? { "Retry-After": String(reset) } : {}),
  };
}

/**
 * RateLimiterMemory with a bound on its keys: it frees a key only when its window ends, so many
 * client addresses in one minute would otherwise grow it without limit. Keys are tracked in
 * window order; past the bound the oldest window is dropped (that client starts afresh).
 */
export class BoundedMemoryLimiter {
  private readonly limiter: RateLimiterMemory;
  private readonly windows = new Map<string, number>();

  constructor(
    readonly points: number,
    private readonly maxKeys = MAX_MEMORY_CLIENTS,
  ) {
    this.limiter = new RateLimiterMemory({ points, duration: RATE_LIMIT_WINDOW_SECONDS });
  }

  get size(): number {
    return this.windows.size;
  }

  async consume(key: string): Promise<RateLimiterRes> {
    const now = Date.now();
    if ((this.windows.get(key) ?? 0) <= now) {
      this.windows.delete(key);
      this.windows.set(key, now + RATE_LIMIT_WINDOW_SECONDS * 1000);
      for (const [oldest] of this.windows) {
        if (this.windows.size <= this.maxKeys) break;
        this.windows.delete(oldest);
        await this.limiter.delete(oldest);
      }
    }
    return this.limiter.consume(key);
  }
}

type Limiter = Pick<RateLimiterAbstract, "consume">;

interface Throttle {
  limit: number;
  trusted: TrustedHeader[];
  limiter: Limiter | undefined;
}

const globalForThrottle = processState<{ menuThrottle?: Throttle }>("throttle", () => ({}));

function createThrottle(): Throttle {
  const { RATE_LIMIT_PER_MINUTE: limit, TRUSTED_PROXY_HEADERS: trusted } = config();
  if (limit === 0) return { limit, trusted, limiter: undefined };
  const pool = rateLimitPool();
  const limiter: Limiter = pool
    ? new RateLimiterPostgres({
        storeClient: pool,
        storeType: "pool",
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        keyPrefix: "search",
        points: limit,
        duration: RATE_LIMIT_WINDOW_SECONDS,
      })
    : new BoundedMemoryLimiter(limit);
  return { limit, trusted, limiter };
}

function throttle(): Throttle {
  return (globalForThrottle.menuThrottle ??= createThrottle());
}

/** Settings are read once per process; tests that change them start afresh. */
export function resetThrottle(): void {
  globalForThrottle.menuThrottle = undefined;
}

const storeFailureLog = new LogBudget(10);
const noAddressLog = new LogBudget(1);

/**
 * Counts one request of `policy` against the client's budget. Returns the RateLimit fields for
 * the answer, or throws ApiError rate_limited (429, with Retry-After and the same fields).
 * When the store fails (the database is down) or the client has no address, the request passes
 * unthrottled: throttling protects the service, it must not become its single point of failure.
 */
export async function consumeRateLimit(request: Request, policy: RateLimitPolicy): Promise<Record<string, string>> {
  const { limit, trusted, limiter } = throttle();
  if (!limiter) return {};
  warnUntrustedForwarding(request.headers, trusted);
  const address = clientAddress(request.headers, trusted);
  if (!address) {
    const suppressed = noAddressLog.take();
    if (suppressed !== undefined) processLog().warn({ policy, suppressed }, "throttle: no client address (set TRUSTED_PROXY_HEADERS where a proxy supplies it): request not throttled");
    return {};
  }
  let result: RateLimiterRes;
  try {
    result = await limiter.consume(clientKey(address));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) {
      // Fail open: the throttle protects the service, it must not become its single point of failure.
      recordThrottleStoreFailure();
      const suppressed = storeFailureLog.take();
      if (suppressed !== undefined) processLog().warn({ policy, err: rejection, suppressed }, "throttle store unavailable: request not throttled");
      return {};
    }
    const headers = rateLimitFields(policy, limit, 0, rejection.msBeforeNext, true);
    recordThrottled(policy);
    processLog().warn({ policy, client: address, limit, retry_after_s: Number(headers["Retry-After"]) }, "request throttled");
    throw new ApiError("rate_limited", `More than ${limit} ${policy} requests in ${RATE_LIMIT_WINDOW_SECONDS} seconds from this client.`, {
      hint: `Wait ${headers["Retry-After"]} seconds, then retry; cache results and reuse them instead of repeating a search.`,
      headers,
    });
  }
  return rateLimitFields(policy, limit, result.remainingPoints, result.msBeforeNext, false);
}

import type { IncomingMessage, ServerResponse } from "node:http";
export declare const FRONT_CACHE_HEADER: string;
export declare const FRONT_TTL_MAX_MS: number;
export declare const FRONT_ENTRY_MAX_BYTES: number;
export declare const FRONT_REFRESH_MS: number;
export interface FrontEntry {
  status: number;
  headers: [string, string | string[] | number][];
  body: Buffer;
  match: [string, string | undefined][];
  bytes: number;
  /** a request sent on to the app is making the next copy */
  refreshing?: boolean;
}
export declare function frontEligible(method: string | undefined, headers: Record<string, string | string[] | undefined>): boolean;
export declare function matchedHeaders(vary: unknown): string[] | null;
export declare function frontKey(url: string | undefined, headers: Record<string, string | string[] | undefined>): string;
export declare function sameRequest(entry: FrontEntry, headers: Record<string, string | string[] | undefined>): boolean;
export declare function frontEntry(answer: {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
  requestHeaders: Record<string, string | string[] | undefined>;
}): FrontEntry | null;
export declare function answerFromFront(req: IncomingMessage, res: ServerResponse, scope: { cacheHits: number }): boolean;
export declare function offerFromApp(req: IncomingMessage, res: ServerResponse, scope: { cacheHits: number; cacheMisses: number }): void;

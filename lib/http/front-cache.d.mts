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
  /** an MCP answer, kept up to its id's value */
  rpc?: boolean;
  /** the MCP answer's text up to the id, deflated, and its CRC-32: it was sent gzipped */
  gzip?: { deflated: Buffer; crc: number };
  /** a request sent on to the app is making the next copy */
  refreshing?: boolean;
}
export declare function frontEligible(method: string | undefined, headers: Record<string, string | string[] | undefined>): boolean;
export declare function matchedHeaders(vary: unknown): string[] | null;
export interface RpcCall {
  id: string | number;
  /** the message without its id */
  key: string;
}
export declare const FRONT_RPC_BODY_MAX_BYTES: number;
export declare const FRONT_RPC_BODY_WAIT_MS: number;
export declare function frontRpcEligible(method: string | undefined, url: string | undefined, headers: Record<string, string | string[] | undefined>): boolean;
export declare function rpcCallOf(text: string): RpcCall | undefined;
export declare function readRpcCall(req: IncomingMessage): Promise<RpcCall | undefined>;
export declare function frontKey(url: string | undefined, headers: Record<string, string | string[] | undefined>, call?: RpcCall): string;
export declare function sameRequest(entry: FrontEntry, headers: Record<string, string | string[] | undefined>): boolean;
export declare function frontEntry(answer: {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
  requestHeaders: Record<string, string | string[] | undefined>;
  call?: { id: string | number };
}): FrontEntry | null;
export declare function rpcBody(entry: FrontEntry, id: string | number): Buffer;
export declare function answerFromFront(req: IncomingMessage, res: ServerResponse, scope: { cacheHits: number }, call?: RpcCall): boolean;
export declare function offerFromApp(req: IncomingMessage, res: ServerResponse, scope: { cacheHits: number; cacheMisses: number }, call?: RpcCall): void;

import type { Server } from "node:http";
export declare const SERVER_TIMEOUTS: Readonly<{ headersMs: number; requestMs: number; checkIntervalMs: number; keepAliveMs: number }>;
export declare function maxConnectionsSetting(value?: string): number;
export declare function guardServer(server: Server, options?: { maxConnections?: number }): void;
export declare function installServerGuard(options?: { renderToken?: string }): void;
export declare const MAX_REQUESTS_IN_FLIGHT: number;

import type { Server } from "node:http";
export declare const SERVER_TIMEOUTS: Readonly<{ headersMs: number; requestMs: number; checkIntervalMs: number; keepAliveMs: number }>;
export declare function guardServer(server: Server, options?: { maxConnections?: number; internal?: boolean }): void;
export declare function installServerGuard(options?: { renderToken?: string }): void;
export declare const MAX_REQUESTS_IN_FLIGHT: number;
export declare function isStopping(): boolean;
export declare function requestsInFlight(): number;
export declare function gracefulStop(options?: { delayMs?: number; deadlineMs?: number }): Promise<void>;
export declare function takeOverSignals(): void;

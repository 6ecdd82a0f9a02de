export interface RequestScope {
  id: string;
  cacheHits: number;
  cacheMisses: number;
  /** epoch ms after which the request waits for no work-limiter slot */
  waitUntil: number;
}
export declare function newRequestScope(id: string): RequestScope;
export declare function runInRequest<T>(scope: RequestScope, work: () => T): T;
export declare function enterRequest(scope: RequestScope): void;
export declare function countCacheLookup(hit: boolean): void;
export declare function currentRequest(): RequestScope | undefined;
export declare function currentRequestId(): string | undefined;
export declare const REQUEST_WAIT_BUDGET_MS: number;
export declare const WAIT_UNTIL_HEADER: string;
export declare function waitBudgetLeft(): number | undefined;
export declare function narrowWaitUntil(scope: RequestScope, value: unknown): void;

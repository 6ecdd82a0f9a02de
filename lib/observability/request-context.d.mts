export interface RequestScope {
  id: string;
  cacheHits: number;
  cacheMisses: number;
}
export declare function newRequestScope(id: string): RequestScope;
export declare function runInRequest<T>(scope: RequestScope, work: () => T): T;
export declare function countCacheLookup(hit: boolean): void;
export declare function currentRequest(): RequestScope | undefined;
export declare function currentRequestId(): string | undefined;

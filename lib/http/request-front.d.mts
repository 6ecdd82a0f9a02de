export declare function normalizeApiPath(url: string): string;
export declare const ROUTED_METHODS: Set<string>;
export declare const ORIGINAL_METHOD_HEADER: string;
export declare function prepareRequest(req: { url?: string; method?: string; headers: Record<string, string | string[] | undefined> }): void;
export declare function malformedRequestResponse(baseUrl: string): string;

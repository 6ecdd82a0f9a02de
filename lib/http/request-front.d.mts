export declare function normalizeApiPath(url: string): string;
export declare const ROUTED_METHODS: Set<string>;
export declare const ORIGINAL_METHOD_HEADER: string;
export declare function prepareRequest(req: { url?: string; method?: string; headers: Record<string, string | string[] | undefined>; rawHeaders?: string[] }): void;
export declare function originForm(url: string): string;
export declare function firstHeaderLine(rawHeaders: string[], name: string): string | undefined;
export declare const SERVER_METHODS: string;
export declare function frontAnswer(req: { url?: string; method?: string }, baseUrl: string): { status: number; headers: Record<string, string>; body?: string } | null;
export interface FrontError {
  error: string;
  status: number;
  reason: string;
  message: string;
  hint: string;
}
export declare const FRONT_ERRORS: Record<"malformed" | "invalid_target" | "not_found" | "overloaded" | "timeout" | "headers_too_large", FrontError>;
export declare function clientErrorResponse(error: { code?: string } | undefined, baseUrl: string, requestId?: string): string | null;
export declare function clientErrorKind(error: { code?: string } | undefined): FrontError;
export declare const INTERNAL_PATH_ROOTS: string[];
export declare function isInternalPath(url: string): boolean;
export declare function internalPathAnswer(baseUrl: string): { status: number; headers: Record<string, string>; body: string };
export declare function responseBaseHeaders(baseUrl: string): Record<string, string>;
export declare const INTERNAL_RENDER_HEADER: string;
export declare function overloadedAnswer(baseUrl: string): { status: number; headers: Record<string, string>; body: string };

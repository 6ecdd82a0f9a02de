export declare const REQUEST_ID_HEADER: "x-request-id";
export declare const MAX_REQUEST_ID_LENGTH: number;
export declare function validRequestId(value: unknown): string | undefined;
export declare function traceIdOf(value: unknown): string | undefined;
export declare function newRequestId(): string;
export declare function requestIdOf(headers: Record<string, string | string[] | undefined>): string;

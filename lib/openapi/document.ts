// The OpenAPI 3.1 document of the whole API, generated with zod-openapi from the registry in
// lib/api/operations.ts (the handlers' own zod schemas), the error table and the cache policies. Nothing in
// it is hand-written JSON Schema except the header values, which come from the same constants the
// responses are sent with. Examples are real data, added per request by withExamples().
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiOverride, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from "zod-openapi";
import type { oas31 } from "zod-openapi";
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "../http/api-errors";
import { MAX_IF_NONE_MATCH_LENGTH } from "../http/api-route";
import { CACHE_POLICIES } from "../http/cache-policy";
import { publicBaseUrl, siteUrls } from "../site-urls";
import { API_OPERATIONS, methodsOf, TAGS, type MethodSpec, type TagName } from "../api/operations";
import type { CachePolicy } from "../http/cache-policy";
import type { RateLimitPolicy } from "../http/rate-limit";
import { errorHeaders, headerComponents, rateLimitHeaders, successHeaders } from "./headers";
import { mcpOperation } from "./mcp-operation";
import { ERROR_BODY_SCHEMAS, ERROR_CODE_LIST, ErrorBodySchema, errorSchemaName } from "./schemas";
import { API_VERSION, attributionText, contactEmail, SERVICE_NAME, SERVICE_SUMMARY } from "../service-info";

export type OpenApiDocument = oas31.OpenAPIObject;

/** One method of one path, as the document states it. */
export type RestOperation = MethodSpec & {
  path: string;
  method: "get" | "post";
  tag: TagName;
  throttled?: RateLimitPolicy;
  response: MethodSpec["response"] & { policy: CachePolicy };
};

/** The order of the document's paths, which predates the registry: kept so that /openapi.json did not change. */
const PATH_ORDER: TagName[] = ["Index", "Restaurants", "Directory", "Plans", "Tools", "Mirroring", "Health", "Tool server"];

const sortedOperations = () => [...API_OPERATIONS].sort((a, b) => PATH_ORDER.indexOf(a.tag) - PATH_ORDER.indexOf(b.tag));

/** Every REST operation of the registry, in the document's order (the tool server's POST aside). */
export function restOperations(): RestOperation[] {
  return sortedOperations().flatMap(({ path, tag, cache, throttled, ...op }) =>
    (["get", "post"] as const).flatMap((method) => {
      const spec = op[method];
      return spec && spec !== "json-rpc" ? [{ ...spec, path, method, tag, throttled, response: { ...spec.response, policy: cache } }] : [];
    }),
  );
}

/** Every path the document describes, with the methods it serves (HEAD and OPTIONS are implied). */
export function documentedMethods(): Map<string, Set<string>> {
  return new Map(API_OPERATIONS.map((op) => [op.path, new Set(methodsOf(op))]));
}

/** What each code means (contract section 7). Typed by ErrorCode: a new code fails to compile until described. */
export const ERROR_MEANINGS: Record<ErrorCode, string> = {
  not_found: "No endpoint at that path, or no published resource with that identifier",
  invalid_request: "A required parameter is missing or malformed",
  invalid_json: "The POST body could not be parsed as JSON",
  method_not_allowed: "The endpoint exists but not for that method; the Allow header lists the accepted methods",
  not_acceptable: "None of the media types in Accept can be produced",
  request_timeout: "The request did not arrive in time: its headers within 10 s, or its body within 10 s after them",
  payload_too_large: "The request body is larger than the endpoint accepts (64 KB)",
  headers_too_large: "The request headers are larger than the server accepts (16 KB in all); answered by the server before any endpoint",
  rate_limited: "Too many requests; back off for Retry-After seconds and retry",
  internal_error: "A failure on the service side; safe to retry",
  service_unavailable: "The service cannot serve this right now: too many searches or page renders at once, or its database unreachable or not migrated; retry after Retry-After seconds",
};

const ifNoneMatch = z
  .string()
  .max(MAX_IF_NONE_MATCH_LENGTH)
  .optional()
  .describe(`ETag(s) from an earlier response; when one still matches, the answer is 304 Not Modified with no body. At most ${MAX_IF_NONE_MATCH_LENGTH} characters: a longer one is invalid_request.`);

const errorRef = (code: ErrorCode) => ERROR_BODY_SCHEMAS[code];

/** An error answer of an operation; a throttled operation's errors carry the RateLimit fields too (the request was counted). */
function errorResponse(codes: ErrorCode[], throttled: boolean) {
  const schema = codes.length === 1 ? errorRef(codes[0]) : z.union(codes.map(errorRef) as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);
  return {
    description: codes.map((c) => `${c}: ${ERROR_MEANINGS[c]}`).join(". "),
    headers: { ...errorHeaders(codes.includes("service_unavailable") ? "retryAfter" : null), ...(throttled ? rateLimitHeaders() : {}) },
    content: { "application/json": { schema } },
  };
}

/** The shared 500, with the RateLimit fields on a throttled operation. */
function internalErrorResponse(throttled: boolean) {
  if (!throttled) return { $ref: "#/components/responses/InternalError" };
  return {
    description: `internal_error: ${ERROR_MEANINGS.internal_error}`,
    headers: { ...errorHeaders("retryAfter"), ...rateLimitHeaders() },
    content: { "application/json": { schema: ERROR_BODY_SCHEMAS.internal_error } },
  };
}

function restOperation(op: RestOperation): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = {
    "200": {
      description: op.response.description,
      headers: successHeaders(op.response.policy, Boolean(op.throttled)),
      content: { [op.response.contentType ?? "application/json"]: { schema: op.response.schema } },
    },
  };
  if (op.method === "get") {
    responses["304"] = {
      description: op.response.policy === "export" ? "Not Modified: the If-None-Match ETag (or If-Modified-Since) still matches; no body" : "Not Modified: the If-None-Match ETag still matches; no body",
      headers: successHeaders(op.response.policy, Boolean(op.throttled)),
    };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  // Every GET takes If-None-Match, and refuses one over its maxLength with invalid_request.
  const errors: ErrorCode[] = op.method === "get" && !op.errors.includes("invalid_request") ? ["invalid_request", ...op.errors] : op.errors;
  for (const code of errors) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  // 405: this operation's path answers every method it does not list with method_not_allowed
  // and an Allow header (the shared response, referenced where it applies).
  byStatus.delete(405);
  for (const [status, codes] of [...byStatus, [405, []] as [number, ErrorCode[]]].sort(([a], [b]) => a - b)) {
    responses[String(status) as "400"] = status === 405 ? { $ref: "#/components/responses/MethodNotAllowed" } : errorResponse(codes, Boolean(op.throttled));
  }
  if (op.throttled) responses["429"] = { $ref: "#/components/responses/RateLimited" };
  responses["500"] = internalErrorResponse(Boolean(op.throttled));

  return {
    ...(op.rules ? { "x-validation-rules": op.rules } : {}),
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: op.description,
    requestParams: {
      ...(op.query ? { query: op.query } : {}),
      ...(op.pathParams ? { path: op.pathParams } : {}),
      ...(op.method === "get" ? { header: z.object({ "If-None-Match": ifNoneMatch }) } : {}),
    },
    ...(op.body
      ? { requestBody: { required: true, description: op.body.description, content: { "application/json": { schema: op.body.schema } } } }
      : {}),
    responses,
  };
}

function paths(): ZodOpenApiPathsObject {
  const result: ZodOpenApiPathsObject = {};
  for (const op of restOperations()) {
    result[op.path] ??= {};
    result[op.path][op.method] = restOperation(op);
  }
  for (const op of sortedOperations()) if (op.post === "json-rpc") result[op.path] = { post: mcpOperation() };
  return result;
}

function infoDescription(): string {
  const codes = ERROR_CODE_LIST.map((c) => `| \`${c}\` | ${ERROR_CODES[c].status} | ${ERROR_MEANINGS[c]} |`).join("\n");
  return [
    SERVICE_SUMMARY,
    "",
    "## Rules for every endpoint",
    "- **Read-only.** There is no write API; menus are edited by their owners elsewhere.",
    "- **No authentication.** No API key, no account, no token, no sandbox: every example runs against production (`security: []`).",
    "- **CORS-open.** `Access-Control-Allow-Origin: *` on every response; `OPTIONS` answers the preflight with 204.",
    "- **Methods.** Read endpoints accept `GET` and `HEAD` (food-cost also `POST`); any other method is 405 `method_not_allowed` with an `Allow` header.",
    "- **Conditional requests.** Every successful response has an `ETag`; send it in `If-None-Match` to get 304 Not Modified.",
    `- **Caching** (\`s-maxage\`): directory and plan data 24 hours, search 60 seconds, one menu 5 minutes, tool results 24 hours (except the Wi-Fi QR answer, which echoes its password: \`${CACHE_POLICIES.secret}\`); errors \`${CACHE_POLICIES.noStore}\`.`,
    "- **No published quota; search is throttled.** Restaurant and dish search (both endpoints and the MCP tools `search_restaurants` and `search_dishes`, one budget) are limited per client address: every answer carries `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers), and going over is 429 `rate_limited` with `Retry-After`, never silent. Menus, directories, plans and tools are never throttled. Cache responses and avoid heavy search traffic.",
    "- **Only published data.** Serialization is an allowlist of published fields: no account, owner, guest or analytics data.",
    "",
    "## Errors",
    "Every failure under `/api` is JSON, including a path that does not exist (404 with `availableEndpoints`). Branch on `error`; codes are stable and never renamed.",
    "",
    "| error | HTTP status | Meaning |",
    "|---|---|---|",
    codes,
    "",
    "## Attribution and terms",
    attributionText(),
    "",
    `Interactive reference: ${siteUrls.apiReference()} · Index: ${siteUrls.apiIndex()} · MCP manifest: ${siteUrls.mcpManifest()}`,
  ].join("\n");
}

/**
 * The REST adapters read an empty query value as an absent one (`?q=&limit=` is what an HTML form
 * sends): every optional query parameter says so. A required one (food-cost's cost) stays refused.
 */
function allowEmptyQueryValues(document: OpenApiDocument): OpenApiDocument {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item as Record<string, oas31.OperationObject>)) {
      for (const parameter of (operation.parameters ?? []) as oas31.ParameterObject[]) {
        if (parameter.in === "query" && !parameter.required) parameter.allowEmptyValue = true;
      }
    }
  }
  return document;
}

function generate(): OpenApiDocument {
  // A schema per code an operation or shared response can answer (not_acceptable is the pages' code).
  const operations = restOperations();
  const usedCodes = new Set<ErrorCode>([...operations.flatMap((op) => op.errors), "method_not_allowed", "not_found", "rate_limited", "internal_error", "service_unavailable"]);
  const errorSchemas = Object.fromEntries([...usedCodes].map((code) => [errorSchemaName(code), ERROR_BODY_SCHEMAS[code]]));
  const responseSchemas = Object.fromEntries(operations.map((op) => [op.response.component, op.response.schema]));
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: `${SERVICE_NAME} public API`,
      version: API_VERSION,
      // OpenAPI 3.1 has info.summary; zod-openapi's InfoObject type predates it.
      ...({ summary: "Restaurant menus, directories, plans and utility tools: public, read-only, no API key." } as object),
      description: infoDescription(),
      termsOfService: siteUrls.terms(),
      contact: { name: `${SERVICE_NAME} API`, url: siteUrls.apiDocs(), ...(isEmailAddress(contactEmail()) ? { email: contactEmail() } : {}) },
      license: { name: "Terms of use: informational use with attribution", url: siteUrls.terms() },
    },
    servers: [{ url: publicBaseUrl(), description: "Production (the only server: no sandbox)", "x-internal": false }],
    security: [],
    tags: TAGS.map((t) => ({ ...t })),
    externalDocs: { description: "Interactive API reference", url: siteUrls.apiReference() },
    paths: paths(),
    components: {
      schemas: { ...responseSchemas, ErrorBody: ErrorBodySchema, ...errorSchemas },
      headers: headerComponents(),
      responses: {
        RateLimited: {
          description: `rate_limited: ${ERROR_MEANINGS.rate_limited}`,
          headers: errorHeaders("rateLimited"),
          content: { "application/json": { schema: ERROR_BODY_SCHEMAS.rate_limited } },
        },
        InternalError: {
          description: `internal_error: ${ERROR_MEANINGS.internal_error}`,
          headers: errorHeaders("retryAfter"),
          content: { "application/json": { schema: ERROR_BODY_SCHEMAS.internal_error } },
        },
        MethodNotAllowed: {
          description: `method_not_allowed, for any method this operation's path does not list: ${ERROR_MEANINGS.method_not_allowed}`,
          headers: errorHeaders("allow"),
          content: { "application/json": { schema: ERROR_BODY_SCHEMAS.method_not_allowed } },
        },
        // No response for a path without an endpoint: it belongs to no operation. Its body is the
        // NotFoundError schema with availableEndpoints (info.description says so).
      },
    },
  }, { override: integerFormat }) as OpenApiDocument;
  return allowEmptyQueryValues(document);
}

/** OpenAPI's email format wants a dotted domain: a localhost deployment simply has no contact email. */
function isEmailAddress(value: string): boolean {
  return /^[^@\s]+@[^@\s.]+(\.[^@\s.]+)+$/.test(value);
}

/**
 * Every integer says how wide it is: int32 when its bounds fit (status codes, limit), int64
 * otherwise (zod's integers are bounded by Number.MAX_SAFE_INTEGER, within int64).
 */
const integerFormat: ZodOpenApiOverride = ({ jsonSchema }) => {
  if (jsonSchema.type !== "integer" || jsonSchema.format) return;
  const INT32 = 2 ** 31;
  const min = jsonSchema.minimum as number | undefined;
  const max = jsonSchema.maximum as number | undefined;
  const fits = (min === undefined || min >= -INT32) && (max === undefined || max < INT32) && (min !== undefined || max !== undefined);
  jsonSchema.format = fits ? "int32" : "int64";
};

let cached: { base: string; document: OpenApiDocument } | undefined;

/** The document without examples: the published shape. Generated once per base URL. */
export function buildOpenApiDocument(): OpenApiDocument {
  const base = publicBaseUrl();
  if (cached?.base !== base) cached = { base, document: generate() };
  return structuredClone(cached.document);
}

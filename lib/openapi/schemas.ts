// Published shapes that have no zod schema of their own elsewhere: the error body (derived from the
// ERROR_CODES table, so a new code appears in the document the moment it exists), the API index
// and the JSON-RPC envelope of the tool server. Unit tests parse the real producers' output with
// these schemas, so they cannot drift from the code that emits the bodies.
import { z } from "zod";
import { ReadinessChecksSchema } from "../health/service-health";
import { ERROR_CODES, type ErrorCode } from "../http/api-errors";
import { MCP_LIMITS } from "../mcp/mcp-endpoint";

const uri = z.url();
/** An absolute URL that may contain RFC 6570 template expressions such as {slug}. */
const uriTemplate = z.string().meta({ override: { format: "uri-template" } });

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The extras some errors carry besides the six fields every error has. */
const ParameterIssueSchema = z.strictObject({
  parameter: z.string().describe('The parameter at fault, as a dotted path ("limit", "ingredients.0.cost"); "(input)" for the input as a whole'),
  message: z.string().describe("What is wrong with it"),
});

const errorFields = {
  error: z.enum(ERROR_CODE_LIST).describe("Stable error code; branch on this. Codes are never renamed."),
  status: z.number().int().min(400).max(599).describe("The HTTP status, repeated in the body"),
  message: z.string().describe("What happened"),
  hint: z.string().describe("How to fix it"),
  documentation: uri.describe("Documentation of the error format (the API index)"),
  specification: uri.describe("This OpenAPI document"),
};

const errorExtras = {
  availableEndpoints: z
    .array(uriTemplate)
    .optional()
    .describe("Only on a 404 for a path that has no endpoint: the absolute URL of every endpoint (URI templates where the path has a parameter)"),
  issues: z.array(ParameterIssueSchema).optional().describe("Only on invalid_request from parameter validation: every problem found"),
  limitBytes: z.number().int().optional().describe("Only on payload_too_large: the largest body accepted, in bytes"),
  checks: ReadinessChecksSchema.optional().describe("Only on service_unavailable from the readiness probe: which checks failed"),
};

/** Every error under /api (contract section 7). */
export const ErrorBodySchema = z.strictObject({ ...errorFields, ...errorExtras });

/** The component name of one code's error body: not_found → NotFoundError. */
export function errorSchemaName(code: ErrorCode): string {
  const pascal = code.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase());
  return pascal.endsWith("Error") ? pascal : `${pascal}Error`;
}

/**
 * The body of one specific error code: ErrorBody with error and status pinned (allOf in the
 * document, so generated clients get one ErrorBody type and every code still has its own schema).
 */
export function errorBodySchemaFor(code: ErrorCode) {
  const { status } = ERROR_CODES[code];
  return z
    .intersection(
      ErrorBodySchema,
      z.looseObject({
        error: z.literal(code),
        status: z.literal(status).meta({ override: { type: "integer", format: "int32" } }),
      }),
    )
    .describe(`The error body of ${code} (HTTP ${status}). ${ERROR_CODES[code].hint}`);
}

/** One zod schema per error code, built once so the document can reference each as a component. */
export const ERROR_BODY_SCHEMAS = Object.fromEntries(ERROR_CODE_LIST.map((code) => [code, errorBodySchemaFor(code)])) as Record<
  ErrorCode,
  ReturnType<typeof errorBodySchemaFor>
>;

/**
 * The member "in" of an index parameter, described under patternProperties ("^in$" matches that
 * one name: the same rule). Under properties, a schema whose key is "in" sits below a key named
 * "parameters", where the OWASP Spectral ruleset's owasp:api2:2023-no-credentials-in-url
 * (`$..parameters[?(@.in.match(…))]`) takes it for an OpenAPI parameter and crashes on it.
 */
const inAsPatternProperty = ({ jsonSchema }: { jsonSchema: Record<string, any> }) => {
  const properties = jsonSchema.properties as Record<string, unknown>;
  jsonSchema.patternProperties = { "^in$": properties.in };
  delete properties.in;
  // Still required: every parameter has a name, and with it an "in" (linters check `required`
  // against `properties`, so the requirement is stated with dependentRequired).
  jsonSchema.required = (jsonSchema.required as string[]).filter((name) => name !== "in");
  jsonSchema.dependentRequired = { name: ["in"] };
};

/** GET /api/public. Open at the top level: the index is a discovery document that may grow. */
export const ApiIndexSchema = z.looseObject({
  name: z.string(),
  version: z.string(),
  description: z.string(),
  baseUrl: uri,
  documentation: uri.describe("Documentation for people"),
  specification: uri.describe("This OpenAPI document"),
  reference: uri.optional().describe("The interactive API reference, rendered from the OpenAPI document"),
  authentication: z.literal("none"),
  attribution: z.string(),
  terms: uri,
  endpoints: z.array(
    z.strictObject({
      path: z.string(),
      url: uriTemplate.describe("Absolute URL of the endpoint; a URI template (RFC 6570) when the path has a parameter, e.g. {slug}"),
      methods: z.array(z.string()),
      summary: z.string(),
      parameters: z.array(
        z
          .strictObject({
            name: z.string(),
            in: z.enum(["query", "path", "body"]),
            required: z.boolean(),
            type: z.string(),
            description: z.string(),
          })
          .meta({ override: inAsPatternProperty }),
      ),
      example: uriTemplate.describe("An example request; {slug} stays a template only when no restaurant is published"),
      cacheControl: z.string(),
    }),
  ),
  errors: z.strictObject({
    format: z.record(z.string(), z.string()),
    codes: z.array(z.strictObject({ error: z.enum(ERROR_CODE_LIST), status: z.number().int(), hint: z.string() })),
    caching: z.string(),
  }),
  conventions: z.record(z.string(), z.string()),
});

// ── The tool server's JSON-RPC 2.0 envelope (POST /api/mcp) ─────────────────────────────────────

/** What a client may send as id: a string up to MCP_LIMITS.id characters, or a safe integer (zod's int). */
const JsonRpcRequestId = z.union([z.string().max(MCP_LIMITS.id), z.number().int()]);
// The echo is whatever number the client sent, even one beyond the safe-integer range.
const JsonRpcId = z.union([z.string(), z.number().meta({ override: { type: "integer", format: "int64" } })]).describe("The id of the request, echoed");

// Strict: a message with any other member is refused (-32600), as JSON-RPC 2.0 has no others.
export const JsonRpcRequestSchema = z
  .strictObject({
    jsonrpc: z.literal("2.0"),
    id: JsonRpcRequestId.optional().describe("Chosen by the client and echoed in the response; omitted for a notification (answered 202 with no body)"),
    method: z
      .string()
      .min(1)
      .max(MCP_LIMITS.method)
      .describe(
        "initialize, ping, tools/list, tools/call, resources/list, resources/read, resources/templates/list, prompts/list, prompts/get (protocol 2025-11-25), " +
          "server/discover (protocol 2026-07-28), or a notification such as notifications/initialized",
      ),
    params: z.record(z.string().max(MCP_LIMITS.paramName), z.unknown()).optional().describe("The method's parameters, e.g. { name, arguments } for tools/call"),
  })
  .describe("A JSON-RPC 2.0 request or notification");

export const JsonRpcErrorObjectSchema = z.object({
  code: z.number().int().describe("-32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params, -32603 internal error; other codes are defined by the protocol"),
  message: z.string(),
  data: z.unknown().optional(),
});

export const JsonRpcResponseSchema = z
  .union([
    z.object({ jsonrpc: z.literal("2.0"), id: JsonRpcId, result: z.record(z.string(), z.unknown()).describe("The method's result") }),
    z.object({ jsonrpc: z.literal("2.0"), id: z.union([z.string(), z.number(), z.null()]).describe("The id of the request, echoed as sent; null when it could not be read"), error: JsonRpcErrorObjectSchema }),
  ])
  .describe(
    "A JSON-RPC 2.0 response: result on success, error for a protocol failure. A failed tool call is a result with isError: true " +
      "and structuredContent carrying the REST error body (same codes as the REST API).",
  );

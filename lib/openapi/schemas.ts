// Published shapes that have no zod schema of their own elsewhere: the error body (derived from the
// ERROR_CODES table, so a new code appears in the document the moment it exists) and the API index.
// Unit tests parse the real producers' output with these schemas, so they cannot drift from the
// code that emits the bodies. The tool server's JSON-RPC envelope is in mcp-operation.ts.
import { z } from "zod";
import { ReadinessChecksSchema } from "../health/service-health";
import { ERROR_CODES, type ErrorCode } from "../http/api-errors";

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

// Validates real HTTP answers against the published OpenAPI 3.1 document with a JSON Schema 2020-12
// validator (Ajv 2020 + ajv-formats). The document is loaded whole, so $refs resolve exactly as a
// client's tooling would resolve them; a response is checked for a documented status, its body
// against that status's schema and its headers against the documented header schemas.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM interop.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

type Json = any;

const DOC_ID = "https://openapi.invalid/openapi.json";

/** One JSON-pointer token, escaped (RFC 6901) and URI-encoded for use in a fragment. */
const pointerToken = (t: string) => encodeURIComponent(t.replace(/~/g, "~0").replace(/\//g, "~1"));
/** The raw tokens of a fragment pointer such as "#/paths/~1api~1public/get". */
const tokensOf = (pointer: string) =>
  pointer
    .replace(/^#\/?/, "")
    .split("/")
    .filter(Boolean)
    .map((t) => decodeURIComponent(t).replace(/~1/g, "/").replace(/~0/g, "~"));
const pointerOf = (tokens: string[]) => `#/${tokens.map(pointerToken).join("/")}`;

export interface ResponseLike {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or undefined when there is none. */
  json: unknown;
  text: string;
}

export interface CheckResult {
  ok: boolean;
  problems: string[];
}

export class DocumentValidator {
  readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly document: Json) {
    // strict: false because OpenAPI 3.1 schemas may carry the OAS vocabulary (example, discriminator…).
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema({ ...document, $id: DOC_ID });
  }

  /** A validator for the schema at a JSON pointer of the document ("#/components/schemas/Restaurant"). */
  validatorAt(pointer: string): ValidateFunction {
    let fn = this.cache.get(pointer);
    if (!fn) {
      fn = this.ajv.compile({ $ref: DOC_ID + pointerOf(tokensOf(pointer)) });
      this.cache.set(pointer, fn);
    }
    return fn;
  }

  /** Follows a local $ref (components.responses, components.headers). */
  resolve<T = Json>(node: Json): T {
    let current = node;
    for (let i = 0; current && typeof current === "object" && "$ref" in current && i < 10; i++) {
      current = tokensOf(String(current.$ref)).reduce((o: Json, t) => o?.[t], this.document);
    }
    return current as T;
  }

  operation(path: string, method: string): Json {
    const op = this.document.paths?.[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`The document has no ${method.toUpperCase()} ${path}`);
    return op;
  }

  /** The documented statuses of an operation. */
  statuses(path: string, method: string): string[] {
    return Object.keys(this.operation(path, method).responses);
  }

  /** Checks one live response against the documented response for its status. */
  checkOperationResponse(path: string, method: string, res: ResponseLike): CheckResult {
    const op = this.operation(path, method);
    const status = String(res.status);
    const raw = op.responses[status];
    if (!raw) return { ok: false, problems: [`status ${status} is not documented for ${method.toUpperCase()} ${path} (documented: ${Object.keys(op.responses).join(", ")})`] };
    const responsePointer = "$ref" in raw ? String(raw.$ref) : pointerOf(["paths", path, method.toLowerCase(), "responses", status]);
    return this.checkResponse(responsePointer, res);
  }

  /** Checks a live response against a response object (e.g. "#/components/responses/MethodNotAllowed"). */
  checkResponse(responsePointer: string, res: ResponseLike): CheckResult {
    const problems: string[] = [];
    const response = this.resolve(this.resolvePointer(responsePointer));
    if (!response) return { ok: false, problems: [`no response object at ${responsePointer}`] };

    for (const [name, rawHeader] of Object.entries<Json>(response.headers ?? {})) {
      const header = this.resolve(rawHeader);
      const value = res.headers.get(name);
      if (value === null) {
        if (header.required) problems.push(`missing required header ${name}`);
        continue;
      }
      if (header.schema) {
        const validate = this.ajv.compile(header.schema);
        if (!validate(value)) problems.push(`header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(validate.errors)}`);
      }
    }

    const ndjson = response.content?.["application/x-ndjson"];
    if (ndjson) {
      // One JSON document per line, each valid against the media type's schema.
      const type = res.headers.get("content-type") ?? "";
      if (!/^application\/x-ndjson\b/.test(type)) problems.push(`content-type ${type} is not application/x-ndjson`);
      const validate = this.validatorAt(pointerOf([...tokensOf(responsePointer), "content", "application/x-ndjson", "schema"]));
      const lines = res.text.split("\n").filter((line) => line !== "");
      if (!lines.length) problems.push("empty NDJSON body");
      for (const [index, line] of lines.entries()) {
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          problems.push(`line ${index + 1} is not JSON: ${line.slice(0, 200)}`);
          continue;
        }
        if (!validate(value)) problems.push(`line ${index + 1}: ${this.ajv.errorsText(validate.errors, { separator: "; " })}`);
      }
      return { ok: problems.length === 0, problems };
    }
    const media = response.content?.["application/json"];
    if (!media) {
      if (res.text !== "") problems.push(`expected no body, got ${res.text.slice(0, 200)}`);
    } else {
      const type = res.headers.get("content-type") ?? "";
      if (!/^application\/json\b/.test(type)) problems.push(`content-type ${type} is not application/json`);
      if (res.json === undefined) problems.push(`body is not JSON: ${res.text.slice(0, 200)}`);
      else {
        // The media type's schema, addressed through the response object that holds it.
        const validate = this.validatorAt(pointerOf([...tokensOf(responsePointer), "content", "application/json", "schema"]));
        if (!validate(res.json)) problems.push(`body: ${this.ajv.errorsText(validate.errors, { separator: "; " })}`);
      }
    }
    return { ok: problems.length === 0, problems };
  }

  private resolvePointer(pointer: string): Json {
    return tokensOf(pointer).reduce((o: Json, t) => o?.[t], this.document);
  }
}

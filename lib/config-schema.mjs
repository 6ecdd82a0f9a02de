// The service's configuration: every environment variable the server reads, with its default, the
// values it allows and what it does, parsed and validated here (zod) and nowhere else, once, as the
// process starts. A bad value stops every run mode with one line per bad variable that names it,
// shows the value (secrets redacted) and says what is allowed (lib/server/start-up.ts,
// scripts/start.mjs).
// Plain JS: the start script loads it before any
// build exists. TypeScript code imports it through lib/config.ts. The README's configuration table
// lists exactly these names (config-schema.test.ts checks it).
import { z } from "zod";
import { processState } from "./process-state.mjs";

export const DEFAULT_DATABASE_URL = "file:./data/menu.db";
const POSTGRES_URL = /^postgres(ql)?:\/\//i;

const LOG_LEVELS = /** @type {const} */ (["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/** Trimmed text, or undefined when unset or blank: a blank variable means "use the default". */
const given = (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);

function wholeNumber(min, max) {
  return z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .refine((n) => n >= min && n <= max);
}

const booleanText = z.enum(["true", "false"]).transform((v) => v === "true");

function httpUrl(value) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * Why a PUBLIC_BASE_URL value cannot be the site's address, or undefined when it can: an absolute
 * http(s) URL of a host, without a path (the app serves from the root: its navigation, forms and
 * /_next assets are root-relative, so a prefix would half work), query, fragment or credentials.
 */
export function publicBaseUrlProblem(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    return `PUBLIC_BASE_URL must be an absolute URL with a scheme, e.g. https://menus.example.com; got "${value}"`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `PUBLIC_BASE_URL must start with https:// or http://; got "${value}"`;
  if (url.username || url.password) return `PUBLIC_BASE_URL must not contain credentials; got "${redactUrl(value)}"`;
  if (url.pathname.replace(/\/+$/, "") !== "" || url.search || url.hash) {
    return `PUBLIC_BASE_URL must be the site's origin without a path, query or fragment (the service is served from the root of its host; serve it on a host of its own, e.g. menus.example.com, rather than under a path prefix), e.g. ${url.origin}; got "${value}"`;
  }
  return undefined;
}

/** A URL with the password of its user part replaced by ***; anything after the last "@" is kept. */
export function redactUrl(value) {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)(.*)@([^@]*)$/is.exec(value);
  if (!m) return value;
  const colon = m[2].indexOf(":");
  return colon < 0 ? value : `${m[1]}${m[2].slice(0, colon)}:***@${m[3]}`;
}

/**
 * Why a database URL (DATABASE_URL or one of DATABASE_REPLICA_URLS) cannot be used, or undefined.
 * A PostgreSQL password with an unencoded "@" (or ":", "/", "#", "?") splits the URL in the wrong
 * place: the driver then looks up a host named after the rest of the password ("getaddrinfo
 * ENOTFOUND"), which names neither the setting nor the fix.
 */
export function databaseUrlProblem(name, value) {
  if (value.startsWith("file:")) {
    return value.length > "file:".length ? undefined : `${name} must name a file after file:, e.g. ${DEFAULT_DATABASE_URL}; got "${value}"`;
  }
  const shown = redactUrl(value);
  if (!POSTGRES_URL.test(value)) {
    return `${name} must start with file: (the embedded SQLite database) or postgresql:// (PostgreSQL); got "${shown}"`;
  }
  const beforeHost = value.replace(POSTGRES_URL, "").split(/[?#]/)[0];
  const encodeHint = `percent-encode them in the user name and password ("@" as %40, ":" %3A, "/" %2F, "#" %23, "?" %3F), e.g. postgresql://menu:p%40ss@db.example.org:5432/menu`;
  if ((beforeHost.match(/@/g) ?? []).length > 1) {
    return `${name} has more than one "@" before the host: an "@" in the password must be written %40; ${encodeHint}; got "${shown}"`;
  }
  let url;
  try {
    url = new URL(value);
  } catch {
    return `${name} is not a valid URL: if the password holds special characters, ${encodeHint}; got "${shown}"`;
  }
  if (!url.hostname && !url.searchParams.get("host")) {
    return `${name} has no host name: if the password holds special characters, ${encodeHint}; got "${shown}"`;
  }
  return undefined;
}

/**
 * TRUSTED_PROXY_HEADERS as the client-address code uses it: "CF-Connecting-IP, x-forwarded-for:2"
 * → [{ name: "cf-connecting-ip", hop: 1 }, { name: "x-forwarded-for", hop: 2 }] (hop: which
 * address from the right the header's N-th proxy wrote); undefined when an entry is malformed.
 *
 * @returns {{ name: string, hop: number }[] | undefined}
 */
export function trustedProxyHeaders(value) {
  const list = [];
  for (const entry of value.split(",").map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    const m = /^([a-z0-9-]+)(?::(\d+))?$/.exec(entry);
    const hop = Number(m?.[2] ?? 1);
    if (!m || hop < 1 || hop > 10) return undefined;
    list.push({ name: m[1], hop });
  }
  return list;
}

/**
 * Every setting: its zod schema (from the variable's trimmed text; unset or blank is undefined),
 * the default as the README states it, what it allows (the error message says it), what it does,
 * and whether its value is a secret (never printed).
 */
export const SETTINGS = {
  PORT: { schema: wholeNumber(1, 65535), default: "3000", allowed: "a whole number from 1 to 65535", does: "the port the server listens on" },
  HOSTNAME: { schema: z.string().regex(/^[A-Za-z0-9.:[\]%-]+$/), default: "0.0.0.0", allowed: "a host name or IP address to listen on", does: "the address the server listens on" },
  PUBLIC_BASE_URL: {
    schema: z.string(),
    default: "http://localhost:$PORT",
    allowed: "an origin: https://host[:port] or http://host[:port], no path",
    does: "the public address; every absolute URL the service publishes (API `url` fields, Markdown links, sitemaps, manifests) is built from it. While it is a localhost address, `/api/mcp` answers only to localhost (DNS-rebinding protection): set it before clients on other machines connect",
  },
  DATABASE_URL: {
    schema: z.string(),
    default: DEFAULT_DATABASE_URL,
    allowed: "file:<path> (SQLite) or postgresql://user:password@host:port/database (special characters percent-encoded)",
    does: "the database. Unset = the quick start's embedded SQLite file `data/menu.db`, created, migrated and seeded on first start. `file:…` = a SQLite file of yours: it must exist (`npm run db:migrate` creates it), the server never creates it unasked; a relative path is resolved against the project folder. `postgresql://…` = PostgreSQL (deploy = `npm run db:migrate`, then start). Its password is never printed",
    url: true,
  },
  DATABASE_REPLICA_URLS: {
    schema: z.string(),
    default: "–",
    allowed: "comma-separated database URLs of the same engine as DATABASE_URL",
    does: "read replicas: model reads go to a random replica, writes and transactions to `DATABASE_URL`",
    url: true,
  },
  DATABASE_POOL_SIZE: { schema: wholeNumber(1, 1000), default: "10", allowed: "a whole number from 1 to 1000", does: "PostgreSQL connections per pool (primary and each replica); 1–3 on serverless hosts" },
  MIGRATE_ON_START: {
    schema: booleanText,
    default: "`true` on SQLite, `false` on PostgreSQL",
    allowed: "true or false",
    does: "whether the server applies pending migrations as it starts. When `false` it checks that the schema is current and refuses to start while a migration is pending (run `npm run db:migrate`, the release step). Instances starting together take turns on an advisory lock",
  },
  SEED_DEMO_DATA: {
    schema: booleanText,
    default: "`true` while `DATABASE_URL` is unset (the quick start's `data/menu.db`), else `false`",
    allowed: "true or false",
    does: "whether the migration that creates the database (on start or by `npm run db:migrate`) loads the demo data. `true` also lets the server create a missing SQLite file that `DATABASE_URL` names",
  },
  SIGNUP_URL: { schema: z.string().refine(httpUrl), default: "$PUBLIC_BASE_URL/plans#sign-up", allowed: "an http(s) URL", does: "where `/api/public/plans` sends owners to sign up" },
  CONTACT_EMAIL: { schema: z.email(), default: "api@<host of PUBLIC_BASE_URL>", allowed: "an e-mail address", does: "the API contact in /openapi.json, ai-plugin.json and the agent card" },
  SECURITY_CONTACT: {
    schema: z.string().refine((v) => /^mailto:[^@\s]+@[^@\s]+$/i.test(v) || (/^https:/i.test(v) && httpUrl(v)) || /^[^@\s:/]+@[^@\s]+$/.test(v)),
    default: "mailto:security@<host of PUBLIC_BASE_URL>",
    allowed: "an e-mail address, a mailto: URI or an https: URL",
    does: "the Contact of /.well-known/security.txt (RFC 9116)",
  },
  REVALIDATE_SECRET: { schema: z.string().min(16), default: "– (endpoint off)", allowed: "at least 16 characters", does: "enables `POST /api/internal/revalidate` (Bearer token); unset = the endpoint does not exist", secret: true },
  MENU_CACHE_TTL_MS: { schema: wholeNumber(0, 86_400_000), default: "30000", allowed: "a whole number of milliseconds from 0 to 86400000", does: "lifetime of the in-process copies of menus, searches, Markdown twins and MCP tool answers; `0` = off" },
  CACHE_MEMORY_MB: {
    schema: z.string().regex(/^\d+(\.\d+)?$/).transform(Number).refine((n) => n > 0 && n <= 4096),
    default: "8",
    allowed: "a number of megabytes above 0, at most 4096",
    does: "what all in-process caches together may hold; raise it only with the heap cap",
  },
  CHANGE_WATCH: {
    schema: z.enum(["on", "off"]),
    default: "on",
    allowed: "on or off",
    does: "every instance reads the change feed's head once a second while it serves traffic and purges its copies when an import changed public data; `off` = a single instance whose operator calls the revalidation endpoint",
  },
  EXPORT_MAX_CONCURRENT: { schema: wholeNumber(1, 64), default: "3", allowed: "a whole number from 1 to 64", does: "bulk exports (`/api/public/export.ndjson`) one process streams at once; more answer `503 service_unavailable` with Retry-After" },
  RENDER_CONCURRENCY: { schema: wholeNumber(1, 256), default: "4", allowed: "a whole number from 1 to 256", does: "HTML renders at once; up to 64 more wait (10 s at most), beyond that `503 service_unavailable`" },
  QUERY_CONCURRENCY: { schema: wholeNumber(1, 1000), default: "DATABASE_POOL_SIZE", allowed: "a whole number from 1 to 1000", does: "searches and menu lookups that miss the cache at once; up to 256 more wait (10 s at most), beyond that `503`" },
  RATE_LIMIT_PER_MINUTE: { schema: wholeNumber(0, 1_000_000), default: "600", allowed: "a whole number from 0 (off) to 1000000", does: "restaurant and dish searches (REST and MCP, one budget) per client address and minute; `0` = no throttling" },
  TRUSTED_PROXY_HEADERS: {
    schema: z
      .string()
      .transform(trustedProxyHeaders)
      .refine((list) => list !== undefined),
    default: "– (none trusted)",
    allowed: "comma-separated header names, each with an optional :N (1–10), e.g. x-forwarded-for or x-forwarded-for:2",
    does: "request headers a proxy in front of the service sets with the client's address; unset = the TCP peer is the client. Behind a proxy or CDN, set it: otherwise every client shares the proxy's one search budget",
  },
  SHUTDOWN_DELAY_MS: { schema: wholeNumber(0, 120_000), default: "5000", allowed: "a whole number of milliseconds from 0 to 120000", does: "on `SIGTERM`, how long the server keeps accepting while readiness answers 503, before it drains; `0` = drain at once" },
  LOG_LEVEL: { schema: z.enum(LOG_LEVELS), default: "info", allowed: `one of ${LOG_LEVELS.join(", ")}`, does: "the least severe log line written; `debug` also shows MCP SDK errors and the schema engine's messages" },
  LOG_FORMAT: { schema: z.enum(["json", "pretty"]), default: "`pretty` when stdout is a terminal, else `json`", allowed: "json or pretty", does: "JSON lines (one object per line) or human-readable lines" },
  METRICS_PORT: { schema: wholeNumber(1, 65535), default: "– (off)", allowed: "a whole number from 1 to 65535, not PORT", does: "serves Prometheus metrics on a listener of its own (never on the public port); unset = no metrics listener" },
  METRICS_HOST: { schema: z.string().regex(/^[A-Za-z0-9.:[\]%-]+$/), default: "127.0.0.1", allowed: "a host name or IP address to listen on", does: "the address of the metrics listener" },
  OTEL_EXPORTER_OTLP_ENDPOINT: { schema: z.string().refine(httpUrl), default: "– (tracing off)", allowed: "an http(s) URL, e.g. http://127.0.0.1:4318", does: "exports OpenTelemetry traces over OTLP/HTTP to this collector; unset = no tracing", url: true },
  OTEL_SERVICE_NAME: { schema: z.string().regex(/^[\w.-]{1,100}$/), default: "menu-service", allowed: "1–100 letters, digits, '.', '_' or '-'", does: "the service name on exported traces" },
  OTEL_EXPORTER_OTLP_PROTOCOL: { schema: z.enum(["http/protobuf", "http/json"]), default: "http/protobuf", allowed: "http/protobuf or http/json (OTLP over HTTP; grpc is not supported)", does: "the encoding of exported traces" },
  VERCEL_URL: {
    schema: z.string().regex(/^(https?:\/\/)?[A-Za-z0-9.-]+(:\d+)?\/*$/),
    default: "– (set by Vercel)",
    allowed: "a host name (the platform sets it)",
    does: "on a Vercel-style platform, the deployment's own address: where a function with no listener of its own fetches a page's render",
  },
  VERCEL_AUTOMATION_BYPASS_SECRET: {
    schema: z.string().min(1),
    default: "– (set by Vercel)",
    allowed: "the platform's secret (Protection Bypass for Automation)",
    does: "behind Deployment Protection, sent with a function's fetch of a page's render (`x-vercel-protection-bypass`) so the platform's login lets it through",
    secret: true,
  },
};

/** Variables the service no longer reads, and what took their place: naming one is told, not silently ignored. */
export const RETIRED = {
  MCP_DEBUG: "LOG_LEVEL=debug shows MCP SDK errors",
  DEBUG_SCHEMA_ENGINE: "LOG_LEVEL=debug shows the schema engine's messages",
  MAX_CONNECTIONS: "connection limits are the edge's: per-client shares in edge/nginx.conf.template (npm run edge)",
  TURN_BUDGET_MS: "request admission is the edge's (npm run edge); the app bounds its expensive work (RENDER_CONCURRENCY, QUERY_CONCURRENCY)",
};

const NAMES = /** @type {(keyof typeof SETTINGS)[]} */ (Object.keys(SETTINGS));

// Each variable: blank is unset, else its schema. (The cast keeps each key's own type for TypeScript.)
const shape = /** @type {{ [K in keyof typeof SETTINGS]: z.ZodOptional<(typeof SETTINGS)[K]["schema"]> }} */ (
  /** @type {unknown} */ (Object.fromEntries(NAMES.map((name) => [name, z.preprocess(given, SETTINGS[name].schema.optional())])))
);

const configSchema = z
  .object(shape)
  .superRefine((raw, ctx) => {
    const problem = (name, message) => ctx.addIssue({ code: "custom", path: [name], message, params: { complete: true } });
    if (raw.PUBLIC_BASE_URL !== undefined) {
      const reason = publicBaseUrlProblem(raw.PUBLIC_BASE_URL);
      if (reason) problem("PUBLIC_BASE_URL", reason);
    }
    const primary = raw.DATABASE_URL ?? DEFAULT_DATABASE_URL;
    const primaryProblem = databaseUrlProblem("DATABASE_URL", primary);
    if (primaryProblem) problem("DATABASE_URL", primaryProblem);
    for (const replica of splitList(raw.DATABASE_REPLICA_URLS)) {
      const replicaProblem = databaseUrlProblem("DATABASE_REPLICA_URLS", replica);
      if (replicaProblem) problem("DATABASE_REPLICA_URLS", replicaProblem);
      else if (!primaryProblem && POSTGRES_URL.test(replica) !== POSTGRES_URL.test(primary)) {
        problem("DATABASE_REPLICA_URLS", `DATABASE_REPLICA_URLS must use the same engine as DATABASE_URL; got "${redactUrl(replica)}"`);
      }
    }
    if (raw.METRICS_PORT !== undefined && raw.METRICS_PORT === (raw.PORT ?? 3000)) {
      problem("METRICS_PORT", `METRICS_PORT must differ from PORT (metrics are never served on the public port); got "${raw.METRICS_PORT}"`);
    }
  });

function splitList(value) {
  return (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The error of a configuration that does not parse: `lines` has one line per bad variable. */
export class ConfigError extends Error {
  /** @param {string[]} lines */
  constructor(lines) {
    super(lines.join("\n"));
    this.name = "ConfigError";
    this.lines = lines;
  }
}

/** The value of a variable as an error or print-out may show it. */
function shown(name, value) {
  if (SETTINGS[name]?.secret) return "***";
  return SETTINGS[name]?.url ? value.split(",").map((v) => redactUrl(v.trim())).join(",") : value;
}

/**
 * The configuration from an environment (process.env by default), with every default applied, or
 * a ConfigError naming each bad variable, its value and what is allowed.
 *
 * @param {Record<string, string | undefined>} [env]
 * @param {{ stdoutIsTTY?: boolean }} [options]
 */
export function parseConfig(env = process.env, options = {}) {
  const input = Object.fromEntries(NAMES.map((name) => [name, env[name]]));
  const result = configSchema.safeParse(input);
  if (!result.success) {
    const lines = [];
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      const line = issue.params?.complete ? issue.message : `${name} must be ${SETTINGS[name].allowed}; got "${shown(name, String(given(env[name]) ?? ""))}"`;
      if (!lines.includes(line)) lines.push(line);
    }
    throw new ConfigError(lines);
  }
  const raw = result.data;
  const port = raw.PORT ?? 3000;
  const databaseUrl = raw.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const postgres = POSTGRES_URL.test(databaseUrl);
  const poolSize = raw.DATABASE_POOL_SIZE ?? 10;
  return Object.freeze({
    PORT: port,
    HOSTNAME: raw.HOSTNAME ?? "0.0.0.0",
    /** without a trailing slash */
    PUBLIC_BASE_URL: (raw.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    /** whether PUBLIC_BASE_URL was set (the default is a localhost address) */
    PUBLIC_BASE_URL_SET: raw.PUBLIC_BASE_URL !== undefined,
    DATABASE_URL: databaseUrl,
    /** whether DATABASE_URL was set (unset = the quick start's own data/menu.db) */
    DATABASE_URL_SET: raw.DATABASE_URL !== undefined,
    DATABASE_KIND: /** @type {"sqlite" | "postgresql"} */ (postgres ? "postgresql" : "sqlite"),
    DATABASE_REPLICA_URLS: splitList(raw.DATABASE_REPLICA_URLS),
    DATABASE_POOL_SIZE: poolSize,
    MIGRATE_ON_START: raw.MIGRATE_ON_START ?? !postgres,
    // Demo restaurants only in the quick start's own database, or when asked: never into a file
    // or server an operator named (issue 46).
    SEED_DEMO_DATA: raw.SEED_DEMO_DATA ?? raw.DATABASE_URL === undefined,
    SIGNUP_URL: raw.SIGNUP_URL,
    CONTACT_EMAIL: raw.CONTACT_EMAIL,
    SECURITY_CONTACT: raw.SECURITY_CONTACT,
    REVALIDATE_SECRET: raw.REVALIDATE_SECRET,
    MENU_CACHE_TTL_MS: raw.MENU_CACHE_TTL_MS ?? 30_000,
    CACHE_MEMORY_MB: raw.CACHE_MEMORY_MB ?? 8,
    CHANGE_WATCH: raw.CHANGE_WATCH ?? "on",
    EXPORT_MAX_CONCURRENT: raw.EXPORT_MAX_CONCURRENT ?? 3,
    RENDER_CONCURRENCY: raw.RENDER_CONCURRENCY ?? 4,
    QUERY_CONCURRENCY: raw.QUERY_CONCURRENCY ?? poolSize,
    RATE_LIMIT_PER_MINUTE: raw.RATE_LIMIT_PER_MINUTE ?? 600,
    /** parsed: [] = none trusted */
    TRUSTED_PROXY_HEADERS: raw.TRUSTED_PROXY_HEADERS ?? [],
    SHUTDOWN_DELAY_MS: raw.SHUTDOWN_DELAY_MS ?? 5_000,
    /** Next.js's own switch: set, its server leaves SIGTERM/SIGINT to instrumentation's graceful stop */
    NEXT_MANUAL_SIG_HANDLE: Boolean(env.NEXT_MANUAL_SIG_HANDLE),
    LOG_LEVEL: raw.LOG_LEVEL ?? "info",
    LOG_FORMAT: raw.LOG_FORMAT ?? ((options.stdoutIsTTY ?? process.stdout?.isTTY === true) ? "pretty" : "json"),
    METRICS_PORT: raw.METRICS_PORT,
    METRICS_HOST: raw.METRICS_HOST ?? "127.0.0.1",
    OTEL_EXPORTER_OTLP_ENDPOINT: raw.OTEL_EXPORTER_OTLP_ENDPOINT,
    OTEL_SERVICE_NAME: raw.OTEL_SERVICE_NAME ?? "menu-service",
    OTEL_EXPORTER_OTLP_PROTOCOL: raw.OTEL_EXPORTER_OTLP_PROTOCOL ?? "http/protobuf",
    VERCEL_URL: raw.VERCEL_URL?.replace(/^https?:\/\//, "").replace(/\/+$/, ""),
    VERCEL_AUTOMATION_BYPASS_SECRET: raw.VERCEL_AUTOMATION_BYPASS_SECRET,
  });
}

/** @typedef {ReturnType<typeof parseConfig>} Config */

// One parse per process, shared by every copy of this module (Next.js bundles it into several
// chunks; the start script loads it as a file).
const slot = processState("config", () => ({ config: undefined }));

/**
 * The process's configuration, parsed from process.env on first use. Throws a ConfigError when it does not parse.
 *
 * @returns {Config}
 */
export function config() {
  return (slot.config ??= parseConfig(process.env));
}

/** Forgets the parsed configuration: for tests that change process.env between cases. */
export function resetConfig() {
  slot.config = undefined;
}

/**
 * Lines saying which retired variables are set and what replaced them.
 *
 * @param {Record<string, string | undefined>} [env]
 */
export function retiredSettingLines(env = process.env) {
  return Object.entries(RETIRED)
    .filter(([name]) => given(env[name]) !== undefined)
    .map(([name, instead]) => `${name} is no longer read: ${instead}.`);
}

/**
 * The effective configuration, one variable a line (secrets redacted), with where each value came
 * from: what `npm start -- --print-config` and `npm run config` print.
 *
 * @param {Record<string, string | undefined>} [env]
 */
export function describeConfig(env = process.env) {
  const cfg = parseConfig(env);
  const width = Math.max(...NAMES.map((n) => n.length));
  return NAMES.map((name) => {
    const value = cfg[name];
    const list = Array.isArray(value) ? value.map((v) => (typeof v === "object" ? `${v.name}:${v.hop}` : v)) : undefined;
    const text = value === undefined ? "(unset)" : list ? (list.length ? list.join(",") : "(none)") : String(value);
    const source = given(env[name]) === undefined ? "default" : "set";
    return `${name.padEnd(width)}  ${value === undefined ? text : shown(name, text)}  (${source})`;
  }).join("\n");
}

/**
 * For the start script and print-config: the configuration, or the reasons on stderr and exit 1.
 * (The server's own start-up, lib/server/start-up.ts, does the same in every run mode.)
 */
export function configOrExit() {
  try {
    for (const line of retiredSettingLines()) console.warn(line);
    return config();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const line of error.lines) console.error(line);
    process.exit(1);
  }
}

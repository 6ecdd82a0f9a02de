import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, describeConfig, parseConfig, redactUrl, retiredSettingLines, SETTINGS } from "./config-schema.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The lines of the ConfigError a configuration throws (fails the test when it parses). */
function problems(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).lines;
  }
  throw new Error(`parsed: ${JSON.stringify(env)}`);
}

describe("the configuration", () => {
  it("has a working default for everything", () => {
    const c = parseConfig({}, { stdoutIsTTY: false });
    expect(c).toMatchObject({
      PORT: 3000,
      HOSTNAME: "0.0.0.0",
      PUBLIC_BASE_URL: "http://localhost:3000",
      DATABASE_URL: "file:./data/menu.db",
      DATABASE_KIND: "sqlite",
      DATABASE_REPLICA_URLS: [],
      DATABASE_POOL_SIZE: 10,
      QUERY_CONCURRENCY: 10,
      MIGRATE_ON_START: true,
      SEED_DEMO_DATA: true,
      MENU_CACHE_TTL_MS: 30_000,
      CACHE_MEMORY_MB: 8,
      RENDER_CONCURRENCY: 4,
      RATE_LIMIT_PER_MINUTE: 600,
      TRUSTED_PROXY_HEADERS: [],
      SHUTDOWN_DELAY_MS: 5_000,
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      METRICS_PORT: undefined,
      METRICS_HOST: "127.0.0.1",
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      OTEL_SERVICE_NAME: "menu-service",
    });
  });

  it("reads a blank variable as unset", () => {
    expect(parseConfig({ PORT: " ", LOG_LEVEL: "" }).PORT).toBe(3000);
  });

  it("writes pretty logs only to a terminal unless told", () => {
    expect(parseConfig({}, { stdoutIsTTY: true }).LOG_FORMAT).toBe("pretty");
    expect(parseConfig({ LOG_FORMAT: "json" }, { stdoutIsTTY: true }).LOG_FORMAT).toBe("json");
    expect(parseConfig({ LOG_FORMAT: "pretty" }, { stdoutIsTTY: false }).LOG_FORMAT).toBe("pretty");
  });

  it("never seeds or migrates a PostgreSQL database on start unless told", () => {
    const pg = { DATABASE_URL: "postgresql://menu:secret@db.example.org:5432/menu" };
    expect(parseConfig(pg)).toMatchObject({ DATABASE_KIND: "postgresql", SEED_DEMO_DATA: false, MIGRATE_ON_START: false });
    expect(parseConfig({ ...pg, SEED_DEMO_DATA: "true", MIGRATE_ON_START: "true" })).toMatchObject({ SEED_DEMO_DATA: true, MIGRATE_ON_START: true });
    expect(parseConfig({ SEED_DEMO_DATA: "false" }).SEED_DEMO_DATA).toBe(false);
  });

  // Issue 46: the demo restaurants go only into the quick start's own database unless asked for.
  it("seeds only the default database unless SEED_DEMO_DATA=true", () => {
    expect(parseConfig({})).toMatchObject({ DATABASE_URL_SET: false, SEED_DEMO_DATA: true });
    expect(parseConfig({ DATABASE_URL: "file:/srv/menus/menu.db" })).toMatchObject({ DATABASE_URL_SET: true, SEED_DEMO_DATA: false });
    expect(parseConfig({ DATABASE_URL: "file:./data/menu.db" }).SEED_DEMO_DATA).toBe(false);
    expect(parseConfig({ DATABASE_URL: "file:/srv/menus/menu.db", SEED_DEMO_DATA: "true" }).SEED_DEMO_DATA).toBe(true);
  });

  it("parses TRUSTED_PROXY_HEADERS into headers with their hop", () => {
    expect(parseConfig({ TRUSTED_PROXY_HEADERS: "CF-Connecting-IP, x-forwarded-for:2" }).TRUSTED_PROXY_HEADERS).toEqual([
      { name: "cf-connecting-ip", hop: 1 },
      { name: "x-forwarded-for", hop: 2 },
    ]);
  });

  it("takes the unit of QUERY_CONCURRENCY from the pool unless set", () => {
    expect(parseConfig({ DATABASE_POOL_SIZE: "3" }).QUERY_CONCURRENCY).toBe(3);
    expect(parseConfig({ DATABASE_POOL_SIZE: "3", QUERY_CONCURRENCY: "7" }).QUERY_CONCURRENCY).toBe(7);
  });

  it.each([
    [{ PORT: "70000" }, 'PORT must be a whole number from 1 to 65535; got "70000"'],
    [{ PORT: "3000abc" }, 'PORT must be a whole number from 1 to 65535; got "3000abc"'],
    [{ RATE_LIMIT_PER_MINUTE: "-1" }, 'RATE_LIMIT_PER_MINUTE must be a whole number from 0 (off) to 1000000; got "-1"'],
    [{ RATE_LIMIT_PER_MINUTE: "1.5" }, "RATE_LIMIT_PER_MINUTE must be"],
    [{ MENU_CACHE_TTL_MS: "lots" }, 'MENU_CACHE_TTL_MS must be a whole number of milliseconds from 0 to 86400000; got "lots"'],
    [{ CACHE_MEMORY_MB: "0" }, "CACHE_MEMORY_MB must be a number of megabytes above 0"],
    [{ DATABASE_POOL_SIZE: "ten" }, 'DATABASE_POOL_SIZE must be a whole number from 1 to 1000; got "ten"'],
    [{ SEED_DEMO_DATA: "yes" }, 'SEED_DEMO_DATA must be true or false; got "yes"'],
    [{ MIGRATE_ON_START: "1" }, 'MIGRATE_ON_START must be true or false; got "1"'],
    [{ LOG_LEVEL: "verbose" }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "verbose"'],
    [{ LOG_FORMAT: "text" }, 'LOG_FORMAT must be json or pretty; got "text"'],
    [{ METRICS_PORT: "0" }, 'METRICS_PORT must be a whole number from 1 to 65535, not PORT; got "0"'],
    [{ PORT: "8080", METRICS_PORT: "8080" }, 'METRICS_PORT must differ from PORT (metrics are never served on the public port); got "8080"'],
    [{ METRICS_PORT: "3000" }, "METRICS_PORT must differ from PORT"],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" }, 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL, e.g. http://127.0.0.1:4318; got "collector:4318"'],
    [{ TRUSTED_PROXY_HEADERS: "x forwarded" }, "TRUSTED_PROXY_HEADERS must be comma-separated header names"],
    [{ TRUSTED_PROXY_HEADERS: "x-forwarded-for:0" }, "TRUSTED_PROXY_HEADERS must be"],
    [{ TRUSTED_PROXY_HEADERS: "x-forwarded-for:11" }, "TRUSTED_PROXY_HEADERS must be"],
    [{ SHUTDOWN_DELAY_MS: "200000" }, 'SHUTDOWN_DELAY_MS must be a whole number of milliseconds from 0 to 120000; got "200000"'],
    [{ CONTACT_EMAIL: "api at example" }, 'CONTACT_EMAIL must be an e-mail address; got "api at example"'],
    [{ SECURITY_CONTACT: "ftp://x.example" }, "SECURITY_CONTACT must be an e-mail address, a mailto: URI or an https: URL"],
    [{ SIGNUP_URL: "/plans" }, 'SIGNUP_URL must be an http(s) URL; got "/plans"'],
    [{ PUBLIC_BASE_URL: "menus.example.com" }, 'PUBLIC_BASE_URL must be an absolute URL with a scheme, e.g. https://menus.example.com; got "menus.example.com"'],
    [{ PUBLIC_BASE_URL: "https://example.com/menus" }, "PUBLIC_BASE_URL must be the site's origin without a path"],
    [{ DATABASE_URL: "mysql://menu:secret@db/menu" }, 'DATABASE_URL must start with file: (the embedded SQLite database) or postgresql:// (PostgreSQL); got "mysql://menu:***@db/menu"'],
  ])("refuses %j with one line naming the variable, the value and what is allowed", (env, line) => {
    const lines = problems(env);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(line);
  });

  it("names every bad variable at once, one line each", () => {
    expect(problems({ PORT: "x", LOG_LEVEL: "y", SEED_DEMO_DATA: "z" }).map((l) => l.split(" ")[0]).sort()).toEqual(["LOG_LEVEL", "PORT", "SEED_DEMO_DATA"]);
  });

  describe("DATABASE_URL", () => {
    it("says to percent-encode an @ in the password, never showing the password", () => {
      const [line] = problems({ DATABASE_URL: "postgresql://menu:p@ssw0rd@db.example.org:5432/menu" });
      expect(line).toMatch(/^DATABASE_URL has more than one "@" before the host: an "@" in the password must be written %40/);
      expect(line).toContain("postgresql://menu:p%40ss@db.example.org:5432/menu");
      expect(line).toContain('got "postgresql://menu:***@db.example.org:5432/menu"');
      expect(line).not.toContain("ssw0rd");
    });

    it("says so too for other characters that break the URL", () => {
      const [line] = problems({ DATABASE_URL: "postgresql://menu:pa/ss@db.example.org/menu" });
      expect(line).toMatch(/^DATABASE_URL is not a valid URL: .*percent-encode/);
      expect(line).not.toContain("pa/ss");
    });

    it("accepts an encoded password, a socket URL and SQLite files", () => {
      for (const url of ["postgresql://menu:p%40ss@db.example.org:5432/menu", "postgres://menu@localhost/menu", "postgresql:///menu?host=/var/run/postgresql", "file:./data/menu.db", "file:/tmp/x.db?mode=ro"]) {
        expect(parseConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
      }
    });

    it("checks each replica URL, and that replicas use the primary's engine", () => {
      expect(problems({ DATABASE_REPLICA_URLS: "postgresql://r:secret@replica/menu" })).toEqual([
        'DATABASE_REPLICA_URLS must use the same engine as DATABASE_URL; got "postgresql://r:***@replica/menu"',
      ]);
      expect(problems({ DATABASE_URL: "postgresql://a@db/menu", DATABASE_REPLICA_URLS: "postgresql://r:p@ss@replica/menu" })[0]).toMatch(/^DATABASE_REPLICA_URLS has more than one "@"/);
      expect(parseConfig({ DATABASE_REPLICA_URLS: " file:/tmp/r.db , " }).DATABASE_REPLICA_URLS).toEqual(["file:/tmp/r.db"]);
    });
  });

  it("never shows a secret in an error", () => {
    const [line] = problems({ REVALIDATE_SECRET: "too-short" });
    expect(line).toBe('REVALIDATE_SECRET must be at least 16 characters; got "***"');
  });

  it("redacts only the password of a URL", () => {
    expect(redactUrl("postgresql://menu:secret@db:5432/menu")).toBe("postgresql://menu:***@db:5432/menu");
    expect(redactUrl("postgresql://menu@db/menu")).toBe("postgresql://menu@db/menu");
    expect(redactUrl("file:./data/menu.db")).toBe("file:./data/menu.db");
  });
});

describe("the printed configuration (--print-config)", () => {
  const env = {
    DATABASE_URL: "postgresql://menu:hunter2hunter2@db.example.org:5432/menu",
    DATABASE_REPLICA_URLS: "postgresql://ro:replica-pass@r1.example.org/menu",
    REVALIDATE_SECRET: "revalidate-secret-0123456789",
    OTEL_EXPORTER_OTLP_ENDPOINT: "https://otel:collector-token@otel.example.org:4318",
    PORT: "8080",
  };
  const printed = describeConfig(env);

  it("lists every setting once, with its value and where it came from", () => {
    const lines = printed.split("\n");
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(Object.keys(SETTINGS));
    expect(printed).toMatch(/^PORT +8080 +\(set\)$/m);
    expect(printed).toMatch(/^PUBLIC_BASE_URL +http:\/\/localhost:8080 +\(default\)$/m);
    expect(printed).toMatch(/^SEED_DEMO_DATA +false +\(default\)$/m);
  });

  it("redacts passwords and secrets", () => {
    for (const secret of ["hunter2hunter2", "replica-pass", "revalidate-secret-0123456789", "collector-token"]) expect(printed).not.toContain(secret);
    expect(printed).toContain("postgresql://menu:***@db.example.org:5432/menu");
    expect(printed).toMatch(/^REVALIDATE_SECRET +\*\*\* +\(set\)$/m);
  });
});

describe("retired variables", () => {
  it("are named with what replaced them", () => {
    expect(retiredSettingLines({ MCP_DEBUG: "1", DEBUG_SCHEMA_ENGINE: "1" })).toEqual([
      "MCP_DEBUG is no longer read: LOG_LEVEL=debug shows MCP SDK errors.",
      "DEBUG_SCHEMA_ENGINE is no longer read: LOG_LEVEL=debug shows the schema engine's messages.",
    ]);
    expect(retiredSettingLines({})).toEqual([]);
  });
});

describe("one source of configuration", () => {
  it("the README's configuration table lists exactly these variables", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 5));
    const rows = [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    const service = rows.slice(0, rows.indexOf("NODE_OPTIONS"));
    expect(service).toEqual(Object.keys(SETTINGS));
  });

  it("no server module reads process.env but the configuration (and Next.js' build constants)", () => {
    // Build constants Next.js compiles in (next.config.ts env, NODE_ENV, NEXT_RUNTIME) are not settings.
    const allowed: Record<string, RegExp> = {
      "lib/config-schema.mjs": /./,
      "lib/build-secret.ts": /process\.env\.MENU_BUILD_SECRET/,
      "lib/build-info.ts": /process\.env\.MENU_BUILD_(VERSION|COMMIT)/,
      "lib/pages/html-page.ts": /process\.env\.NODE_ENV/,
      "instrumentation.ts": /process\.env\.NEXT_RUNTIME/,
      // Next.js sets it while building: no instance watches the feed from inside the build
      "lib/cache/change-watch.ts": /process\.env\.NEXT_PHASE/,
      // hands the environment on to the build and to Next.js's server.js, reads no setting
      "scripts/start.mjs": /\.\.\.process\.env|env = process\.env|process\.env\.(NEXT_TELEMETRY_DISABLED|PORT|HOSTNAME|NEXT_MANUAL_SIG_HANDLE) = |process\.env\.KEEP_ALIVE_TIMEOUT \|\|= /,
    };
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(path.join(ROOT, dir))) {
        const rel = path.join(dir, name);
        if (name === "generated" || name === "generated-pg" || name === "node_modules") continue;
        if (statSync(path.join(ROOT, rel)).isDirectory()) walk(rel);
        else if (/\.(ts|tsx|mjs)$/.test(name) && !/\.test\.ts$|\.d\.mts$/.test(name)) files.push(rel);
      }
    };
    walk("lib");
    walk("app");
    files.push("middleware.ts", "instrumentation.ts", "scripts/start.mjs");
    const offenders = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .filter((line) => /process\.env\b/.test(line) && !line.trim().startsWith("//") && !(allowed[file]?.test(line) ?? false))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});

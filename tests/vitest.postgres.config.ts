// The PostgreSQL stage of npm test (TEST_POSTGRES_URL set): the files whose outcome depends on the
// database engine, against one server on a PostgreSQL database (the HTTP stage's global setup),
// plus the checks that only make sense there (tests/postgres).
//
// Run here: queries, filters and cursors (api-read, query-numbers), search (dish-search,
// diner-search, dishes-page), what the directory lists (directory-published), the change feed,
// the export and imports (change-feed, replay-mirror), every endpoint with hostile parameters
// (contract-properties) and with the documented answers, /api/health/ready's database and migration
// checks included (contract-responses), validators from stored timestamps (conditional-requests).
// Left to the SQLite run of the HTTP stage: what is decided above the data layer, the same on
// both engines — error format, methods, CORS, HEAD (api-contract), parameter validation against
// the schema (openapi-fuzz, openapi-exactness; contract-properties sends its hostile values to
// the PostgreSQL queries), pages, twins and their negotiation (pages-*, menu-languages,
// structured-data), discovery documents and the reference UI, request parsing (edge-requests),
// the README's commands (readme-examples: only exit status and 2xx are asserted), the
// revalidation endpoint, the tools that read no database (tools-*), the MCP protocol, resources
// and tools (tests/mcp: adapters over the same functions as REST), the throttle headers (the
// PostgreSQL throttle store is the fault stage's). `TEST_POSTGRES_URL=… npm run test:http` still
// runs every HTTP file on PostgreSQL.
import { defineConfig } from "vitest/config";
import http from "./vitest.http.config.ts";

const onPostgres = [
  "api-read",
  "query-numbers",
  "dish-search",
  "diner-search",
  "dishes-page",
  "directory-published",
  "change-feed",
  "replay-mirror",
  "contract-properties",
  "contract-responses",
  "conditional-requests",
].map((name) => `tests/http/${name}.test.ts`);

export default defineConfig({ ...http, test: { ...http.test, include: [...onPostgres, "tests/postgres/**/*.test.ts"] } });

// Vitest global setup for the HTTP and MCP suites: one real server for all test files.
import type { TestProject } from "vitest/node";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer | undefined;

export async function setup(project: TestProject) {
  // Throttling on (every search carries its RateLimit fields), with a budget the files running side
  // by side cannot use up from one address: the 429s are tests/fault's.
  server = await startTestServer({ extraEnv: { RATE_LIMIT_PER_MINUTE: "100000" } });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", server.databaseUrl);
  project.provide("serverLog", server.logFile);
  project.provide("serverMode", server.mode);
}

export async function teardown() {
  await server?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    serverLog: string;
    /** how the server runs (tests/support/test-server.ts); some answers belong to the platform */
    serverMode: "npm-start" | "standalone" | "next-start";
  }
}

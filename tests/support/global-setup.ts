// Vitest global setup for the HTTP and MCP suites: one real server for all test files.
import type { TestProject } from "vitest/node";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer | undefined;

export async function setup(project: TestProject) {
  server = await startTestServer();
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

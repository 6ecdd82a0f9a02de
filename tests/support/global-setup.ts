// Vitest global setup for the HTTP and MCP suites: one real server for all test files.
import type { TestProject } from "vitest/node";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer | undefined;

export async function setup(project: TestProject) {
  server = await startTestServer();
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", server.databaseUrl);
  project.provide("serverLog", server.logFile);
}

export async function teardown() {
  await server?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    serverLog: string;
  }
}

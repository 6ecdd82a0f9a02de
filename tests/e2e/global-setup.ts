// Starts the app once for all browser tests (tests/support/test-server.ts: a throw-away database
// with the demo data and tests/fixtures/menus.json) and hands its URL to the workers through the
// environment. The returned function stops it. With E2E_BASE_URL already set, the tests run
// against that server instead (it must have the fixture loaded).
import { startTestServer } from "../support/test-server";

export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  const server = await startTestServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  return async () => {
    await server.stop();
  };
}

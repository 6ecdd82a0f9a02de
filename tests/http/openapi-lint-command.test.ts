// Issue 46.16: the documented lint of a running server works against the quick start's own server
// (http on a loopback address), as docs/openapi-and-discovery.md promises: zero problems.
import { spawn } from "node:child_process";
import path from "node:path";
import { expect, inject, it } from "vitest";

it("node tests/openapi/lint.mjs <url> passes against a server on http://127.0.0.1", async () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const url = `${inject("baseUrl")}/openapi.json`;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/openapi\.json$/);
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["tests/openapi/lint.mjs", url], { cwd: root, env: { ...process.env, NO_COLOR: "1" } });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ code, output }));
  });
  expect(output).toContain("is linted as https://menu-service.test");
  expect(output, output.slice(-3000)).toContain("OpenAPI lint passed");
  expect(code).toBe(0);
}, 300_000);

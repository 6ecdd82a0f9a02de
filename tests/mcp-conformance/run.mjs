// npm test's last stage: the official MCP conformance suite against the running app, in both
// protocol generations (see run.ts and NOT-APPLICABLE.md). This wrapper only starts run.ts under
// tsx, which the test-server helper needs, and passes its exit code on.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const result = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "tests/mcp-conformance/run.ts")], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
process.exit(result.status ?? 1);

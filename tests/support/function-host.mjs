// A function platform's side of the app, as the serverless test sees it: the built app behind a
// Unix socket the platform's front forwards to, and no TCP listener at all in this process, so the
// HTML handler has no loopback to fetch its renders from and goes the way a function does: to
// the deployment's own URL (VERCEL_URL), through the platform's front and its login.
//   node tests/support/function-host.mjs <socket path>
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const socketPath = process.argv[2];
if (!socketPath) throw new Error("usage: function-host.mjs <socket path>");
process.chdir(root);
process.env.NEXT_TELEMETRY_DISABLED = "1";
// The config the build serialized, as the standalone server reads it (see scripts/start.mjs).
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(JSON.parse(readFileSync(".next/required-server-files.json", "utf8")).config);
const { default: next } = await import("next");
const app = next({ dev: false, dir: root });
await app.prepare();
const server = createServer(app.getRequestHandler());
server.listen(socketPath, () => console.log(`function ready on ${socketPath}`));

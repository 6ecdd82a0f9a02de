// npm run config (node scripts/print-config.mjs) — the effective configuration of this
// environment, one variable a line with where its value came from, secrets redacted; exits 1 with
// the reasons when a value is bad. `npm start -- --print-config` does the same; so does
// `node server.js --print-config` for the standalone server (lib/server/start-up.ts).
import { configOrExit, describeConfig } from "../lib/config-schema.mjs";

configOrExit();
console.log(describeConfig());

// npm run config (node scripts/print-config.mjs) — the effective configuration of this
// environment, one variable a line with where its value came from, secrets redacted; exits 1 with
// the reasons when a value is bad. It never starts the server. `npm start -- --print-config` does
// the same. The standalone output (and so the container image) has this file beside server.js:
// `node scripts/print-config.mjs` there. `node server.js --print-config` cannot do it first:
// Next.js's standalone server listens before any code of ours runs (lib/server/start-up.ts).
import { configOrExit, describeConfig } from "../lib/config-schema.mjs";

configOrExit();
console.log(describeConfig());

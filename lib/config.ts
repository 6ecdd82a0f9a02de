// The service's configuration for TypeScript code: every setting the server reads, parsed and
// validated once (lib/config-schema.mjs, which the start script loads as
// plain JS). Modules take their settings from config(), never from process.env.
export { config, ConfigError, describeConfig, parseConfig, resetConfig, retiredSettingLines, SETTINGS } from "./config-schema.mjs";
export type { Config } from "./config-schema.mjs";

// PostgreSQL runs the very same models as SQLite. prisma/schema.prisma is the one source; the
// PostgreSQL schema is derived from it (provider, client output, and the lines marked
// "// postgresql:", which only PostgreSQL can express, less the lines marked "// sqlite only"), written to
// prisma/postgresql/schema.prisma by `npm install`, and a test fails if the committed copy differs.

/** A line "  // postgresql: @@index(…)" of the source becomes "  @@index(…)" in the PostgreSQL schema. */
const POSTGRESQL_ONLY = /^([ \t]*)\/\/ postgresql: (.+)$/gm;
/** A line "  @@index(…) // sqlite only" of the source is left out of the PostgreSQL schema. */
const SQLITE_ONLY = /^[^\n]*\/\/ sqlite only\n/gm;

/**
 * @param {string} sqliteSchema the text of prisma/schema.prisma
 * @returns {string} the text of prisma/postgresql/schema.prisma
 */
export function derivePostgresqlSchema(sqliteSchema) {
  const provider = /(datasource db \{[^}]*provider\s*=\s*)"sqlite"/;
  const output = /(output\s*=\s*)"\.\.\/lib\/db\/generated"/;
  if (!provider.test(sqliteSchema) || !output.test(sqliteSchema)) {
    throw new Error('prisma/schema.prisma must keep provider = "sqlite" and output = "../lib/db/generated"');
  }
  return (
    "// GENERATED from prisma/schema.prisma by lib/db/derive-postgresql-schema.mjs — do not edit.\n" +
    sqliteSchema
      .replace(provider, '$1"postgresql"')
      .replace(output, '$1"../../lib/db/generated-pg"')
      // PostgreSQL-only attributes (e.g. a GIN index) live in the source as "// postgresql: <line>".
      .replace(POSTGRESQL_ONLY, "$1$2")
      // SQLite-only attributes (an index PostgreSQL cannot hold) end in "// sqlite only".
      .replace(SQLITE_ONLY, "")
  );
}

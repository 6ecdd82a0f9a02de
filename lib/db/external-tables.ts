// Tables the migrations create that prisma/schema.prisma does not model, so Prisma's schema engine
// must leave them alone: without this list every `db:migration:new` would propose to drop them.
// Used by lib/db/schema-engine.ts (filters.externalTables) and prisma.config.ts (tables.external).
//
// SQLite: RestaurantSearch is an FTS5 trigram index of the published restaurants' searchText (the
// q filter of the search), since 20261127233000_restaurant_search_scope with the restaurant's city
// and cuisine beside it, kept in sync by triggers on "Restaurant" (migration
// 20261122030204_search_index); FTS5 stores it in the four shadow tables listed after it.
// A later migration that redefines the "Restaurant" table (SQLite's table rebuild) drops those
// triggers with it and must create them again: tests/db/search-index.test.ts fails if it does not.
// DishSearch is the same for the dishes' searchText (q of the dish search) with the restaurant's
// city and cuisine beside it, kept in sync by triggers on "MenuItem", "Restaurant" and "Category"
// (migrations 20261124215120_dish_search_index, 20261125000000_dish_search_scope), and since
// 20261126070000_dish_filter_index also the dish's diet tags, allergens and price class, with its
// vocabulary DishSearchTerms; the same rule applies to a rebuild of any of those three tables.
//
// OpeningInterval (both engines) is each restaurant's opening hours as weekly intervals of local
// minutes with its city's time zone, kept by triggers on "Restaurant" and "City" (migration
// 20261126071500_opening_interval): the openNow/openAt filter of both searches tests it in SQL. A
// rebuild of "Restaurant" or "City" on SQLite must recreate those triggers too. On SQLite the R*Tree
// OpeningIntervalIndex (with its three shadow tables) indexes those intervals by minute and city for
// the restaurants open at an instant, kept by triggers on "OpeningInterval" (migration
// 20261127030000_open_interval_index); on PostgreSQL that is a GiST index of OpeningInterval.
// SearchCharacter (SQLite) holds
// every character of the published restaurants' searchText, kept by triggers on "Restaurant" with
// the help of SearchPosition (a numbering 1..8192): with it the trigram index answers a q of 2
// characters (migration 20261126073000_search_character); the same rule for a rebuild applies.
//
// PostgreSQL: its search index (pg_trgm GIN on "searchText") is modelled in the derived schema
// (see lib/db/derive-postgresql-schema.mjs). RateLimit is the throttle's shared store, in the
// layout of rate-limiter-flexible (migration 20261124180000_rate_limit, lib/http/rate-limit.ts).
import type { DatabaseKind } from "./database-url";

export const SQLITE_SEARCH_TABLE = "RestaurantSearch";
export const SQLITE_DISH_SEARCH_TABLE = "DishSearch";
/** The vocabulary of DishSearch (an fts5vocab table, no storage of its own): the trigrams a short q starts (migration dish_filter_index). */
export const SQLITE_DISH_SEARCH_TERMS = "DishSearchTerms";
export const RATE_LIMIT_TABLE = "RateLimit";
export const OPENING_INTERVAL_TABLE = "OpeningInterval";
/** SQLite: the R*Tree of the opening intervals (migration open_interval_index). */
export const SQLITE_OPENING_INTERVAL_INDEX = "OpeningIntervalIndex";
/** SQLite: the characters of the published texts, and a numbering of a text's characters (migration search_character). */
export const SQLITE_SEARCH_CHARACTER_TABLES = ["SearchCharacter", "SearchPosition"];

export const EXTERNAL_TABLES: Record<DatabaseKind, string[]> = {
  sqlite: [
    ...[SQLITE_SEARCH_TABLE, SQLITE_DISH_SEARCH_TABLE].flatMap((t) => [t, ...["config", "data", "docsize", "idx"].map((s) => `${t}_${s}`)]),
    SQLITE_DISH_SEARCH_TERMS,
    OPENING_INTERVAL_TABLE,
    ...[SQLITE_OPENING_INTERVAL_INDEX, ...["node", "parent", "rowid"].map((s) => `${SQLITE_OPENING_INTERVAL_INDEX}_${s}`)],
    ...SQLITE_SEARCH_CHARACTER_TABLES,
  ],
  // PostgreSQL wants schema-qualified names here.
  postgresql: [`public.${RATE_LIMIT_TABLE}`, `public.${OPENING_INTERVAL_TABLE}`],
};

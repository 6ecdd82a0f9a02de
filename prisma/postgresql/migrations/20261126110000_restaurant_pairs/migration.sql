-- No semicolon or apostrophe may appear in a comment here: the schema engine cuts the script at
-- every semicolon, in comments and quotes too.
-- Restaurant q of two characters on PostgreSQL from an index (issue 29): pg_trgm extracts no
-- trigram from a LIKE pattern of two characters, so the count and the page tested every published
-- restaurant row by row, and a q that matches nothing read them all (q=qj with limit 1: 11.9 ms at
-- 1 000 restaurants, 238 ms at 100 000, bench/growth.md). restaurant_pairs gives each text the set
-- of its two-character pieces, and a GIN expression index over it names the restaurants whose
-- text holds q. lib/data/restaurant-queries.ts reads it only for a pair the statistics call rare
-- (a bitmap of a common pair would cost more than the walk that meets it at once), and keeps the
-- exact strpos test on every plan. The SQLite twin of this migration is empty: its trigram index
-- answers a q of two characters since migration 20261126073000_search_character.
-- An expression index: nothing to keep in step, the function is IMMUTABLE (a pure function of
-- the text).
CREATE FUNCTION "restaurant_pairs"(text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY(SELECT DISTINCT substr($1, i, 2) FROM generate_series(1, length($1) - 1) i)
$$;

CREATE INDEX "Restaurant_searchText_pairs_idx" ON "Restaurant" USING GIN ("restaurant_pairs"("searchText"));

ANALYZE "Restaurant";

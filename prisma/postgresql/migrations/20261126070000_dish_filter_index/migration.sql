-- No semicolon or apostrophe may appear in a comment here: the schema engine cuts the script at
-- every semicolon, in comments and quotes too.
-- Every filter of the dish search answerable from one GIN index, so that a combination matching
-- few or no dishes is never a walk of every dish (issue 29: q of two characters with a diet tag
-- nobody has 33 ms at 1 000 restaurants, 2 299 ms at 28 000). The SQLite twin is migration
-- 20261126070000_dish_filter_index there (the FTS5 table DishSearch). lib/data/dish-queries.ts
-- builds the queries, and the exact SQL tests stay on every plan.
-- dish_facets gives each dish a set of tokens:
--   q + each two characters of searchText (pg_trgm finds no trigram in a q of two characters),
--   t + each diet tag of tagKey,
--   a + each allergen bit the dish does NOT declare (excludeAllergens is then an AND of tokens),
--   p + the price class (0 for a price of 0 or less, else digits times 10 plus the leading digit:
--   2800 is 42), so maxPrice is an OR of the classes up to its own, a superset at most twice the
--   price. The currency is the restaurant one, tested in SQL.
-- An expression index: nothing to keep in step, the function is IMMUTABLE (a pure function of
-- the row).
CREATE FUNCTION "dish_facets"(text, text, integer, integer) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY(
    SELECT 'q' || substr($1, i, 2) FROM generate_series(1, length($1) - 1) i
    UNION SELECT 't' || t FROM unnest(string_to_array($2, ',')) t WHERE t <> ''
    UNION SELECT 'a' || b FROM generate_series(0, 13) b WHERE ($3 & (1 << b)) = 0
    UNION SELECT 'p' || CASE WHEN $4 <= 0 THEN 0 ELSE length($4::text) * 10 + left($4::text, 1)::integer END
  )
$$;

CREATE INDEX "MenuItem_facets_idx" ON "MenuItem" USING GIN ("dish_facets"("searchText", "tagKey", "allergenMask", "priceMinor"));

ANALYZE "MenuItem";

-- Nothing on SQLite: the PostgreSQL twin of this migration indexes the two-character pieces of a
-- restaurant text for a q of 2 characters, which the trigram index "RestaurantSearch" answers here
-- since migration 20261126073000_search_character. Both providers keep the same migration names.
SELECT 1;

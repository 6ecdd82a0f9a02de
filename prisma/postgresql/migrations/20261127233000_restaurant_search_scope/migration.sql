-- Nothing on PostgreSQL: its SQLite twin adds the city and cuisine of each restaurant to the FTS5 index
-- "RestaurantSearch", so that q with a place reads only the matches there. PostgreSQL answers q
-- with its trigram index and the place with the name-order indexes of the city and cuisine. Both
-- providers keep the same migration names.
SELECT 1;

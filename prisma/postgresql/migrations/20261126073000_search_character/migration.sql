-- Nothing on PostgreSQL: the SQLite twin of this migration gives the FTS5 trigram index the
-- characters it needs to answer a q of 2 characters. Both providers keep the same migration names.
SELECT 1;

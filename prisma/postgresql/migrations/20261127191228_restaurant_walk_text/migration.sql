-- Nothing on PostgreSQL: its SQLite twin adds searchText to the name-order indexes of the
-- restaurant search. A PostgreSQL btree entry cannot hold a text that long (a description may
-- have 2 000 characters), and it finds q with its trigram index. Both providers keep the same
-- migration names.
SELECT 1;

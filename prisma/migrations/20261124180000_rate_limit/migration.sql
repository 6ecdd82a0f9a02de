-- Nothing to do on SQLite: the embedded default keeps the search throttle's counters in process
-- memory (lib/http/rate-limit.ts); PostgreSQL's migration of the same name creates their shared
-- table. The name is kept so that both engines have the same migration history.
SELECT 1;

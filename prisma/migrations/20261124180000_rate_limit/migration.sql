-- Nothing to do on SQLite: the embedded default keeps the search throttle counters in process
-- memory (lib/http/rate-limit.ts). The PostgreSQL migration of the same name creates their shared
-- table. The name is kept so that both engines have the same migration history.
SELECT 1;

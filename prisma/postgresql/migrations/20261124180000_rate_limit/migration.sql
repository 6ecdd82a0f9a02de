-- The shared store of the search throttle (lib/http/rate-limit.ts, RateLimiterPostgres of
-- rate-limiter-flexible): one row per client key and window, so every instance counts against
-- the same budget. Not modelled in schema.prisma (lib/db/external-tables.ts). The column layout
-- is the one the library expects. It deletes expired rows every 5 minutes.
CREATE TABLE "RateLimit" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

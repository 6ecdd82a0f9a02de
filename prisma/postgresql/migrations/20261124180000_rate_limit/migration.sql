-- The shared store of the search throttle (lib/http/rate-limit.ts, rate-limiter-flexible's
-- RateLimiterPostgres): one row per client key and window, so every instance counts against the
-- same budget. Not modelled in schema.prisma (lib/db/external-tables.ts); the column layout is the
-- library's own. Expired rows are deleted by the library every 5 minutes.
CREATE TABLE "RateLimit" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);

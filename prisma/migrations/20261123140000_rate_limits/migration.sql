-- Counters of rate-limiter-flexible's RateLimiterPostgres (DESIGN §13), shared
-- by every app instance. The library's own table layout: key = "<limiter>:<subject>",
-- points consumed in the current window, expire = end of the window (epoch ms).
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,
    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits"("expire");

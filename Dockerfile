# syntax=docker/dockerfile:1
# The menu service as a container: Next.js's standalone output (node server.js) on PostgreSQL.
#   docker build --build-arg SOURCE_COMMIT=$(git rev-parse --short=12 HEAD) -t menu-service .
#   docker build --build-arg SOURCE_COMMIT=$(git rev-parse --short=12 HEAD) --target tools -t menu-service-tools .
# A release is two steps (README, "PostgreSQL (production)"): the migration, with the tools image
#   docker run --rm -e DATABASE_URL=postgresql://… menu-service-tools npm run db:migrate
# then the server, which refuses to start while a migration is pending (MIGRATE_ON_START=true
# makes it migrate itself) and never loads demo data into PostgreSQL unless SEED_DEMO_DATA=true:
#   docker run -e DATABASE_URL=postgresql://… -e PUBLIC_BASE_URL=https://… -p 3000:3000 menu-service
#   docker run --rm -e DATABASE_URL=… menu-service node scripts/print-config.mjs   # the effective settings
# (never `node server.js --print-config`: Next.js's server listens before it could read the flag).
# The image never loads the demo restaurants unless asked: SEED_DEMO_DATA=false below, whatever
# DATABASE_URL is (-e SEED_DEMO_DATA=true for a demo).
# compose.yaml runs both steps with a PostgreSQL container; its "tools" service (the stage of that
# name) also runs the importer against that database. Not built on the machines this project is
# tested on (no Docker daemon there); what CI runs instead is the standalone server itself.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- dependencies: npm ci, whose postinstall generates both Prisma clients ----------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# Only what npm ci and the postinstall read, so a source change does not redo the install.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma/schema.prisma prisma/schema.prisma
COPY prisma/postgresql/prisma.config.ts prisma/postgresql/prisma.config.ts
COPY scripts/prisma-generate.mjs scripts/prisma-generate.mjs
COPY lib/db/derive-postgresql-schema.mjs lib/db/derive-postgresql-schema.mjs
RUN npm ci --no-audit --no-fund

# ---- build: next build, output "standalone" (next.config.ts), public/ and .next/static beside it --
FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1
# The commit the image is built from (.git is not in the build context): compiled into the build,
# shown by /api/health and the start-up line (next.config.ts).
ARG SOURCE_COMMIT=unknown
ENV SOURCE_COMMIT=${SOURCE_COMMIT}
COPY . .
# The build itself does not type-check (next.config.ts: npm test and this step do): an image is
# never built from code that does not type-check.
RUN npm run typecheck && npm run build

# ---- tools: the operator's commands (npm run db:migrate, import, db:generate) ---------------------
# The runtime image holds the server only; the importer is a TypeScript command run with tsx, a
# dev dependency. This stage is the project with its dependencies, for one-off runs against the
# same database, e.g. compose.yaml's "migrate" (the release step) and "tools" services:
#   docker compose run --rm tools npm run import -- examples/greek-taverna.jsonc
#   docker build --target tools -t menu-service-tools . && docker run --rm -e DATABASE_URL=postgresql://… \
#     -v "$PWD/menus:/app/menus:ro" menu-service-tools npm run import -- menus/
FROM deps AS tools
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
CMD ["npm", "run", "import", "--", "--help"]

# ---- runtime: the standalone server, nothing else ------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    NEXT_MANUAL_SIG_HANDLE=true \
    KEEP_ALIVE_TIMEOUT=65000 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    SEED_DEMO_DATA=false \
    NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=2"
RUN groupadd --system --gid 1001 menu \
 && useradd --system --uid 1001 --gid menu --no-create-home --shell /usr/sbin/nologin menu
# The server writes its ISR renders under .next: the app's files belong to its user.
# The standalone output holds everything the server reads: its traced code and modules, public/,
# .next/static, the migrations, the demo data and the WASM schema engine (next.config.ts).
COPY --from=build --chown=menu:menu /app/.next/standalone ./
USER menu
EXPOSE 3000
# Liveness only (never asks the database): a database outage must not make the runtime restart
# every container. Orchestrators route on /api/health/ready.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]

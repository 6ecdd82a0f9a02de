// The one Prisma client of the process. DATABASE_URL picks the engine: SQLite through
// better-sqlite3 (embedded default) or PostgreSQL through pg. Both clients are generated from the
// same models (prisma/schema.prisma and its derived PostgreSQL copy), so they share one type.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { PrismaClient as PrismaClientPg } from "./generated-pg/client";
import { databaseKind, databaseUrl, sqlitePath } from "./database-url";

export type Db = InstanceType<typeof PrismaClient>;

function createClient(): Db {
  const url = databaseUrl();
  if (databaseKind(url) === "postgresql") {
    // Small pools and short timeouts suit serverless hosts, where many instances share one server.
    const adapter = new PrismaPg({
      connectionString: url,
      max: Number(process.env.DATABASE_POOL_SIZE) || 10,
      idleTimeoutMillis: 10_000,
      connectionTimeoutMillis: 5_000,
      statement_timeout: 10_000,
    });
    return new PrismaClientPg({ adapter }) as unknown as Db;
  }
  return new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: sqlitePath(url), timeout: 5000 }) });
}

// Next.js dev reloads modules; keeping the client on globalThis avoids one connection per reload.
const globalForPrisma = globalThis as unknown as { menuPrisma?: Db };

export function db(): Db {
  return (globalForPrisma.menuPrisma ??= createClient());
}

export async function disconnectDb(): Promise<void> {
  await globalForPrisma.menuPrisma?.$disconnect();
  globalForPrisma.menuPrisma = undefined;
}

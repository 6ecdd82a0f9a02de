// The one Prisma client of the process. The driver adapter follows DATABASE_URL: SQLite through
// better-sqlite3 (embedded default) or PostgreSQL through pg.
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { databaseKind, databaseUrl, sqlitePath } from "./database-url";

export type Db = InstanceType<typeof PrismaClient>;

function createClient(): Db {
  const url = databaseUrl();
  const adapter =
    databaseKind(url) === "postgresql"
      ? new PrismaPg({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE) || 10 })
      : new PrismaBetterSqlite3({ url: sqlitePath(url), timeout: 5000 });
  return new PrismaClient({ adapter });
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

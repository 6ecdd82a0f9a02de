// The PostgreSQL pools of the process (Prisma's primary and replicas, the throttle's store), by
// name, for the metrics' pool gauges (lib/observability/metrics.ts). On globalThis: the pools are
// made in whichever bundle asks first.
import type pg from "pg";

const KEY = Symbol.for("menu-service.db-pools");
const holder = globalThis as unknown as { [KEY]?: Map<string, pg.Pool> };

export function registerPool(name: string, pool: pg.Pool): void {
  (holder[KEY] ??= new Map()).set(name, pool);
}

export function poolStats(): { name: string; total: number; idle: number; waiting: number }[] {
  return [...(holder[KEY] ?? new Map<string, pg.Pool>())].map(([name, pool]) => ({ name, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
}

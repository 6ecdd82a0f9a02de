// The PostgreSQL pools of the process (Prisma's primary and replicas, the throttle's store), by
// name, for the metrics' pool gauges (lib/observability/metrics.ts). One map per process
// (lib/process-state.mjs): the pools are made in whichever bundle asks first.
import type pg from "pg";
import { processState } from "../process-state.mjs";

const pools = processState("db-pools", () => new Map<string, pg.Pool>());

export function registerPool(name: string, pool: pg.Pool): void {
  pools.set(name, pool);
}

export function poolStats(): { name: string; total: number; idle: number; waiting: number }[] {
  return [...pools].map(([name, pool]) => ({ name, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
}

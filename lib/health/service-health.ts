// The health probes for containers and load balancers (GET /api/health, GET /api/health/ready),
// with the meanings Kubernetes users expect:
//   - liveness: the process can answer. It touches nothing outside the process: a database outage
//     must not make an orchestrator restart healthy processes (and lose their last good copies).
//   - readiness: this instance can serve. Not when it is stopping (SIGTERM: so the load balancer
//     stops sending during the drain delay), not when its queues are full, not when its database
//     lacks a migration. A database outage alone does not make it unready: it serves its last good
//     copies (stale-if-error), and draining every instance at that moment would leave nothing to
//     serve them; the answer says "degraded" and what is down.
import { z } from "zod";
import { buildInfo } from "../build-info";
import { databaseStatus } from "../db/database-status";
import { ApiError } from "../http/api-errors";
import { isStopping } from "../stopping";
import { queryLimiter, renderLimiter } from "../http/work-limiter";

export const LivenessSchema = z
  .strictObject({
    status: z.literal("ok").describe("The process is up and answering"),
    version: z.string().describe("The running version of the service (its package version)"),
    commit: z.string().describe("The source commit the running build was made from (unknown when the build could not tell)"),
  })
  .describe("Liveness");

export const ReadinessChecksSchema = z.strictObject({
  instance: z.enum(["ok", "stopping", "overloaded"]).describe("The instance itself: serving; stopping (SIGTERM received, draining); or its work queues are full"),
  database: z
    .enum(["ok", "unreachable", "replaced", "unchecked"])
    .describe("A query on the primary database answered within 2 seconds; replaced: the database file the instance opened was deleted or replaced on disk (unchecked while the instance is stopping or overloaded)"),
  migrations: z.enum(["ok", "pending", "unknown"]).describe("Every committed migration is applied (unknown when the database could not be asked)"),
});

export const ReadinessSchema = z
  .strictObject({
    status: z.enum(["ready", "degraded"]).describe("ready: serving from the database; degraded: serving, but the database is down and answers come from last good copies (stale-if-error)"),
    checks: ReadinessChecksSchema,
    down: z.array(z.enum(["database"])).optional().describe("Only when degraded: what is down"),
  })
  .describe("Readiness");

export function liveness(): z.infer<typeof LivenessSchema> {
  return { status: "ok", ...buildInfo() };
}

/** The table's hint blames capacity or the database: each reason here says what it is instead. */
function unready(message: string, checks: z.infer<typeof ReadinessChecksSchema>, hint: string): ApiError {
  return new ApiError("service_unavailable", message, { extra: { checks }, headers: { "Retry-After": "5" }, hint });
}

/** Whether this instance's queues are full: new work would be shed (503) at once. */
function overloaded(): boolean {
  const full = (limiter: ReturnType<typeof renderLimiter>) => limiter.queued >= limiter.options.queue;
  return full(renderLimiter()) || full(queryLimiter());
}

/** Ready or degraded (200), or service_unavailable (503) with the checks in the error body. */
export async function readiness(): Promise<z.infer<typeof ReadinessSchema>> {
  if (isStopping()) {
    throw unready("This instance is shutting down.", { instance: "stopping", database: "unchecked", migrations: "unknown" }, "This instance is stopping (a restart or a deployment): send new requests to another instance; it answers those in progress before it exits.");
  }
  if (overloaded()) {
    throw unready("This instance is at capacity: its work queues are full.", { instance: "overloaded", database: "unchecked", migrations: "unknown" }, "This instance is at capacity; retry after the Retry-After seconds.");
  }
  const { database, migrations, pending } = await databaseStatus();
  const checks = { instance: "ok" as const, database, migrations };
  // The log names the file (lib/db/database-file-watch.ts); the public answer does not.
  if (database === "replaced") {
    throw unready("The database file this instance opened was deleted or replaced on disk.", checks, "Restart the instance on the right database file; its log names the file.");
  }
  if (database !== "ok") return { status: "degraded", checks, down: ["database"] };
  if (migrations === "ok") return { status: "ready", checks };
  throw unready(`The database lacks ${pending.length || "some"} migration(s)${pending.length ? `: ${pending.join(", ")}` : ""}.`, checks, "Run the release step (npm run db:migrate) on this database, or start with MIGRATE_ON_START=true.");
}

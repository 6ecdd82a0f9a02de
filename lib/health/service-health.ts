// The health probes for containers and load balancers (GET /api/health, GET /api/health/ready).
// Liveness touches nothing outside the process: a database outage must not make an orchestrator
// restart healthy processes. Readiness is the database: reachable, every migration applied.
import { z } from "zod";
import { databaseStatus } from "../db/database-status";
import { ApiError } from "../http/api-errors";

export const LivenessSchema = z.strictObject({ status: z.literal("ok").describe("The process is up and answering") }).describe("Liveness");

export const ReadinessChecksSchema = z.strictObject({
  database: z.enum(["ok", "unreachable"]).describe("A query on the primary database answered within 2 seconds"),
  migrations: z.enum(["ok", "pending", "unknown"]).describe("Every committed migration is applied (unknown when the database could not be asked)"),
});

export const ReadinessSchema = z
  .strictObject({ status: z.literal("ready").describe("The service can serve from its database"), checks: ReadinessChecksSchema })
  .describe("Readiness");

export function liveness(): z.infer<typeof LivenessSchema> {
  return { status: "ok" };
}

/** Ready, or service_unavailable (503) with the failed checks in the error body. */
export async function readiness(): Promise<z.infer<typeof ReadinessSchema>> {
  const { database, migrations, pending } = await databaseStatus();
  const checks = { database, migrations };
  if (database === "ok" && migrations === "ok") return { status: "ready", checks };
  throw new ApiError(
    "service_unavailable",
    database !== "ok" ? "The database cannot be reached." : `The database lacks ${pending.length || "some"} migration(s)${pending.length ? `: ${pending.join(", ")}` : ""}.`,
    { extra: { checks }, headers: { "Retry-After": "5" } },
  );
}

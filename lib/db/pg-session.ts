// Planner settings of every PostgreSQL connection the service opens, sent in the startup packet
// (libpq's `options`), so the plans do not depend on how a server or a managed host is configured.
//
// - jit=off: the searches are short statements bounded by LIMIT. A count over the dish table
//   crosses jit_above_cost at 100 000 restaurants, and compiling it costs tens of milliseconds
//   that the statement itself never saves (bench/growth.md, issue #29).
// - max_parallel_workers_per_gather=0: parallel workers pay off for one large scan on an idle
//   machine; here they compete with the server process and the other requests for the same cores,
//   and a plan that needs them is a plan that reads too much (the growth bench finds those).
export const PG_SESSION_SETTINGS: Readonly<Record<string, string>> = {
  jit: "off",
  max_parallel_workers_per_gather: "0",
};

/** The settings as libpq's `options` connection parameter (pg's Pool and Client take it). */
export function pgSessionOptions(): string {
  return Object.entries(PG_SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
}

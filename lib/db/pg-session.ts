// Planner settings of every PostgreSQL connection the service opens, sent in the startup packet
// (libpq's `options`), so the plans do not depend on how a server or a managed host is configured.
//
// - jit=off: the searches are short statements bounded by LIMIT. A count over the dish table
//   crosses jit_above_cost at 100 000 restaurants, and compiling it costs tens of milliseconds
//   that the statement itself never saves (bench/results.md, issue #29).
// - max_parallel_workers_per_gather=0: parallel workers pay off for one large scan on an idle
//   machine; here they compete with the server process and the other requests for the same cores,
//   and a plan that needs them is a plan that reads too much (the growth bench finds those).
// - random_page_cost=1.1: the default 4.0 prices an index probe as a seek on a spinning disk. At
//   that price PostgreSQL answered a dish search by cuisine with diet and excludeAllergens by
//   hashing every visible section (a sequential scan of "Category", growing with the data) and
//   sorting all the cuisine's matching dishes for one page; at 1.1 (SSD or cache, as every host
//   of this service) it walks the cuisine's restaurants in result order through the indexes and
//   stops at the page, and the bounded total stops after the restaurants it needs (1 068 ms and
//   165 ms → 0.4 ms and 54 ms at 28 000 restaurants, EXPLAIN ANALYZE on a loaded machine).
export const PG_SESSION_SETTINGS: Readonly<Record<string, string>> = {
  jit: "off",
  max_parallel_workers_per_gather: "0",
  random_page_cost: "1.1",
};

/** The settings as libpq's `options` connection parameter (pg's Pool and Client take it). */
export function pgSessionOptions(): string {
  return Object.entries(PG_SESSION_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
}

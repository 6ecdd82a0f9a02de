// Runs only in the PostgreSQL stage: the q filter of the search is backed by the pg_trgm GIN index
// on "searchText" (derived schema + search_index migration), usable for LIKE '%…%'.
import { describe, expect, inject, it } from "vitest";

async function query(sql: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    await client.query("SET enable_seqscan = off");
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("PostgreSQL search index", () => {
  it("is a GIN index with trigram operators", async () => {
    const rows = await query(`SELECT indexdef FROM pg_indexes WHERE tablename = 'Restaurant' AND indexname = 'Restaurant_searchText_idx'`);
    expect(rows[0]?.indexdef).toMatch(/USING gin \("searchText" gin_trgm_ops\)/);
  });

  it("answers a substring filter", async () => {
    const plan = (await query(`EXPLAIN SELECT count(*) FROM "Restaurant" WHERE "searchText" LIKE '%zunft%'`)).map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toContain("Restaurant_searchText_idx");
  });
});

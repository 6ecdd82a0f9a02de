import { describe, expect, it } from "vitest";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { serializeQueries, serializeTransactionQueries } from "./serial-transactions";

/** A transaction whose queries take a while and record how many ran at once. */
function fakeTransaction() {
  const seen = { running: 0, most: 0, order: [] as string[] };
  const run = async (query: SqlQuery) => {
    seen.running++;
    seen.most = Math.max(seen.most, seen.running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    seen.running--;
    if (query.sql === "fail") throw new Error("boom");
    seen.order.push(query.sql);
    return { columnNames: [], columnTypes: [], rows: [] };
  };
  const tx = { provider: "postgres", adapterName: "fake", options: { usePhantomQuery: false }, queryRaw: run, executeRaw: async (q: SqlQuery) => (await run(q), 1), commit: async () => {}, rollback: async () => {} };
  return { tx: tx as unknown as Transaction, seen };
}

const q = (sql: string): SqlQuery => ({ sql, args: [], argTypes: [] });

describe("a transaction's queries", () => {
  it("run one at a time, in the order issued, though issued at once (Prisma's nested reads)", async () => {
    const { tx, seen } = fakeTransaction();
    const serial = serializeQueries(tx);
    await Promise.all([serial.queryRaw(q("a")), serial.executeRaw(q("b")), serial.queryRaw(q("c"))]);
    expect(seen.most).toBe(1);
    expect(seen.order).toEqual(["a", "b", "c"]);
  });

  it("go on after one fails, and the failure reaches its caller", async () => {
    const { tx, seen } = fakeTransaction();
    const serial = serializeQueries(tx);
    const results = await Promise.allSettled([serial.queryRaw(q("fail")), serial.queryRaw(q("after"))]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled"]);
    expect(seen.order).toEqual(["after"]);
  });

  it("are serialized for every transaction a wrapped factory's adapter starts", async () => {
    const { tx, seen } = fakeTransaction();
    const adapter = { startTransaction: async () => tx } as unknown as SqlDriverAdapter;
    const factory = serializeTransactionQueries({ provider: "postgres", adapterName: "fake", connect: async () => adapter } as unknown as SqlDriverAdapterFactory);
    const started = await (await factory.connect()).startTransaction();
    await Promise.all([started.queryRaw(q("x")), started.queryRaw(q("y"))]);
    expect(seen.most).toBe(1);
    await expect(started.commit()).resolves.toBeUndefined();
  });
});

// One query at a time inside a PostgreSQL transaction.
//
// Prisma's query interpreter fetches the children of a nested read (a menu's sections, their
// items) at once, with Promise.all. On the pool that is fine; inside a transaction (a menu is read
// in one, REPEATABLE READ: lib/data/restaurant-queries.ts) they all go to the transaction's single
// pg client, which queues them itself and warns, once per process, that pg 9 will refuse it:
// "Calling client.query() when the client is already executing a query is deprecated".
// @prisma/adapter-pg 7.10 does not serialize them (prisma/orm#29468, #29979, open); this wrapper
// does, at the driver-adapter boundary: a transaction's queries run one after another, in the
// order they were issued — what pg's queue did anyway, so nothing gets slower.
import type { SqlDriverAdapter, SqlDriverAdapterFactory, Transaction } from "@prisma/driver-adapter-utils";

const SERIALIZED = ["queryRaw", "executeRaw"] as const;

/** The transaction with its queries chained: each starts when the one before has settled. */
export function serializeQueries(transaction: Transaction): Transaction {
  let last: Promise<unknown> = Promise.resolve();
  return new Proxy(transaction, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (!(SERIALIZED as readonly PropertyKey[]).includes(property)) return value.bind(target);
      return (...args: unknown[]) => {
        const run = last.then(
          () => value.apply(target, args),
          () => value.apply(target, args),
        );
        last = run.catch(() => undefined);
        return run;
      };
    },
  });
}

/** A driver-adapter factory whose transactions run their queries one at a time. */
export function serializeTransactionQueries<F extends SqlDriverAdapterFactory>(factory: F): F {
  const connect = factory.connect.bind(factory);
  factory.connect = async (): Promise<SqlDriverAdapter> => {
    const adapter = await connect();
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (...args: Parameters<SqlDriverAdapter["startTransaction"]>) => serializeQueries(await startTransaction(...args));
    return adapter;
  };
  return factory;
}

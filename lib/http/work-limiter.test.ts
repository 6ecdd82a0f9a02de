import { describe, expect, it } from "vitest";
import { ApiError } from "./api-errors";
import { WorkLimiter } from "./work-limiter";
import { currentRequestId, newRequestScope, runInRequest } from "../observability/request-context.mjs";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("WorkLimiter", () => {
  it("runs at most `concurrency` at once and the waiting ones in arrival order", async () => {
    const limiter = new WorkLimiter({ name: "t", concurrency: 2, queue: 10, maxWaitMs: 5000 });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    let peak = 0;
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        peak = Math.max(peak, limiter.running);
        await gate.promise;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1]);
    expect(limiter.queued).toBe(2);
    gates[1].resolve();
    await runs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    expect(limiter.running).toBe(0);
    expect(limiter.queued).toBe(0);
  });

  it("sheds work beyond its queue at once with service_unavailable and Retry-After", async () => {
    const limiter = new WorkLimiter({ name: "renders", concurrency: 1, queue: 1, maxWaitMs: 3000 });
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const second = limiter.run(async () => "second");
    const third = limiter.run(async () => "third");
    const error = await third.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("service_unavailable");
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).options.headers).toEqual({ "Retry-After": "3" });
    gate.resolve();
    await first;
    expect(await second).toBe("second");
  });

  it("gives up on a wait longer than maxWaitMs and frees the queue place", async () => {
    const limiter = new WorkLimiter({ name: "t", concurrency: 1, queue: 1, maxWaitMs: 20 });
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    await expect(limiter.run(async () => "late")).rejects.toMatchObject({ code: "service_unavailable" });
    expect(limiter.queued).toBe(0);
    gate.resolve();
    await first;
    expect(await limiter.run(async () => "next")).toBe("next");
  });

  it("waits no longer than the request's wait budget left, and not at all once it is spent", async () => {
    const limiter = new WorkLimiter({ name: "t", concurrency: 1, queue: 4, maxWaitMs: 10_000 });
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const scope = { ...newRequestScope("r"), waitUntil: Date.now() + 30 };
    const started = Date.now();
    await expect(runInRequest(scope, () => limiter.run(async () => "late"))).rejects.toMatchObject({ code: "service_unavailable" });
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(runInRequest(scope, () => limiter.run(async () => "again"))).rejects.toMatchObject({ code: "service_unavailable" });
    expect(limiter.queued).toBe(0);
    gate.resolve();
    await first;
    // A free slot is taken whatever the budget: only waiting is bounded.
    expect(await runInRequest(scope, () => limiter.run(async () => "free"))).toBe("free");
  });

  it("releases its slot when the work fails", async () => {
    const limiter = new WorkLimiter({ name: "t", concurrency: 1, queue: 0, maxWaitMs: 10 });
    await expect(limiter.run(() => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(limiter.running).toBe(0);
    expect(await limiter.run(async () => "ok")).toBe("ok");
  });

  it("runs a queued task in its own request's context, not in the one whose task freed the slot", async () => {
    const limiter = new WorkLimiter({ name: "t", concurrency: 1, queue: 2, maxWaitMs: 5000 });
    const gate = deferred();
    const first = runInRequest(newRequestScope("first"), () => limiter.run(() => gate.promise.then(() => currentRequestId())));
    const second = runInRequest(newRequestScope("second"), () => limiter.run(async () => currentRequestId()));
    gate.resolve();
    expect(await first).toBe("first");
    expect(await second).toBe("second");
  });

  it("does not cut a queued task short once it runs, however long its wait allowance was", async () => {
    const limiter = new WorkLimiter({ name: "t", concurrency: 1, queue: 1, maxWaitMs: 30 });
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const second = limiter.run(() => new Promise((r) => setTimeout(() => r("slow but started"), 80)));
    gate.resolve();
    await first;
    expect(await second).toBe("slow but started");
  });
});

import { describe, expect, it } from "vitest";
import { createTurnGate, MAX_STARTS_PER_TURN } from "./turn-gate.mjs";

/**
 * An event loop in miniature: `defer` queues a callback for the current check phase when called
 * before it runs, else for the next turn's (as setImmediate does); each request costs its `cost`
 * on a fake clock when started. `turn()` runs one check phase and says what started in it.
 */
function loop(budgetMs: number) {
  let clock = 0;
  let phase: Array<() => void> = [];
  const errors: unknown[] = [];
  const gate = createTurnGate({
    budgetMs,
    now: () => clock,
    defer: (fn) => void phase.push(fn),
    onError: (error) => void errors.push(error),
  });
  let started: string[] = [];
  const request = (name: string, cost: number, fail = false) => () => {
    started.push(name);
    clock += cost;
    if (fail) throw new Error(name);
  };
  return {
    gate,
    errors,
    request,
    turn() {
      const now = phase;
      phase = [];
      started = [];
      for (const fn of now) fn();
      clock += 0.5; // timers, accepts and reads between two check phases
      return started;
    },
    get scheduled() {
      return phase.length;
    },
  };
}

describe("turn gate", () => {
  it("off (budget 0): a request starts as it arrives", () => {
    const l = loop(0);
    l.gate.admit(l.request("a", 10));
    expect(l.scheduled).toBe(0);
    expect(l.gate.waiting).toBe(0);
  });

  it("starts what arrived in the same turn, in arrival order, within the budget", () => {
    const l = loop(4);
    for (const name of ["a", "b", "c"]) l.gate.admit(l.request(name, 1));
    expect(l.turn()).toEqual(["a", "b", "c"]);
    expect(l.gate.waiting).toBe(0);
  });

  it("spreads a crowd over turns of about the budget each, first come first started", () => {
    const l = loop(4);
    const names = Array.from({ length: 20 }, (_, i) => `r${i}`);
    for (const name of names) l.gate.admit(l.request(name, 1.5));
    const turns: string[][] = [];
    while (l.gate.waiting > 0 || l.scheduled > 0) turns.push(l.turn());
    const started = turns.flat();
    expect(started).toEqual(names);
    // 1.5 ms each with a 4 ms budget: the third start begins at 3 ms, the fourth would at 4.5 ms.
    for (const t of turns.filter((t) => t.length > 0)) expect(t.length).toBeLessThanOrEqual(3);
    expect(turns.filter((t) => t.length > 0).length).toBeGreaterThanOrEqual(7);
  });

  it("requests arriving while others wait queue behind them", () => {
    const l = loop(2);
    for (const name of ["a", "b", "c", "d"]) l.gate.admit(l.request(name, 2));
    expect(l.turn()).toEqual(["a"]);
    l.gate.admit(l.request("late", 0.1));
    const rest: string[] = [];
    while (l.gate.waiting > 0 || l.scheduled > 0) rest.push(...l.turn());
    expect(rest).toEqual(["b", "c", "d", "late"]);
  });

  it("a new connection's first request goes ahead of waiting requests of open connections", () => {
    const l = loop(2);
    for (const name of ["a", "b", "c"]) l.gate.admit(l.request(name, 2));
    l.gate.admit(l.request("new1", 2), true);
    l.gate.admit(l.request("new2", 2), true);
    const started: string[] = [];
    while (l.gate.waiting > 0 || l.scheduled > 0) started.push(...l.turn());
    expect(started).toEqual(["new1", "new2", "a", "b", "c"]);
  });

  it("a request costlier than the whole budget still starts, one per turn", () => {
    const l = loop(4);
    for (const name of ["big1", "big2"]) l.gate.admit(l.request(name, 50));
    expect(l.turn()).toEqual(["big1"]);
    expect(l.turn()).toEqual(["big2"]);
  });

  it("starts at most MAX_STARTS_PER_TURN in a turn, however cheap", () => {
    const l = loop(1000);
    for (let i = 0; i < MAX_STARTS_PER_TURN * 2 + 1; i++) l.gate.admit(l.request(`r${i}`, 0));
    expect(l.turn()).toHaveLength(MAX_STARTS_PER_TURN);
    expect(l.turn()).toHaveLength(MAX_STARTS_PER_TURN);
    expect(l.turn()).toHaveLength(1);
  });

  it("a request that throws as it starts is reported and the queue moves on", () => {
    const l = loop(4);
    l.gate.admit(l.request("boom", 0.1, true));
    l.gate.admit(l.request("next", 0.1));
    expect(l.turn()).toEqual(["boom", "next"]);
    expect(l.errors).toHaveLength(1);
  });

  it("an idle gate leaves nothing scheduled", () => {
    const l = loop(4);
    l.gate.admit(l.request("a", 1));
    while (l.scheduled > 0) l.turn();
    expect(l.gate.waiting).toBe(0);
    l.gate.admit(l.request("b", 1));
    expect(l.turn()).toEqual(["b"]);
  });
});

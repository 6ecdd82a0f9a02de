import { describe, expect, it } from "vitest";
import { encodeCursor } from "./cursor";
import { paging } from "./paging";

describe("paging", () => {
  it("fixes the instant of openNow for a whole walk of pages, in the cursor", () => {
    const first = paging("restaurants", { openNow: true }, { openNow: true });
    expect(first.instant).toBeInstanceOf(Date);
    expect(first.instant!.getUTCSeconds()).toBe(0);
    const cursor = first.cursorFor(["b", "b-1"]);
    const next = paging("restaurants", { openNow: true }, { openNow: true, cursor: cursor! });
    expect(next.instant!.getTime()).toBe(first.instant!.getTime());
    expect(next.from).toEqual(["b", "b-1"]);
  });

  it("takes openAt as the instant and echoes it", () => {
    const at = new Date("2026-07-10T19:30:00Z");
    const p = paging("dishes", {}, { openNow: false, openAt: at });
    expect(p.instant).toEqual(at);
    expect(p.echo.openAt).toBe("2026-07-10T19:30:00.000Z");
    expect(p.extras({ id: 1, key: ["a"] })).toEqual({ openAt: true });
  });

  it("carries a ranked position, the first window's start as []", () => {
    const first = paging("dishes", { q: "tofu" }, { openNow: false });
    const next = paging("dishes", { q: "tofu" }, { openNow: false, cursor: first.cursorFor([], [2, 7])! });
    expect({ from: next.from, rankFrom: next.rankFrom }).toEqual({ from: undefined, rankFrom: [2, 7] });
    const later = paging("dishes", { q: "tofu" }, { openNow: false, cursor: first.cursorFor(["b", "b-1", 0, 3], [0, 99])! });
    expect({ from: later.from, rankFrom: later.rankFrom }).toEqual({ from: ["b", "b-1", 0, 3], rankFrom: [0, 99] });
  });

  it("reads a cursor encoded before ranking (the plain key only) as the start of a window", () => {
    const old = encodeCursor("dishes", { q: "tofu" }, { k: ["Grünzeug", "gruenzeug", 0, 1] });
    const p = paging("dishes", { q: "tofu" }, { openNow: false, cursor: old });
    expect({ from: p.from, rankFrom: p.rankFrom }).toEqual({ from: ["Grünzeug", "gruenzeug", 0, 1], rankFrom: undefined });
  });

  it.each([[{ k: [] }], [{ k: [], r: [1] }], [{ k: ["a"], r: [-1, 0] }], [{ k: ["a"], r: [0, 1.5] }], [{ k: ["a"], r: "0,1" }]])("refuses the position %j", (position) => {
    expect(() => paging("dishes", {}, { openNow: false, cursor: encodeCursor("dishes", {}, position) })).toThrow(/cursor/);
  });
});

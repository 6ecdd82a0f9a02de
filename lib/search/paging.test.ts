import { describe, expect, it } from "vitest";
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
});

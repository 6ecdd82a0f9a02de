import { describe, expect, it } from "vitest";
import { ApiError } from "../http/api-errors";
import { decodeCursor, encodeCursor } from "./cursor";

const query = { q: "pizza", city: null };

function code(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.code : "other";
  }
  return undefined;
}

describe("search cursors", () => {
  it("round-trip the position for the same search", () => {
    const cursor = encodeCursor("dishes", query, { k: ["Forno", "forno", 1, 2] });
    expect(decodeCursor("dishes", query, cursor)).toEqual({ k: ["Forno", "forno", 1, 2] });
  });

  it("reject a cursor of another search or endpoint", () => {
    const cursor = encodeCursor("dishes", query, { k: ["a"] });
    expect(code(() => decodeCursor("dishes", { ...query, q: "pasta" }, cursor))).toBe("invalid_request");
    expect(code(() => decodeCursor("restaurants", query, cursor))).toBe("invalid_request");
  });

  it("reject any change to a cursor", () => {
    const cursor = encodeCursor("dishes", query, { k: ["a", 1] });
    const [payload, mac] = cursor.split(".");
    const forged = Buffer.from(JSON.stringify({ k: ["z", 1] })).toString("base64url");
    for (const bad of [`${forged}.${mac}`, `${payload}.${mac.slice(1)}`, `${payload}x.${mac}`, payload, "", "...", "a".repeat(2000)]) {
      expect(code(() => decodeCursor("dishes", query, bad))).toBe("invalid_request");
    }
  });

  it("reject every other spelling of the signature's last character, though base64 decodes 15 of them to the same bytes", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (const position of [1, 2, 3, 4, 5]) {
      const cursor = encodeCursor("changes", null, { s: position });
      const head = cursor.slice(0, -1);
      const sameBytes = [...alphabet].filter((c) => `${head}${c}` !== cursor && Buffer.from(`${head}${c}`.split(".")[1], "base64url").equals(Buffer.from(cursor.split(".")[1], "base64url")));
      expect(sameBytes).toHaveLength(15);
      for (const c of alphabet) {
        if (`${head}${c}` !== cursor) expect(code(() => decodeCursor("changes", null, `${head}${c}`)), c).toBe("invalid_request");
      }
    }
  });
});

import { describe, expect, it } from "vitest";
import { escapeControls, plainText, withoutControls } from "./plain-text";

describe("plainText", () => {
  it("drops controls and bidi overrides, folds whitespace", () => {
    expect(plainText("  Caf\u0065\u0301 \u202eexe.jpg\u202c\u0007\n\tBar\u001b[2J ")).toBe("Café exe.jpg Bar[2J");
  });
});

describe("escapeControls", () => {
  it("shows terminal escapes, bells and bidi overrides as visible escapes", () => {
    expect(escapeControls("a\u001b]0;pwned\u0007b\u001b[2Jc\u202ed\u009be")).toBe("a\\x1b]0;pwned\\x07b\\x1b[2Jc\\u202ed\\x9be");
  });

  it("escapes line breaks and tabs unless kept, and leaves other text alone", () => {
    expect(escapeControls("x\ny\tz")).toBe("x\\ny\\tz");
    expect(escapeControls("x\ny\tz", { keep: "\t" })).toBe("x\\ny\tz");
    expect(escapeControls("Ταβέρνα 寿司 ✓")).toBe("Ταβέρνα 寿司 ✓");
  });
});

describe("withoutControls", () => {
  it("drops C0/C1 controls for HTML but keeps bidi controls, which the page isolates, and line breaks", () => {
    expect(withoutControls("Bar\u0007\u001b[2J \u202eabc\u202c\nx\u0085")).toBe("Bar[2J \u202eabc\u202c\nx");
  });
});

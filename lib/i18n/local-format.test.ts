import { describe, expect, it } from "vitest";
import { formatClock, formatDay, listSeparator, localeOf, usesTwelveHours } from "./local-format";

describe("local formats", () => {
  it("the page's language in the restaurant's country", () => {
    expect(localeOf("en", "US")).toBe("en-US");
    expect(localeOf("de", "ch")).toBe("de-CH");
    expect(localeOf("pt-BR", "BR")).toBe("pt-BR");
    expect(localeOf("ja", null)).toBe("ja");
  });

  it("12-hour clocks where the locale reads them: midnight, noon, 11:30 PM", () => {
    expect(usesTwelveHours("en-US")).toBe(true);
    expect(usesTwelveHours("en-GB")).toBe(false);
    expect(formatClock("24:00", "en-US")).toBe("midnight");
    expect(formatClock("00:00", "en-US")).toBe("midnight");
    expect(formatClock("12:00", "en-US")).toBe("noon");
    expect(formatClock("23:30", "en-US")).toBe("11:30\u00a0PM");
    expect(formatClock("11:00", "en-US")).toBe("11\u00a0AM");
    expect(formatClock("07:05", "en-US")).toBe("7:05\u00a0AM");
    expect(formatClock("23:30", "es-US")).toBe("11:30\u00a0p.m.");
  });

  it("24-hour clocks unchanged, as stored", () => {
    for (const locale of ["en-GB", "de-CH", "ja-JP", "ja-US", "pt-BR", "sv-SE"]) expect(formatClock("23:30", locale), locale).toBe("23:30");
    expect(formatClock("24:00", "de-DE")).toBe("24:00");
  });

  it("the update date in full, in the locale", () => {
    const iso = "2026-11-29T10:00:00Z";
    expect(formatDay(iso, "en-US", "America/New_York")).toBe("November 29, 2026");
    expect(formatDay(iso, "de-DE", "Europe/Berlin")).toBe("29. November 2026");
    expect(formatDay(iso, "ja-JP", "Asia/Tokyo")).toBe("2026年11月29日");
    expect(formatDay(iso, "pt-BR", null)).toBe("29 de novembro de 2026");
    // The restaurant's day, not UTC's: 01:00 UTC on the 30th is still the 29th in New York.
    expect(formatDay("2026-11-30T01:00:00Z", "en-US", "America/New_York")).toBe("November 29, 2026");
  });

  it("Japanese lists joined with the ideographic comma", () => {
    expect(["卵", "小麦", "乳"].join(listSeparator("ja"))).toBe("卵、小麦、乳");
    expect(listSeparator("de")).toBe(", ");
  });
});

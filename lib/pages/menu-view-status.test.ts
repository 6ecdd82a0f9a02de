import { describe, expect, it } from "vitest";
import { menuLabels } from "../i18n/menu-labels";
import { openStateLocal } from "../search/opening-hours";
import { statusText } from "./menu-view-status";

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

describe("statusText", () => {
  const en = menuLabels("en").status;
  const hours = { mon: "11:30-14:00", thu: "17:30-22:00", fri: "18:00-02:00" };

  it("says until when an open restaurant stays open, past midnight too", () => {
    expect(statusText(openStateLocal(hours, 3, 18 * 60), en, DAYS)).toBe("Open until 22:00");
    expect(statusText(openStateLocal(hours, 4, 23 * 60), en, DAYS)).toBe("Open until 02:00");
    expect(statusText(openStateLocal({ sat: "10:00-24:00" }, 5, 600), en, DAYS)).toBe("Open until 24:00");
  });

  it("says when a closed restaurant opens: today, tomorrow, or on a named day", () => {
    expect(statusText(openStateLocal(hours, 3, 14 * 60 + 30), en, DAYS)).toBe("Closed · opens 17:30");
    expect(statusText(openStateLocal(hours, 2, 12 * 60), en, DAYS)).toBe("Closed · opens tomorrow 17:30");
    expect(statusText(openStateLocal(hours, 5, 12 * 60), en, DAYS)).toBe("Closed · opens Monday 11:30");
    expect(statusText(openStateLocal({}, 5, 12 * 60), en, DAYS)).toBe("Closed");
  });

  it("speaks the page's language", () => {
    const de = menuLabels("de");
    const days = Object.values(de.days);
    expect(statusText(openStateLocal(hours, 3, 18 * 60), de.status, days)).toBe("Geöffnet bis 22:00");
    expect(statusText(openStateLocal(hours, 5, 12 * 60), de.status, days)).toBe("Geschlossen · öffnet Montag 11:30");
    const fr = menuLabels("fr");
    expect(statusText(openStateLocal(hours, 5, 12 * 60), fr.status, Object.values(fr.days))).toBe("Fermé · ouvre lundi à 11:30");
    const ja = menuLabels("ja");
    expect(statusText(openStateLocal(hours, 3, 14 * 60 + 30), ja.status, Object.values(ja.days))).toBe("準備中 · 17:30 開店");
  });

  it("every label language has every status word", () => {
    for (const lang of ["en", "de", "fr", "it", "es", "pt", "pl", "cs", "sv", "ja", "tr"]) {
      const s = menuLabels(lang).status;
      expect(s.openUntil, lang).toContain("{time}");
      expect(s.opensToday, lang).toContain("{time}");
      expect(s.opensOn, lang).toContain("{day}");
      if (lang !== "en") expect(s.openUntil, lang).not.toBe(en.openUntil);
    }
  });
});

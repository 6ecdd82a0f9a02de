// Issue 46.13: a preview image is drawn from bundled fonts only, with no request to anyone, for
// the text of every demo language (and the scripts the issue names: CJK, Thai, Cyrillic, Greek).
import net from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fontsFor } from "./preview-fonts";
import { renderPreviewPng } from "./preview-image";

const SAMPLES: Record<string, string> = {
  cs: "Hospůdka U Zlatého tygra · Česká kuchyně",
  de: "Zunfthaus am See · Käsespätzle, Grüße",
  fr: "Brasserie « Chez Léon » · Crème brûlée",
  es: "Taberna El Niño · Señor Jamón",
  it: "Trattoria dell'Arco · Città",
  pl: "Bar Mleczny Żurek · Łódź, Gęś",
  pt: "Tasca do Zé · Açorda, São João",
  sv: "Smörgåsbord Kök · Göteborg",
  tr: "Döner Çiğ Köfte · İstanbul, Şiş",
  ja: "寿司 風 すしかぜ・カツ丼 東京",
  ko: "김치찌개 식당 · 서울",
  zh: "饺子馆 · 北京烤鸭 们这",
  th: "ร้านอาหารไทย · ต้มยำกุ้ง",
  ru: "Пельменная «Сибирь» · Москва",
  el: "Ταβέρνα Κύμα · Αθήνα",
  vi: "Phở Hà Nội · Bún chả",
};

afterEach(() => vi.restoreAllMocks());

describe("preview image fonts", () => {
  it.each(Object.entries(SAMPLES))("bundles a glyph for every character of %s", (language, text) => {
    expect(fontsFor(text, language).missing).toEqual([]);
  });

  it("loads only the subsets a text needs", () => {
    const latin = fontsFor("Pizza", "en").fonts;
    expect(latin.map((f) => [f.name, f.weight])).toEqual([["Noto Sans latin", 400], ["Noto Sans latin", 700]]);
    const japanese = fontsFor("寿司", "ja").fonts;
    expect(japanese.slice(0, 2).map((f) => f.name)).toEqual(["Noto Sans latin", "Noto Sans latin"]);
    expect(japanese.slice(2).map((f) => f.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^Noto Sans JP \[\d+\]$/)]));
    expect(japanese.slice(2).every((f) => f.name.startsWith("Noto Sans JP ["))).toBe(true);
    expect(japanese.reduce((n, f) => n + f.data.length, 0)).toBeLessThan(1_000_000);
    // Hangul in a Japanese menu comes from the Korean font (the JP and SC slices list some, without glyphs)
    expect(fontsFor("김치", "ja").fonts.slice(2).every((f) => f.name.startsWith("Noto Sans KR ["))).toBe(true);
  });

  it("draws every demo language offline: no request is attempted and no glyph is missing", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("offline"));
    const connectSpy = vi.spyOn(net.Socket.prototype, "connect");
    const missing: string[] = [];
    for (const [language, text] of Object.entries(SAMPLES)) {
      const png = await renderPreviewPng(
        { name: text.split(" · ")[0], place: text.split(" · ")[1] ?? "", footer: "Menu · 12 dishes · prices and allergens", site: "Menu Service", language },
        { onMissingGlyphs: (chars) => missing.push(...chars) },
      );
      expect(Buffer.from(png.subarray(0, 8)).toString("hex"), language).toBe("89504e470d0a1a0a");
    }
    expect(missing).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(connectSpy).not.toHaveBeenCalled();
  }, 120_000);

  it("leaves a character no bundled font has blank rather than fetching one", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("offline"));
    const missing: string[] = [];
    const png = await renderPreviewPng({ name: "Cuneiform 𒀀", place: "", footer: "Menu", site: "Menu Service", language: "en" }, { onMissingGlyphs: (c) => missing.push(...c) });
    expect(png.length).toBeGreaterThan(1000);
    expect(missing).toContain("𒀀");
    expect(fetchSpy).not.toHaveBeenCalled();
  }, 60_000);
});

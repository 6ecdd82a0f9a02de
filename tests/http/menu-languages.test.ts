// Issue 15.3: the labels of a menu page and its Markdown twin (headings, days, allergen names,
// diet tags, "closed", "prices in", the filter) follow the page's language, for every language
// the demo data uses; allergen names in the wording of EU Regulation 1169/2011 Annex II; a
// language without labels of its own says which language they fall back to.
import { describe, expect, it } from "vitest";
import { get } from "../support/http";

// English labels that must not appear on a page in another language.
const ENGLISH_LABELS = [
  "## Opening hours",
  "| Closed",
  "| Monday",
  "Allergens: ",
  "Prices in ",
  "Dietary tags: ",
  "## Allergen key",
  "Cereals containing gluten",
  "Milk (including lactose)",
  "(this document)",
  "Languages: ",
  "none declared",
];

async function menuVersions(): Promise<{ slug: string; lang: string; path: string }[]> {
  const { cities } = (await get("/api/public/locations")).json;
  const out: { slug: string; lang: string; path: string }[] = [];
  const seen = new Set<string>();
  for (const city of cities) {
    for (const r of (await get(`/api/public/restaurants?city=${city.slug}&limit=50`)).json.results) {
      if (seen.has(r.slug)) continue;
      seen.add(r.slug);
      const menu = (await get(`/api/public/restaurants/${r.slug}`)).json;
      for (const lang of menu.languages) out.push({ slug: r.slug, lang, path: lang === menu.defaultLanguage ? `/${r.slug}` : `/${r.slug}/${lang}` });
    }
  }
  return out;
}

describe("menu labels in the page's language", () => {
  it("kappo-aoi (Japanese): the twin and the page have Japanese labels only", async () => {
    const md = (await get("/kappo-aoi.md")).text;
    for (const label of ENGLISH_LABELS) expect(md).not.toContain(label);
    expect(md).toContain("## 営業時間");
    expect(md).toContain("| 月曜日");
    expect(md).toContain("## メニュー");
    expect(md).toMatch(/アレルゲン: /);
    const html = (await get("/kappo-aoi")).text;
    expect(html).toContain('<main id="main" class="wrap page menu-page" lang="ja">');
    for (const label of ["Opening hours", "Closed", "Allergens:", "Allergy and diet filter", "Prices in", "Cereals containing gluten"]) expect(html).not.toContain(label);
    expect(html).toContain("営業時間");
  });

  it("every language version of every demo menu: no English label unless the page is English", async () => {
    const versions = await menuVersions();
    const languages = new Set(versions.map((v) => v.lang));
    expect([...languages].sort()).toEqual(["cs", "de", "en", "es", "fr", "it", "ja", "pl", "pt", "pt-BR", "sv", "tr"]);
    for (const v of versions) {
      const md = (await get(`${v.path}.md`)).text;
      if (v.lang === "en") {
        expect(md, v.path).toContain("## Opening hours");
        continue;
      }
      for (const label of ENGLISH_LABELS) expect(md, `${v.path}.md: ${label}`).not.toContain(label);
    }
  }, 180_000);

  it("allergen names in the wording of Annex II in German, French, Italian", async () => {
    const de = (await get("/zunfthaus-am-see.md")).text;
    expect(de).toContain("Allergene: Glutenhaltiges Getreide, Milch (einschließlich Laktose), Sellerie");
    expect(de).toContain("| Dienstag");
    expect(de).toContain("| Geschlossen");
    expect(de).toContain("Preise in CHF");
    const fr = (await get("/zunfthaus-am-see/fr.md")).text;
    expect(fr).toContain("Allergènes: Céréales contenant du gluten, Lait (y compris le lactose), Céleri");
    expect(fr).toContain("## Heures d’ouverture");
  });

  it("diet tags are translated", async () => {
    const de = (await get("/zunfthaus-am-see.md")).text;
    expect(de).toMatch(/Ernährungshinweise: [^\n]*(Vegetarisch|Glutenfrei|Vegan)/);
  });

  it("Brazilian Portuguese has labels of its own: Brazil's words, no fallback note (issue 47.1)", async () => {
    const md = (await get("/boteco-jabuticaba.md")).text;
    expect(md).not.toContain("labelsLanguage:");
    expect(md).not.toContain("Rótulos em");
    expect(md).toContain("## Cardápio");
    const html = (await get("/boteco-jabuticaba")).text;
    expect(html).not.toContain("Rótulos em");
    expect(html).toContain('<html lang="pt-BR"');
  });
});

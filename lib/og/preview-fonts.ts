// The fonts of the menus' preview images (/og/{slug}.png), all bundled: Noto Sans from the
// @fontsource packages (Latin, Cyrillic, Greek, Vietnamese; Thai; Japanese, Korean, Simplified
// Chinese). The image renderer never fetches a font: Next's ImageResponse asked Google Fonts for
// any glyph its one font lacked, sending the owner's text to a third party on each render.
//
// Each package is cut into subsets by Unicode range (its unicode.json); an image loads only the
// subset files its text needs, kept in a cache bounded in bytes. Bold is drawn with the 700 files
// where the package has them here (Noto Sans, Thai); CJK text uses 400 only (each weight of a CJK
// family is 3–5 MB).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { LRUCache } from "lru-cache";

export type FontWeight = 400 | 700;

interface Family {
  /** the @fontsource package's name without the scope */
  id: string;
  name: string;
  weights: readonly FontWeight[];
}

const SANS: Family = { id: "noto-sans", name: "Noto Sans", weights: [400, 700] };
const THAI: Family = { id: "noto-sans-thai", name: "Noto Sans Thai", weights: [400, 700] };
const JP: Family = { id: "noto-sans-jp", name: "Noto Sans JP", weights: [400] };
const KR: Family = { id: "noto-sans-kr", name: "Noto Sans KR", weights: [400] };
const SC: Family = { id: "noto-sans-sc", name: "Noto Sans SC", weights: [400] };

/** Every bundled family, for the build's file tracing and the tests. */
export const PREVIEW_FONT_FAMILIES: readonly Family[] = [SANS, THAI, JP, KR, SC];

/** Families in the order they are asked for a character: Han characters differ by language. */
function familyOrder(language: string): Family[] {
  const primary = language.toLowerCase().split("-")[0];
  const cjk = primary === "ko" ? [KR, JP, SC] : primary === "zh" ? [SC, JP, KR] : [JP, SC, KR];
  return [SANS, THAI, ...cjk];
}

/** A script's own family first: the CJK slices also list some characters of the others' scripts. */
function familiesFor(char: string, order: Family[]): Family[] {
  if (/\p{Script=Hangul}/u.test(char)) return [KR, ...order];
  if (/\p{Script=Hiragana}|\p{Script=Katakana}/u.test(char)) return [JP, ...order];
  return order;
}

/**
 * The package's folder. Inside the Next.js server bundle require.resolve yields a module id, not
 * a path, so the server looks under its working directory (the project root, or the standalone
 * output, which next.config.ts makes include the files); scripts and tests resolve it.
 */
function packageDir(id: string): string {
  const beside = path.join(/* turbopackIgnore: true */ process.cwd(), "node_modules/@fontsource", id);
  if (existsSync(path.join(beside, "unicode.json"))) return beside;
  return path.dirname(createRequire(import.meta.url).resolve(`@fontsource/${id}/package.json`));
}

/** code point → subset name, per family (built on first use). */
const subsetMaps = new Map<string, Map<number, string>>();

function subsetOf(family: Family, codePoint: number): string | undefined {
  let map = subsetMaps.get(family.id);
  if (!map) {
    map = new Map();
    const ranges: Record<string, string> = JSON.parse(readFileSync(/* turbopackIgnore: true */ path.join(packageDir(family.id), "unicode.json"), "utf8"));
    for (const [subset, list] of Object.entries(ranges)) {
      for (const range of list.split(",")) {
        const [from, to = from] = range.trim().replace(/^U\+/i, "").split("-");
        for (let c = parseInt(from, 16); c <= parseInt(to, 16); c++) if (!map.has(c)) map.set(c, subset);
      }
    }
    subsetMaps.set(family.id, map);
  }
  return map.get(codePoint);
}

/** One font file for satori. */
export interface PreviewFont {
  /** the family and the subset: "Noto Sans JP [12]" */
  name: string;
  data: Buffer;
  weight: FontWeight;
  style: "normal";
}

// Subset files are 10–80 KB; a few dozen cover what one image needs.
const files = new LRUCache<string, Buffer>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (b) => b.length });

function fontFile(family: Family, subset: string, weight: FontWeight): PreviewFont {
  // "[12]" (a numbered CJK slice) is "12" in the file name.
  const file = path.join(packageDir(family.id), "files", `${family.id}-${subset.replace(/^\[(\d+)\]$/, "$1")}-${weight}-normal.woff`);
  let data = files.get(file);
  if (!data) {
    data = readFileSync(/* turbopackIgnore: true */ file);
    files.set(file, data);
  }
  // One name per subset file: satori keeps one font per name and weight.
  return { name: `${family.name} ${subset}`, data, weight, style: "normal" };
}

/**
 * The bundled fonts that draw `text` in the given weights (Latin always, for the image's own
 * words), and the characters no bundled font has (drawn as blanks, never fetched).
 */
export function fontsFor(text: string, language: string, weights: readonly FontWeight[] = [400, 700]): { fonts: PreviewFont[]; missing: string[] } {
  const order = familyOrder(language);
  const needed = new Map<string, { family: Family; subset: string }>([["noto-sans latin", { family: SANS, subset: "latin" }]]);
  const missing = new Set<string>();
  for (const char of new Set(text)) {
    const codePoint = char.codePointAt(0)!;
    // Spaces, controls and joiners need no glyph of their own.
    if (codePoint <= 0x20 || /\p{Cc}|\p{Cf}|\p{Zs}/u.test(char)) continue;
    const family = familiesFor(char, order).find((f) => subsetOf(f, codePoint) !== undefined);
    if (!family) {
      missing.add(char);
      continue;
    }
    const subset = subsetOf(family, codePoint)!;
    needed.set(`${family.id} ${subset}`, { family, subset });
  }
  const fonts = [...needed.values()].flatMap(({ family, subset }) =>
    weights.map((w) => (family.weights.includes(w) ? w : family.weights[0])).filter((w, i, all) => all.indexOf(w) === i).map((w) => fontFile(family, subset, w)),
  );
  return { fonts, missing: [...missing] };
}

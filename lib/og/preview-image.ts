// A menu's link-preview image, 1200×630 PNG, drawn with satori (layout to SVG, text as paths)
// and resvg (SVG to PNG), from bundled fonts only (preview-fonts.ts): nothing is fetched while an
// image is drawn, whatever script the owner writes in. Pure: the route (app/og/[file]/route.tsx)
// loads the menu and sends the bytes.
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { fontsFor } from "./preview-fonts";

export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

export interface PreviewContent {
  /** the restaurant's name */
  name: string;
  /** "Italian · Munich, Germany" */
  place: string;
  /** the bottom line, left: "Menu · 12 dishes · prices and allergens" */
  footer: string;
  /** the bottom line, right: the site's name */
  site: string;
  /** the restaurant's language (which CJK forms its Han characters take) */
  language: string;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: Node | string | (Node | string)[] } };
const div = (style: Record<string, unknown>, children: Node["props"]["children"]): Node => ({ type: "div", props: { style: { display: "flex", ...style }, children } });

export interface PreviewOptions {
  /** told the characters no bundled font has (drawn blank) */
  onMissingGlyphs?: (characters: string[]) => void;
}

export async function renderPreviewPng(content: PreviewContent, options: PreviewOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const { fonts, missing } = fontsFor(`${content.name}${content.place}${content.footer}${content.site}`, content.language);
  if (missing.length) options.onMissingGlyphs?.(missing);
  const tree = div(
    {
      width: "100%",
      height: "100%",
      boxSizing: "border-box",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "72px 80px",
      background: "#fdfbf7",
      color: "#1f1a17",
      borderTop: "24px solid #7a2e0e",
      fontFamily: [...new Set(fonts.map((f) => `"${f.name}"`))].join(", "),
    },
    [
      div({ flexDirection: "column" }, [
        div({ fontSize: 76, fontWeight: 700, lineHeight: 1.1 }, content.name),
        ...(content.place ? [div({ fontSize: 40, marginTop: 24, color: "#5b514a" }, content.place)] : []),
      ]),
      div({ justifyContent: "space-between", alignItems: "flex-end", fontSize: 32 }, [div({}, content.footer), div({ color: "#7a2e0e", fontWeight: 700 }, content.site)]),
    ],
  );
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    ...PREVIEW_SIZE,
    fonts,
    // What no bundled font has stays blank: satori asks this hook, which fetches nothing.
    loadAdditionalAsset: async (_code, segment) => {
      options.onMissingGlyphs?.([...segment]);
      return [];
    },
  });
  const rendered = new Resvg(svg, { fitTo: { mode: "width", value: PREVIEW_SIZE.width }, font: { loadSystemFonts: false } }).render();
  return new Uint8Array(rendered.asPng());
}

// A Markdown document: YAML front matter, then the body serialized by remark (GFM: tables,
// strikethrough). Front matter values are emitted by the `yaml` library as double-quoted
// scalars, so no value can end the front matter, start a new key or smuggle a YAML tag.
import type { Root, RootContent } from "mdast";
import { remark } from "remark";
import remarkGfm from "remark-gfm";
import { stringify } from "yaml";
import { plainText } from "../text/plain-text";

export interface FrontMatter {
  title: string;
  description: string;
  canonical: string;
  language: string;
  /** the date of the content; absent on a 404, which has none */
  updated?: string;
  [extra: string]: string | string[] | number | undefined;
}

const processor = remark()
  .use(remarkGfm)
  .data("settings", { bullet: "-", emphasis: "_", strong: "*", rule: "-", listItemIndent: "one", fences: true, incrementListMarker: true });

export function frontMatter(fields: FrontMatter): string {
  const clean: Record<string, string | string[] | number> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    clean[key] = typeof value === "number" ? value : Array.isArray(value) ? value.map((v) => plainText(v)) : plainText(value);
  }
  const body = stringify(clean, { defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN", lineWidth: 0 });
  return `---\n${body}---\n`;
}

export function renderBody(children: RootContent[]): string {
  const root: Root = { type: "root", children };
  return processor.stringify(root);
}

export function renderDocument(fields: FrontMatter, children: RootContent[]): string {
  return `${frontMatter(fields)}\n${renderBody(children)}`;
}

/** A rough token count for the x-markdown-tokens header: about four characters per token. */
export function estimateTokens(markdown: string): number {
  return Math.ceil([...markdown].length / 4);
}

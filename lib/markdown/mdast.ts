// Small constructors for mdast trees. Every piece of data goes in through `text()`, which makes
// it an escaped, inert text node; links are built only from URLs the service generates.
import type { Heading, Link, List, ListItem, Paragraph, PhrasingContent, RootContent, Table, TableCell, TableRow, Text } from "mdast";
import { inertText } from "./safe-text";

export type Inline = PhrasingContent | string;

export function text(value: string | number | null | undefined): Text {
  return { type: "text", value: inertText(value === null || value === undefined ? "" : String(value)) };
}

/** Phrasing content from pieces; the whole run is trimmed at its two ends (not inside). */
function inline(children: Inline[]): PhrasingContent[] {
  const out = children.filter((c) => c !== "").map((c) => (typeof c === "string" ? text(c) : c));
  const first = out[0];
  const last = out[out.length - 1];
  if (first?.type === "text") out[0] = { ...first, value: first.value.trimStart() };
  if (last?.type === "text") out[out.length - 1] = { ...(out[out.length - 1] as Text), value: (out[out.length - 1] as Text).value.trimEnd() };
  return out.filter((c) => !(c.type === "text" && c.value === ""));
}

export function heading(depth: 1 | 2 | 3 | 4 | 5 | 6, ...children: Inline[]): Heading {
  return { type: "heading", depth, children: inline(children) };
}

export function paragraph(...children: Inline[]): Paragraph {
  return { type: "paragraph", children: inline(children) };
}

/** A link to a URL the service built (never a URL from restaurant content). */
export function link(url: string, ...children: Inline[]): Link {
  // Without a label the URL is its own label: the service's URL, so not defused (an autolink).
  return { type: "link", url, children: children.length ? inline(children) : [{ type: "text", value: url }] };
}

export function strong(...children: Inline[]): PhrasingContent {
  return { type: "strong", children: inline(children) };
}

export function emphasis(...children: Inline[]): PhrasingContent {
  return { type: "emphasis", children: inline(children) };
}

export function del(...children: Inline[]): PhrasingContent {
  return { type: "delete", children: inline(children) };
}

export function code(value: string): PhrasingContent {
  return { type: "inlineCode", value };
}

export function list(items: Inline[][], ordered = false): List {
  return {
    type: "list",
    ordered,
    spread: false,
    children: items.map((item): ListItem => ({ type: "listItem", spread: false, children: [paragraph(...item)] })),
  };
}

export function table(header: string[], rows: Inline[][]): Table {
  const row = (cells: Inline[]): TableRow => ({
    type: "tableRow",
    children: cells.map((c): TableCell => ({ type: "tableCell", children: inline([c]) })),
  });
  return { type: "table", align: header.map(() => null), children: [row(header), ...rows.map(row)] };
}

export function codeBlock(value: string, lang?: string): RootContent {
  return { type: "code", lang: lang ?? null, value };
}

/** Join inline pieces with a separator: join([a, b], ", "). */
export function join(pieces: Inline[][], separator: string): Inline[] {
  return pieces.flatMap((p, i) => (i === 0 ? p : [separator, ...p]));
}

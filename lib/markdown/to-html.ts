// Markdown → HTML for pages whose one source is a Markdown document (the /developers guide): remark
// (GFM) → remark-rehype → rehype-stringify. Raw HTML in the Markdown is dropped, never passed
// through (no allowDangerousHtml), so the page can only contain what Markdown itself expresses.
// Then the few things the site's own pages do by hand: heading ids for anchors, keyboard-scrollable
// tables and code blocks (axe: scrollable-region-focusable), and links on PUBLIC_BASE_URL made
// root-relative so the page works on any host it is opened at.
import type { Element, ElementContent, Root, RootContent } from "hast";
import { remark } from "remark";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkRehype from "remark-rehype";
import { sameSitePath } from "../site-urls";

export interface HtmlOptions {
  /** heading text → id, where a link elsewhere names the anchor; other headings get a slug of their text */
  headingIds?: Record<string, string>;
}

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

function textOf(node: ElementContent | RootContent): string {
  if (node.type === "text") return node.value;
  if ("children" in node) return (node.children as ElementContent[]).map(textOf).join("");
  return "";
}

export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
}

function element(tagName: string, properties: Element["properties"], children: ElementContent[]): Element {
  return { type: "element", tagName, properties, children };
}

function pageConventions(options: HtmlOptions) {
  return (tree: Root) => {
    let lastHeadingId: string | undefined;
    const used = new Set<string>();
    const visit = (parent: Root | Element) => {
      parent.children = parent.children.map((child) => {
        if (child.type !== "element") return child;
        if (HEADINGS.has(child.tagName)) {
          const text = textOf(child).trim();
          let id = options.headingIds?.[text] ?? slugOf(text);
          for (let n = 2; used.has(id); n++) id = `${slugOf(text)}-${n}`;
          used.add(id);
          child.properties = { ...child.properties, id };
          lastHeadingId = id;
        } else if (child.tagName === "a" && typeof child.properties.href === "string") {
          child.properties = { ...child.properties, href: sameSitePath(child.properties.href) };
        } else if (child.tagName === "pre") {
          child.properties = { ...child.properties, className: ["code"], tabIndex: 0 };
          return child;
        } else if (child.tagName === "table") {
          visit(child);
          const region = lastHeadingId ? { ariaLabelledBy: [lastHeadingId] } : {};
          return element("div", { className: ["table-scroll"], role: "region", tabIndex: 0, ...region }, [child]);
        }
        visit(child);
        return child;
      });
    };
    visit(tree);
  };
}

export function markdownToHtml(markdown: string, options: HtmlOptions = {}): string {
  return String(
    remark()
      .use(remarkGfm)
      .use(remarkRehype)
      .use(() => pageConventions(options))
      .use(rehypeStringify)
      .processSync(markdown),
  );
}

// Security headers of the HTML pages. The Content-Security-Policy is computed from the page
// itself: every inline <script> (Next.js' flight data and bootstrap, the JSON-LD) and <style>
// gets a sha256 hash source. Hashes rather than nonces because pages are cached (ISR and shared
// caches): a nonce in a cached page would be the same for everyone, a hash stays true.
import { createHash } from "node:crypto";
import { parse, type DefaultTreeAdapterTypes } from "parse5";

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

export interface InlineContent {
  scripts: string[];
  styles: string[];
  styleAttributes: string[];
  /** inline event handler attributes (onclick=…); the policy never allows them */
  eventHandlers: string[];
  /** what the page loads as images: <img src/srcset>, <link rel=preload as=image href/imagesrcset>, <link rel=icon href> */
  imageUrls: string[];
}

function isElement(node: Node): node is Element {
  return "tagName" in node;
}

function textOf(element: Element): string {
  return element.childNodes.map((n) => ("value" in n && n.nodeName === "#text" ? n.value : "")).join("");
}

/** Inline scripts, styles and style attributes of an HTML document, exactly as a browser sees them. */
export function inlineContent(html: string): InlineContent {
  const found: InlineContent = { scripts: [], styles: [], styleAttributes: [], eventHandlers: [], imageUrls: [] };
  const attr = (element: Element, name: string) => element.attrs.find((a) => a.name === name)?.value;
  const srcsetUrls = (srcset: string | undefined) => (srcset ?? "").split(",").map((c) => c.trim().split(/\s+/)[0]).filter(Boolean);
  const visit = (node: Node) => {
    if (isElement(node)) {
      if (node.tagName === "script" && !node.attrs.some((a) => a.name === "src")) found.scripts.push(textOf(node));
      if (node.tagName === "style") found.styles.push(textOf(node));
      if (node.tagName === "img") found.imageUrls.push(...[attr(node, "src") ?? "", ...srcsetUrls(attr(node, "srcset"))].filter(Boolean));
      if (node.tagName === "link") {
        const rel = (attr(node, "rel") ?? "").toLowerCase().split(/\s+/);
        const isImage = (rel.includes("preload") && attr(node, "as") === "image") || rel.includes("icon");
        if (isImage) found.imageUrls.push(...[attr(node, "href") ?? "", ...srcsetUrls(attr(node, "imagesrcset"))].filter(Boolean));
      }
      for (const attr of node.attrs) {
        if (attr.name === "style") found.styleAttributes.push(attr.value);
        if (attr.name.startsWith("on")) found.eventHandlers.push(attr.name);
      }
      if (node.tagName === "template" && "content" in node) visit((node as DefaultTreeAdapterTypes.Template).content);
    }
    if ("childNodes" in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return found;
}

export function hashSource(content: string): string {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}

const unique = (list: string[]) => [...new Set(list)];

/**
 * img-src sources for the images a page loads: 'self' for its own files (referenced root-relative,
 * so they load on any host the page is opened at), the origin of each image elsewhere, `data:`
 * only when an image is inline. Nothing the page does not load.
 */
export function imageSources(imageUrls: string[]): string[] {
  const sources = ["'self'"];
  for (const url of imageUrls) {
    try {
      if (/^data:/i.test(url)) sources.push("data:");
      // Protocol-relative: a host source without a scheme follows the page's scheme.
      else if (url.startsWith("//")) sources.push(new URL(`https:${url}`).host);
      else if (/^https?:\/\//i.test(url)) sources.push(new URL(url).origin);
    } catch {
      // not a URL a browser would load
    }
  }
  return unique(sources);
}

/** The policy for one HTML document. `dev` relaxes it for Next's dev server (eval, websockets). */
export function contentSecurityPolicy(html: string, options: { dev?: boolean } = {}): string {
  const inline = inlineContent(html);
  const scriptHashes = unique(inline.scripts.map(hashSource));
  const styleHashes = unique(inline.styles.map(hashSource));
  const styleAttrHashes = unique(inline.styleAttributes.map(hashSource));
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptHashes, ...(options.dev ? ["'unsafe-eval'"] : [])],
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", ...(options.dev ? ["'unsafe-inline'"] : styleHashes)],
    "style-src-attr": options.dev ? ["'unsafe-inline'"] : styleAttrHashes.length ? ["'unsafe-hashes'", ...styleAttrHashes] : ["'none'"],
    "img-src": imageSources(inline.imageUrls),
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(options.dev ? ["ws:", "wss:"] : [])],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "manifest-src": ["'self'"],
    "worker-src": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Every security header of an HTML response. */
export function htmlSecurityHeaders(html: string, options: { dev?: boolean } = {}): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(html, { dev: options.dev }),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  };
}

/** Headers for non-HTML page representations (Markdown, index files). */
export const TEXT_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * Whether the page was requested over https (directly, or through a proxy that says so). Only then
 * may its CSP ask the browser to upgrade plain-http loads: a page opened over http (a LAN address,
 * a plain-http proxy) loads its own files over http, and upgrading them would break every image,
 * whatever PUBLIC_BASE_URL says.
 */
export function requestedOverHttps(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  return request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** The security headers of one response: the page's, plus upgrade-insecure-requests over https. */
export function withTransportPolicy(security: Record<string, string>, https: boolean): Record<string, string> {
  if (!https) return security;
  return { ...security, "Content-Security-Policy": `${security["Content-Security-Policy"]}; upgrade-insecure-requests` };
}

// Security headers of the HTML pages. The Content-Security-Policy is computed from the page
// itself: the inline scripts Next.js writes (its flight data pushes and its bootstrap, recognised
// by their exact shape: isFrameworkScript) and every inline <style> get a sha256 hash source.
// Nothing else does: a script that got into a page any other way (an injection through some flaw)
// is not allowed by the policy, and the JSON-LD is a data block a browser never runs, so it needs
// no hash. Hashes rather than nonces because pages are cached (ISR and shared caches): a nonce in
// a cached page would be the same for everyone, a hash stays true.
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

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const FLIGHT_INIT = "(self.__next_f=self.__next_f||[]).push([0])";
const FLIGHT_PUSH = /^self\.__next_f\.push\(([\s\S]*)\)$/;
const TURBOPACK_BOOTSTRAP = /^\(globalThis\["TURBOPACK"\] \|\| \(globalThis\["TURBOPACK"\] = \[\]\)\)\.push\(([\s\S]*)\);?$/;
const CHUNK_PATH = /^static\/chunks\/[A-Za-z0-9_.-]+\.js$/;

/**
 * Whether an inline script is one Next.js itself writes into a page, by its exact shape:
 *   - the flight data's start, `(self.__next_f=self.__next_f||[]).push([0])`, to the letter;
 *   - a flight push, `self.__next_f.push(ARG)` with ARG one JSON array: [1, text], [2, form
 *     state] or [3, base64 text];
 *   - Turbopack's bootstrap, `(globalThis["TURBOPACK"] || …).push(ARG)` with ARG one JSON object
 *     naming only chunk files of the build (static/chunks/*.js) and runtime module ids.
 * Each is a call whose only argument is JSON data; anything else is not Next.js'.
 */
export function isFrameworkScript(text: string): boolean {
  if (text === FLIGHT_INIT) return true;
  const push = FLIGHT_PUSH.exec(text);
  if (push) {
    const arg = parsedJson(push[1]);
    if (!Array.isArray(arg) || arg.length !== 2) return false;
    return arg[0] === 2 || ((arg[0] === 1 || arg[0] === 3) && typeof arg[1] === "string");
  }
  const bootstrap = TURBOPACK_BOOTSTRAP.exec(text);
  if (bootstrap) {
    const arg = parsedJson(bootstrap[1]);
    if (!arg || typeof arg !== "object" || Array.isArray(arg)) return false;
    return Object.entries(arg).every(([key, value]) => {
      if (!Array.isArray(value)) return false;
      if (key === "otherChunks") return value.every((chunk) => typeof chunk === "string" && CHUNK_PATH.test(chunk));
      if (key === "runtimeModuleIds") return value.every((id) => Number.isInteger(id));
      return false;
    });
  }
  return false;
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
  // Next's dev server writes scripts of other shapes (its overlay, fast refresh): dev hashes them all.
  const scriptHashes = unique((options.dev ? inline.scripts : inline.scripts.filter(isFrameworkScript)).map(hashSource));
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

/**
 * Every security header of an HTML response. No upgrade-insecure-requests: a page opened over plain
 * http (a LAN address, a proxy's name) loads its own files over http and an upgrade would break
 * them, and deciding it per request (X-Forwarded-Proto) would let one request change what a shared
 * cache stores for everyone. An https site is kept on https by HSTS, which the request tap sends
 * on every response when PUBLIC_BASE_URL is https (lib/server/request-tap.ts).
 * Geolocation is allowed to the site's own pages (the dish and restaurant searches' "Near me"),
 * never to a frame from elsewhere; every other powerful feature stays off.
 */
export function htmlSecurityHeaders(html: string, options: { dev?: boolean } = {}): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(html, { dev: options.dev }),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(self), payment=(), usb=()",
  };
}

/** Headers for non-HTML page representations (Markdown, index files). */
export const TEXT_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

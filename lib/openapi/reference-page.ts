// The interactive API reference at /docs/api: Swagger UI (swagger-ui-dist, served by the app from
// node_modules: no outside CDN) rendering /openapi.json. The page is plain HTML with no inline
// script or style, so it runs under a strict Content-Security-Policy.
//
// CSP this page needs (for whoever sets a site-wide policy; the page sends this one itself):
//   default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;
//   connect-src 'self' <PUBLIC_BASE_URL origin>; font-src 'self'; base-uri 'none';
//   form-action 'none'; frame-ancestors 'none'
// - scripts and styles are same-origin files under /docs/api/assets/ (no inline code, no eval);
//   a nonce-based policy works too: the page copies the nonce of the request's x-nonce header
//   (Next.js's convention for middleware-issued nonces) onto its <script> and <link> elements;
// - img-src data: is for the icons inlined in swagger-ui.css;
// - connect-src: the page fetches /openapi.json (same origin, relative URL), and "Try it out" calls the API at the document's
//   server URL (PUBLIC_BASE_URL), which is this origin unless a proxy says otherwise.
import { readFileSync } from "node:fs";
import path from "node:path";
import { publicBaseUrl, siteUrls } from "../site-urls";
import { attributionText, SERVICE_NAME } from "../service-info";

export const REFERENCE_ASSET_BASE = "/docs/api/assets";

/** Our own start-up script: a file, not inline, so script-src 'self' suffices. */
const REFERENCE_JS = `// Starts Swagger UI on the document named by the container's data-spec-url.
"use strict";
(function () {
  function start() {
    var container = document.getElementById("swagger-ui");
    if (!container || typeof window.SwaggerUIBundle !== "function") return;
    window.ui = window.SwaggerUIBundle({
      url: container.getAttribute("data-spec-url"),
      domNode: container,
      // Deep links put an <a> inside each operation's toggle <button>: nested interactive
      // controls, which keyboard and screen-reader users cannot reach (axe nested-interactive).
      deepLinking: false,
      docExpansion: "list",
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
      tryItOutEnabled: false,
      // Its highlighting colours (inline styles) fail contrast on the dark code background.
      syntaxHighlight: { activated: false },
      // No call to the public validator service: the document is validated in the project's tests.
      validatorUrl: null,
      presets: [window.SwaggerUIBundle.presets.apis],
      layout: "BaseLayout",
    });
    container.setAttribute("data-ready", "true");
    labelControls(container);
    new MutationObserver(function () {
      labelControls(container);
    }).observe(container, { childList: true, subtree: true });
  }
  // What Swagger UI leaves out for keyboard and screen-reader users (axe, issue 15.4): a name for
  // the servers dropdown (it sits in an empty <label>), focus for scrollable code samples.
  function hasLabelText(control) {
    var labels = control.labels || [];
    for (var i = 0; i < labels.length; i++) {
      var copy = labels[i].cloneNode(true);
      var inner = copy.querySelectorAll("select, option");
      for (var j = 0; j < inner.length; j++) inner[j].remove();
      if (copy.textContent.trim()) return true;
    }
    return false;
  }
  function labelControls(root) {
    var selects = root.querySelectorAll("select:not([aria-label]):not([aria-labelledby])");
    for (var i = 0; i < selects.length; i++) {
      var select = selects[i];
      if (hasLabelText(select)) continue;
      select.setAttribute("aria-label", select.id === "servers" ? "Server" : select.getAttribute("data-name") || select.className || "Choice");
    }
    // Code samples scroll sideways: keyboard users must be able to focus them to scroll.
    var blocks = root.querySelectorAll("pre:not([tabindex])");
    for (var k = 0; k < blocks.length; k++) blocks[k].setAttribute("tabindex", "0");
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
`;

const REFERENCE_CSS = `/* The frame around Swagger UI: a header with the links people look for first. Then Swagger UI's
   colours that fail WCAG 2 AA contrast (4.5:1) with their text, darkened. */
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1b1b; background: #fff; }
.reference-header { padding: 1rem 1.25rem; border-bottom: 1px solid #e5e5e5; }
.reference-header h1 { margin: 0 0 .25rem; font-size: 1.4rem; }
.reference-header p { margin: .25rem 0; font-size: .95rem; }
.reference-header nav a { margin-right: 1rem; }
.reference-header a { color: #0b57d0; }
.reference-noscript { padding: 1rem 1.25rem; }
.swagger-ui .info .title small { background: #555c68; }
.swagger-ui .info .title small.version-stamp { background: #3b6600; }
.swagger-ui .info a, .swagger-ui .info .link, .swagger-ui .info .url, .swagger-ui a.nostyle, .swagger-ui .info__extdocs { color: #0b57d0; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1a5ea8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #136c46; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a4b00; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f6e63; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #6b3fa0; }
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #0b4f8a; }
.swagger-ui .opblock-tag small, .swagger-ui .opblock .opblock-summary-description, .swagger-ui .parameter__in, .swagger-ui .prop-format, .swagger-ui .response-col_links, .swagger-ui .renderedMarkdown p { color: #3b3b3b; }
.swagger-ui .parameter__name.required span, .swagger-ui .parameter__name.required::after { color: #b3261e; }
.swagger-ui .tab li, .swagger-ui .opblock-section-header h4, .swagger-ui .response-col_status { color: #1b1b1b; }
.swagger-ui .json-schema-2020-12-expand-deep-button, .swagger-ui .json-schema-2020-12__attribute, .swagger-ui .json-schema-2020-12-keyword__name--secondary, .swagger-ui .json-schema-2020-12-keyword__value--secondary { color: #4a4a4a; }
`;

/** The files /docs/api/assets/{file} serves: Swagger UI's from node_modules, ours from above. */
const PACKAGE_FILES: Record<string, string> = {
  "swagger-ui-bundle.js": "application/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

const OWN_FILES: Record<string, { body: string; contentType: string }> = {
  "reference.js": { body: REFERENCE_JS, contentType: "application/javascript; charset=utf-8" },
  "reference.css": { body: REFERENCE_CSS, contentType: "text/css; charset=utf-8" },
};

export const REFERENCE_ASSETS = [...Object.keys(PACKAGE_FILES), ...Object.keys(OWN_FILES)];

const loaded = new Map<string, { body: string; contentType: string }>();

/** One asset by file name, or undefined for anything not on the list (no path ever reaches the disk). */
export function referenceAsset(file: string): { body: string; contentType: string } | undefined {
  // Own keys only: "constructor", "__proto__" or "toString" must not find Object.prototype's.
  if (Object.hasOwn(OWN_FILES, file)) return OWN_FILES[file];
  const contentType = Object.hasOwn(PACKAGE_FILES, file) ? PACKAGE_FILES[file] : undefined;
  if (!contentType) return undefined;
  let asset = loaded.get(file);
  if (!asset) {
    // `npm start` runs from the project root, where swagger-ui-dist is installed.
    asset = { body: readFileSync(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file), "utf8"), contentType };
    loaded.set(file, asset);
  }
  return asset;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The policy the page is sent with (see the comment at the top of this file). */
export function referenceCsp(): string {
  const api = new URL(publicBaseUrl()).origin;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${api}`,
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The page. `nonce` is the request's x-nonce, when a site-wide nonce policy issued one. */
export function referencePageHtml(nonce?: string): string {
  const n = nonce && /^[A-Za-z0-9+/=_-]{8,200}$/.test(nonce) ? ` nonce="${nonce}"` : "";
  const asset = (file: string) => `${REFERENCE_ASSET_BASE}/${file}`;
  const spec = siteUrls.openApi();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · ${escapeHtml(SERVICE_NAME)}</title>
<meta name="description" content="Interactive reference of the ${escapeHtml(SERVICE_NAME)} public API: every endpoint, parameter, response and error, from the OpenAPI document.">
<link rel="canonical" href="${escapeHtml(siteUrls.apiReference())}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="alternate" type="application/openapi+json" href="${escapeHtml(spec)}">
<link rel="stylesheet" href="${asset("swagger-ui.css")}"${n}>
<link rel="stylesheet" href="${asset("reference.css")}"${n}>
</head>
<body>
<header class="reference-header">
<h1>${escapeHtml(SERVICE_NAME)} API reference</h1>
<p>Public, read-only, no API key. ${escapeHtml(attributionText())}</p>
<nav aria-label="API resources">
<a href="${escapeHtml(siteUrls.home())}">Home</a>
<a href="${escapeHtml(siteUrls.apiDocs())}">Developers</a>
<a href="${escapeHtml(spec)}">openapi.json</a>
<a href="${escapeHtml(siteUrls.apiIndex())}">JSON index</a>
<a href="${escapeHtml(siteUrls.mcpManifest())}">MCP manifest</a>
</nav>
</header>
<noscript><p class="reference-noscript">The interactive reference needs JavaScript. The same information is in <a href="${escapeHtml(spec)}">the OpenAPI document</a> and <a href="${escapeHtml(siteUrls.apiIndex())}">the JSON index</a>.</p></noscript>
<div id="swagger-ui" data-spec-url="/openapi.json"></div>
<script src="${asset("swagger-ui-bundle.js")}"${n}></script>
<script src="${asset("reference.js")}"${n}></script>
</body>
</html>
`;
}

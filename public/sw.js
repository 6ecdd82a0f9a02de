// Menus that open offline (docs/diner.md, "Offline"). Keeps the menu pages a diner has opened and
// the files they load, network first: whenever the network answers, its answer is what the diner
// gets (and a fresh 200 replaces the saved copy); only when it does not answer is the saved copy
// served, and the page (app/_components/offline-copy.tsx) then says when it was saved. Never kept:
// anything but GET, anything but a plain same-origin 200, /api, Markdown, Next.js router data,
// answers marked no-store or private. Bounded: PAGE_LIMIT and ASSET_LIMIT (entries and bytes),
// the oldest saved dropped first. Cache names carry VERSION: a new worker deletes the old caches.
"use strict";

const VERSION = "v1";
const PREFIX = "menu-offline-";
const PAGES = `${PREFIX}pages-${VERSION}`;
const ASSETS = `${PREFIX}assets-${VERSION}`;
const META = `${PREFIX}meta-${VERSION}`;
const PAGE_LIMIT = { entries: 30, bytes: 8 * 1024 * 1024 };
const ASSET_LIMIT = { entries: 120, bytes: 16 * 1024 * 1024 };
/** one answer larger than this is not kept */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/** the files of one page kept with it, at most */
const MAX_ASSETS_PER_PAGE = 60;
/** the languages whose offline words are kept */
const LABEL_LANGUAGES = 40;
const SAVED_AT = "X-Offline-Saved-At";
const SIZE = "X-Offline-Bytes";
const TITLE = "X-Offline-Title";
const LANG = "X-Offline-Lang";

// In memory only (gone when the browser stops the worker, which it does not do within seconds of
// an event): the last pages fetched from the network, so a page that asks to be kept is not fetched
// twice; and which window got a saved copy, so that window can say so.
const recentPages = new Map();
const servedCopies = new Map();
const RECENT_LIMIT = 4;
const SERVED_LIMIT = 32;

function remember(map, key, value, limit) {
  map.delete(key);
  map.set(key, value);
  while (map.size > limit) map.delete(map.keys().next().value);
}

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([PAGES, ASSETS, META]);
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && !current.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The cache key of a page or file: its URL without the fragment. */
function keyOf(url) {
  const u = new URL(url);
  u.hash = "";
  return u.href;
}

/** Whether a same-origin GET to this URL may ever be kept. */
function mayKeep(url, headers) {
  if (url.origin !== self.location.origin) return false;
  const path = url.pathname;
  if (path === "/api" || path.startsWith("/api/")) return false;
  if (path.endsWith(".md") || path.startsWith("/_next/data/") || path === "/sw.js") return false;
  if (url.searchParams.has("_rsc") || (headers && (headers.get("RSC") || headers.get("Next-Router-State-Tree")))) return false;
  return true;
}

/** Whether an answer may be kept: a plain 200, not no-store or private, not too large. */
function keepable(response) {
  if (!response || response.status !== 200 || response.type !== "basic" || response.redirected) return false;
  if (/no-store|private/i.test(response.headers.get("Cache-Control") || "")) return false;
  const length = Number(response.headers.get("Content-Length") || 0);
  return !(length > MAX_ENTRY_BYTES);
}

function isHtml(response) {
  return /^text\/html/i.test(response.headers.get("Content-Type") || "");
}

/** The answer as stored: its body read once, its headers without Vary, plus when and how large. */
async function storedCopy(response, extra) {
  const body = await response.arrayBuffer();
  if (body.byteLength > MAX_ENTRY_BYTES) return null;
  const headers = new Headers(response.headers);
  // The Cache API matches Vary against the request; the key here is the URL alone.
  headers.delete("Vary");
  headers.set(SAVED_AT, new Date().toISOString());
  headers.set(SIZE, String(body.byteLength));
  for (const [name, value] of Object.entries(extra || {})) if (value) headers.set(name, value);
  return { body, init: { status: 200, statusText: response.statusText, headers } };
}

/** The page's title and language, read from its HTML (kept escaped: it only goes back into HTML). */
function pageFacts(body) {
  const head = new TextDecoder().decode(body.slice(0, 64 * 1024));
  const title = /<title[^>]*>([^<]{1,300})<\/title>/i.exec(head);
  const lang = /<html[^>]*\slang="([A-Za-z0-9-]{1,35})"/i.exec(head);
  return { [TITLE]: title ? encodeURIComponent(title[1]) : "", [LANG]: lang ? lang[1] : "" };
}

/** Every entry of a cache with when it was saved, its size and its (encoded) title, the newest first. */
async function savedEntries(cache) {
  const entries = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response) continue;
    const headers = response.headers;
    entries.push({ request, at: headers.get(SAVED_AT) || "", bytes: Number(headers.get(SIZE) || 0), title: headers.get(TITLE) || "" });
  }
  return entries.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/** Drops the oldest saved entries (other than `key`) until the cache has room for `bytes` more. */
async function makeRoom(cache, limit, key, bytes) {
  const entries = (await savedEntries(cache)).filter((entry) => entry.request.url !== key);
  let total = bytes;
  for (const [i, entry] of entries.entries()) {
    total += entry.bytes;
    if (i + 1 >= limit.entries || total > limit.bytes) await cache.delete(entry.request);
  }
}

// One write at a time: two puts that each made room before the other landed would overshoot the bound.
let writes = Promise.resolve();

function put(cacheName, limit, key, copy) {
  const write = writes.then(async () => {
    const cache = await caches.open(cacheName);
    await makeRoom(cache, limit, new URL(key, self.location.href).href, copy.body.byteLength);
    await cache.put(key, new Response(copy.body, copy.init));
  });
  writes = write.catch(() => {});
  return write;
}

/** A page's stored copy from a network answer, or null when it may not be kept. */
async function pageCopy(response) {
  if (!keepable(response) || !isHtml(response)) return null;
  const body = await response.arrayBuffer();
  if (body.byteLength > MAX_ENTRY_BYTES) return null;
  return storedCopy(new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers }), pageFacts(body));
}

/** Keeps a file of a kept page; one kept already counts as saved now (the files pages share stay). */
async function keepAsset(url) {
  const kept = await caches.open(ASSETS).then((cache) => cache.match(url));
  const response = kept || (await fetch(url, { credentials: "same-origin" }).catch(() => null));
  if (!kept && !keepable(response)) return;
  const copy = await storedCopy(response);
  if (copy) await put(ASSETS, ASSET_LIMIT, url, copy);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!mayKeep(url, request.headers)) return;
  if (request.mode === "navigate") event.respondWith(navigate(event, keyOf(request.url)));
  else if (["script", "style", "image", "font"].includes(request.destination) || url.pathname.startsWith("/_next/static/")) event.respondWith(asset(event, request));
});

async function navigate(event, key) {
  let response;
  try {
    response = await fetch(event.request);
  } catch {
    return savedOrOffline(event, key);
  }
  // The network answered: that answer is the page, whatever it is.
  const copy = response.clone();
  event.waitUntil(afterNetwork(key, copy));
  return response;
}

async function afterNetwork(key, response) {
  const pages = await caches.open(PAGES);
  // A menu taken down (or moved) is not kept any longer.
  if (response.status === 404 || response.status === 410) {
    recentPages.delete(key);
    await pages.delete(key);
    return;
  }
  const copy = await pageCopy(response);
  if (!copy) return;
  remember(recentPages, key, copy, RECENT_LIMIT);
  // A page kept before is refreshed now; a new one is kept when the page asks (it is a menu).
  if (await pages.match(key)) await put(PAGES, PAGE_LIMIT, key, copy);
}

async function savedOrOffline(event, key) {
  const saved = await caches.open(PAGES).then((pages) => pages.match(key));
  if (saved) {
    remember(servedCopies, event.resultingClientId, saved.headers.get(SAVED_AT), SERVED_LIMIT);
    return saved;
  }
  return offlinePage(key);
}

async function asset(event, request) {
  try {
    const response = await fetch(request);
    // A file kept before (a logo, a banner) is refreshed; files named by their content never change.
    if (keepable(response) && !new URL(request.url).pathname.startsWith("/_next/static/")) {
      const copy = response.clone();
      event.waitUntil(
        caches.open(ASSETS).then(async (cache) => {
          if (!(await cache.match(keyOf(request.url)))) return;
          const stored = await storedCopy(copy);
          if (stored) await put(ASSETS, ASSET_LIMIT, keyOf(request.url), stored);
        }),
      );
    }
    return response;
  } catch {
    const saved = await caches.open(ASSETS).then((cache) => cache.match(keyOf(request.url)));
    return saved || Response.error();
  }
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The words the pages handed over: in the language of the path's second segment, else the last page's. */
async function labelsFor(key) {
  const meta = await caches.open(META);
  const segment = new URL(key).pathname.split("/")[2];
  const own = segment && /^[A-Za-z0-9-]{1,35}$/.test(segment) ? await meta.match(`/labels/${segment}`) : undefined;
  const found = own || (await meta.match("/labels/last"));
  return found ? found.json() : null;
}

/** The page for a page never saved: what happened, and the menus that are saved, newest first. */
async function offlinePage(key) {
  const labels = await labelsFor(key);
  // Never handed any words (no menu was opened since this worker started keeping): the browser's own offline page.
  if (!labels) return Response.error();
  const saved = (await savedEntries(await caches.open(PAGES))).map((s) => ({ url: s.request.url, at: s.at, title: decodeURIComponent(s.title) }));
  const format = new Intl.DateTimeFormat(labels.pageLang, { dateStyle: "long", timeStyle: "short" });
  const items = saved
    .map((s) => `<li><a href="${escapeHtml(new URL(s.url).pathname + new URL(s.url).search)}">${s.title || escapeHtml(new URL(s.url).pathname)}</a> · ${escapeHtml(format.format(new Date(s.at)))}</li>`)
    .join("");
  const html =
    `<!doctype html><html lang="${escapeHtml(labels.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(labels.offlineTitle)}</title></head><body><main class="offline-page"><h1>${escapeHtml(labels.offlineTitle)}</h1>` +
    `<p>${escapeHtml(labels.notSaved)}</p>` +
    (items ? `<h2>${escapeHtml(labels.savedPages)}</h2><ul>${items}</ul>` : "") +
    `</main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A menu page asks to be kept: its HTML (from the network answer just seen, else fetched), its files, its words. */
self.addEventListener("message", (event) => {
  const data = event.data;
  const port = event.ports && event.ports[0];
  if (!data || data.type !== "page" || typeof data.url !== "string") return;
  event.waitUntil(
    (async () => {
      const clientId = event.source && event.source.id;
      const servedCopyOf = clientId ? servedCopies.get(clientId) : undefined;
      if (port) port.postMessage({ servedCopyOf: servedCopyOf || null });
      if (servedCopyOf) return;
      const url = new URL(data.url);
      if (url.origin !== self.location.origin || !mayKeep(url)) return;
      const key = keyOf(data.url);
      await storeLabels(data);
      const recent = recentPages.get(key);
      const fresh = recent && Date.now() - Date.parse(recent.init.headers.get(SAVED_AT)) < 60_000;
      const copy = fresh ? recent : await pageCopy(await fetch(key, { credentials: "same-origin", headers: { Accept: "text/html" } }).catch(() => null));
      if (!copy) return;
      await put(PAGES, PAGE_LIMIT, key, copy);
      const assets = Array.isArray(data.assets) ? data.assets.filter((a) => typeof a === "string").slice(0, MAX_ASSETS_PER_PAGE) : [];
      for (const asset of assets) {
        const assetUrl = new URL(asset, self.location.origin);
        if (mayKeep(assetUrl)) await keepAsset(keyOf(assetUrl.href));
      }
    })(),
  );
});

async function storeLabels(data) {
  const labels = data.labels;
  const fields = ["lang", "savedCopy", "offlineTitle", "notSaved", "savedPages"];
  if (!labels || !fields.every((f) => typeof labels[f] === "string" && labels[f].length <= 500)) return;
  if (typeof data.pageLang !== "string" || !/^[A-Za-z0-9-]{1,35}$/.test(data.pageLang)) return;
  const body = JSON.stringify({ ...Object.fromEntries(fields.map((f) => [f, labels[f]])), pageLang: data.pageLang });
  const meta = await caches.open(META);
  // One entry per language (the languages of the menus opened, at most LABEL_LANGUAGES) and the last one.
  const known = await meta.keys();
  if (known.length <= LABEL_LANGUAGES || (await meta.match(`/labels/${data.pageLang}`))) await meta.put(`/labels/${data.pageLang}`, new Response(body, { headers: { "Content-Type": "application/json" } }));
  await meta.put("/labels/last", new Response(body, { headers: { "Content-Type": "application/json" } }));
}

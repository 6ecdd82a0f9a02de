// What the node:http front of scripts/start.mjs fixes in a request before Next.js sees it: the
// cases Next.js answers itself, before any route or middleware, with an empty, text or HTML body
// (ENVIRONMENT.md; checked on Next.js 16.4). Plain JS so the front needs no build step. Under
// `next start` and the standalone server there is no front: docs/deployment.md lists what Next.js
// answers there. (Malformed percent-encoding needs no front: middleware.ts answers it in every mode.)

/**
 * Under /api, "/api/public/" and "/api//public" are served as "/api/public" instead of Next's
 * 308 redirect, which carries no CORS headers and so breaks cross-origin fetches.
 *
 * @param {string} url
 * @returns {string}
 */
export function normalizeApiPath(url) {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (!/^\/+api(\/|$)/.test(path)) return url;
  const clean = path.replace(/\/{2,}/g, "/").replace(/(.)\/+$/, "$1");
  return clean === path ? url : clean + (q === -1 ? "" : url.slice(q));
}

/** The methods Next.js route handlers dispatch; any other method gets a bare 500 from Next.js. */
export const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Header that carries a method no route handles (TRACE, PROPFIND, …) into the 405 message. */
export const ORIGINAL_METHOD_HEADER = "x-menu-original-method";

/**
 * Prepares a Node request for Next.js in place.
 * A method Next.js does not route is sent on as PATCH — which no endpoint accepts, so the route
 * itself answers 405 with its real Allow header — and named in ORIGINAL_METHOD_HEADER.
 *
 * @param {{ url?: string, method?: string, headers: Record<string, string | string[] | undefined> }} req
 */
export function prepareRequest(req) {
  delete req.headers[ORIGINAL_METHOD_HEADER];
  if (req.url) req.url = normalizeApiPath(req.url);
  if (req.method && !ROUTED_METHODS.has(req.method)) {
    req.headers[ORIGINAL_METHOD_HEADER] = req.method;
    req.method = "PATCH";
  }
}

/**
 * The body for a request Node could not even parse (unknown method token, bad header): there is
 * no path to route, so it is answered directly, in the API's error format.
 *
 * @param {string} baseUrl
 * @returns {string} a complete HTTP/1.1 response
 */
export function malformedRequestResponse(baseUrl) {
  const body = JSON.stringify({
    error: "invalid_request",
    status: 400,
    message: "The HTTP request could not be parsed.",
    hint: "Send a well-formed HTTP/1.1 request with a standard method.",
    documentation: `${baseUrl}/api/public#errors`,
    specification: `${baseUrl}/openapi.json`,
  });
  return [
    "HTTP/1.1 400 Bad Request",
    "Content-Type: application/json; charset=utf-8",
    "Cache-Control: no-store",
    "Access-Control-Allow-Origin: *",
    "Connection: close",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "",
    body,
  ].join("\r\n");
}

// What the server guard (lib/http/server-guard.mjs, on every server of the process in every run
// mode) fixes in a request before Next.js sees it: the cases Next.js answers itself, before any
// route or middleware, with an empty, text or HTML body or a redirect (ENVIRONMENT.md; checked on
// Next.js 16.4), and the answers to requests Node refuses before there is a request at all. Plain
// JS so the start script loads it without a build step. (Malformed percent-encoding needs no front:
// middleware.ts answers it in every mode.)

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
  if (req.url) req.url = normalizeApiPath(originForm(req.url));
  if (req.rawHeaders) {
    const accept = firstHeaderLine(req.rawHeaders, "accept");
    if (accept !== undefined) req.headers.accept = accept;
  }
  if (req.method && !ROUTED_METHODS.has(req.method)) {
    req.headers[ORIGINAL_METHOD_HEADER] = req.method;
    req.method = "PATCH";
  }
}

/**
 * An absolute-form request target ("http://host/path?q", RFC 9112 §3.2.2, what a client sends to a
 * proxy) as the origin-form path the routes expect. Its authority is dropped, not believed: the
 * service's own addresses come from PUBLIC_BASE_URL, and Next.js would otherwise redirect to it.
 * Anything else is returned as it is.
 *
 * @param {string} url
 * @returns {string}
 */
export function originForm(url) {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  const rest = url.slice(url.indexOf("//") + 2);
  const slash = rest.search(/[/?#]/);
  if (slash === -1) return "/";
  const target = rest.slice(slash);
  return target.startsWith("/") ? target : `/${target}`;
}

/**
 * The first of a request's header lines of one name. Node joins repeated lines ("a, b"); a shared
 * cache (Varnish, nginx's $http_accept) keys its variants on the first line alone, so the answer
 * must be chosen from that line too, or one request could store a representation under another
 * client's key.
 *
 * @param {string[]} rawHeaders  name, value, name, value, …
 * @param {string} name  lower case
 * @returns {string | undefined}
 */
export function firstHeaderLine(rawHeaders, name) {
  let first;
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].length === name.length && rawHeaders[i].toLowerCase() === name) {
      if (count++ === 0) first = rawHeaders[i + 1];
    }
  }
  return count > 1 ? first : undefined;
}

/** Request header that carries the render token (lib/pages/internal-render.ts). */
export const INTERNAL_RENDER_HEADER = "x-menu-internal-render";

/** First path segments of the App Router pages only this process may request (with the render token). */
export const INTERNAL_PATH_ROOTS = ["render"];

/**
 * Whether a request target names an internal page, however it is spelt: percent-encoded, with
 * repeated slashes, any letter case, any suffix (".rsc", ".css", …). Next.js routes a path with an
 * extension past middleware, and renders it to its ISR cache on disk: the guard refuses these
 * before Next.js sees them.
 *
 * @param {string} url
 * @returns {boolean}
 */
export function isInternalPath(url) {
  const q = url.search(/[?#]/);
  let path = q === -1 ? url : url.slice(0, q);
  for (let i = 0; i < 3 && path.includes("%"); i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  // Dot segments resolved as Next.js resolves them: /%2e%2e/render/… is /render/….
  const segments = [];
  for (const segment of path.replace(/\\/g, "/").split("/")) {
    if (segment === "..") segments.pop();
    else if (segment !== "" && segment !== ".") segments.push(segment);
  }
  const first = (segments[0] ?? "").split(/[.;]/, 1)[0].toLowerCase();
  return INTERNAL_PATH_ROOTS.includes(first);
}

/**
 * The answer to a request for an internal page without the render token: the not-found page, in
 * the API's error format under no cache. Not the negotiated page: nothing of the app runs for it.
 */
export function internalPathAnswer(baseUrl) {
  const error = FRONT_ERRORS.not_found;
  const body = errorJson(error, baseUrl);
  return { status: error.status, headers: errorHeaders(body, false), body };
}

/**
 * The answer to a request beyond the server's bound on requests in progress: service_unavailable,
 * retry in a second, and the connection closed (its body, if any, is not read).
 */
export function overloadedAnswer(baseUrl) {
  const error = FRONT_ERRORS.overloaded;
  const body = errorJson(error, baseUrl);
  return { status: error.status, headers: { ...errorHeaders(body, true), "Retry-After": "1" }, body };
}

/**
 * Headers every response of the service carries, whatever answers it (a route, middleware, Next.js'
 * static files, image optimizer, redirects and its own errors): any origin may read it (contract
 * section 1, rule 3), no browser sniffs another type into it, and on an https deployment browsers
 * are told to use https only.
 *
 * @param {string} baseUrl the public base URL
 * @returns {Record<string, string>}
 */
export function responseBaseHeaders(baseUrl) {
  return {
    "Access-Control-Allow-Origin": "*",
    "X-Content-Type-Options": "nosniff",
    ...(/^https:/i.test(baseUrl) ? { "Strict-Transport-Security": "max-age=31536000" } : {}),
  };
}

/** Methods of the whole server, for `OPTIONS *`. */
export const SERVER_METHODS = "GET, HEAD, POST, OPTIONS";

/**
 * The front's own answer to a request no route can take, or null. A request target that is not a
 * path ("*", "example.com:443") names no resource: `OPTIONS *` asks what the server supports
 * (RFC 9110 §9.3.7) and gets 204 with Allow; anything else is invalid_request.
 *
 * @param {{ url?: string, method?: string }} req
 * @param {string} baseUrl
 * @returns {{ status: number, headers: Record<string, string>, body?: string } | null}
 */
export function frontAnswer(req, baseUrl) {
  const url = req.url ?? "";
  if (url.startsWith("/")) return null;
  if (url === "*" && req.method === "OPTIONS") {
    return { status: 204, headers: { Allow: SERVER_METHODS, "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store" } };
  }
  const error = FRONT_ERRORS.invalid_target;
  const body = errorJson(error, baseUrl);
  return { status: error.status, headers: errorHeaders(body, false), body };
}

/**
 * The answers the front writes itself, in the API's error format: the codes and statuses are the
 * ones of lib/http/api-errors.ts (a unit test holds them equal).
 */
export const FRONT_ERRORS = {
  malformed: {
    error: "invalid_request",
    status: 400,
    reason: "Bad Request",
    message: "The HTTP request could not be parsed.",
    hint: "Send a well-formed HTTP/1.1 request with a standard method.",
  },
  invalid_target: {
    error: "invalid_request",
    status: 400,
    reason: "Bad Request",
    message: "The request target is not a path.",
    hint: "Send a path starting with / (origin form), e.g. GET /api/public.",
  },
  not_found: {
    error: "not_found",
    status: 404,
    reason: "Not Found",
    message: "There is nothing at this path.",
    hint: "Check the path; GET /api/public lists every endpoint.",
  },
  overloaded: {
    error: "service_unavailable",
    status: 503,
    reason: "Service Unavailable",
    message: "The server has too many requests in progress.",
    hint: "Retry after the Retry-After seconds.",
  },
  timeout: {
    error: "request_timeout",
    status: 408,
    reason: "Request Timeout",
    message: "The request was not received in time.",
    hint: "Send the headers within 10 s and the body within 10 s after them, then retry.",
  },
  headers_too_large: {
    error: "headers_too_large",
    status: 431,
    reason: "Request Header Fields Too Large",
    message: "The request headers are larger than the server accepts.",
    hint: "Send fewer or shorter headers (at most 16 KB in all).",
  },
};

/** @param {typeof FRONT_ERRORS[keyof typeof FRONT_ERRORS]} error @param {string} baseUrl */
function errorJson(error, baseUrl) {
  return JSON.stringify({
    error: error.error,
    status: error.status,
    message: error.message,
    hint: error.hint,
    documentation: `${baseUrl}/api/public#errors`,
    specification: `${baseUrl}/openapi.json`,
  });
}

/** @param {string} body @param {boolean} close */
function errorHeaders(body, close) {
  return {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
    "Access-Control-Allow-Origin": "*",
    "X-Content-Type-Options": "nosniff",
    ...(close ? { Connection: "close" } : {}),
  };
}

/**
 * A complete HTTP/1.1 response for a request Node gave up on before it became a request (a
 * "clientError"): too slow, headers too large, not parseable. Null when the socket is already gone.
 *
 * @param {{ code?: string }} error
 * @param {string} baseUrl
 * @param {string} [requestId] echoed as X-Request-Id
 * @returns {string | null}
 */
export function clientErrorResponse(error, baseUrl, requestId) {
  if (error?.code === "ECONNRESET" || error?.code === "EPIPE") return null;
  const kind = clientErrorKind(error);
  const body = errorJson(kind, baseUrl);
  const head = Object.entries({ ...errorHeaders(body, true), ...(requestId ? { "X-Request-Id": requestId } : {}) }).map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${kind.status} ${kind.reason}`, ...head, "", body].join("\r\n");
}

/**
 * Which of the front's errors answers a request Node gave up on.
 *
 * @param {{ code?: string }} error
 */
export function clientErrorKind(error) {
  return error?.code === "ERR_HTTP_REQUEST_TIMEOUT" ? FRONT_ERRORS.timeout : error?.code === "HPE_HEADER_OVERFLOW" ? FRONT_ERRORS.headers_too_large : FRONT_ERRORS.malformed;
}

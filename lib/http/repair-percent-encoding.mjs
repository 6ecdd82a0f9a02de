// Next.js answers a path with malformed percent-encoding ("/api/%FF", "/x%ZZ") with a bare
// 500 before any route or middleware runs. The server front (scripts/start.mjs) repairs such
// paths first: every "%" that does not start a decodable UTF-8 escape is itself escaped as "%25",
// so the request reaches the routes with the bad bytes as literal text and gets a normal answer
// (a JSON 404 or 400 under /api) instead of a 500. Well-formed URLs are returned unchanged.

/**
 * @param {string} url request target: path plus optional query
 * @returns {string}
 */
export function repairPercentEncoding(url) {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.includes("%")) return url;
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    // fall through to repair
  }
  // Runs of %XX escapes decode together (a UTF-8 character spans several); a run that does not
  // decode has each of its "%" escaped. A "%" without two hex digits is escaped on its own.
  const repaired = path.replace(/(?:%[0-9A-Fa-f]{2})+|%/g, (run) => {
    if (run === "%") return "%25";
    try {
      decodeURIComponent(run);
      return run;
    } catch {
      return run.replace(/%/g, "%25");
    }
  });
  return q === -1 ? repaired : repaired + url.slice(q);
}

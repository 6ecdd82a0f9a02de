// Paths whose percent-encoding does not decode to UTF-8 ("/api/%FF", "/x%ZZ"). Next.js fails them
// with a bare 500 when it decodes them for a route, so middleware.ts answers them first.

/** Whether decoding the path fails. */
export function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * The same URL with every "%" that does not start a decodable UTF-8 escape itself escaped as
 * "%25": the bad bytes become literal text, so the path can be shown and negotiated. Well-formed
 * URLs are returned unchanged.
 *
 */
export function repairPercentEncoding(url: string): string {
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

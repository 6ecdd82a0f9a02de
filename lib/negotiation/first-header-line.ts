/**
 * The first of a request's header lines of one name, when there are several (Node joins repeated
 * lines into "a, b"), else undefined. A shared cache (Varnish, nginx's $http_accept) keys its
 * variants on the first line alone, so the answer must be chosen from that line too, or one request
 * could store a representation under another client's key.
 *
 * @param rawHeaders name, value, name, value, …
 * @param name lower case
 */
export function firstHeaderLine(rawHeaders: readonly string[], name: string): string | undefined {
  let first: string | undefined;
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i].length === name.length && rawHeaders[i].toLowerCase() === name && count++ === 0) first = rawHeaders[i + 1];
  }
  return count > 1 ? first : undefined;
}

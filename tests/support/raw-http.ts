// One HTTP/1.1 request written byte for byte on a connection of its own (repeated header lines,
// absolute-form targets, Upgrade: what fetch will not send), and its answer parsed.
import { connect } from "node:net";

export interface RawResponse {
  status: number;
  /** lower-case names; repeated lines joined with ", " */
  headers: Record<string, string>;
  body: string;
}

function dechunk(bytes: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = bytes.indexOf("\r\n", at);
    const size = parseInt(bytes.subarray(at, eol).toString("latin1"), 16);
    if (!size) return Buffer.concat(out);
    out.push(bytes.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

export function parseRawResponse(bytes: Buffer): RawResponse {
  const end = bytes.indexOf("\r\n\r\n");
  const lines = bytes.subarray(0, end === -1 ? bytes.length : end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const at = line.indexOf(":");
    const name = line.slice(0, at).trim().toLowerCase();
    const value = line.slice(at + 1).trim();
    headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  const payload = end === -1 ? Buffer.alloc(0) : bytes.subarray(end + 4);
  return {
    status: Number(lines[0].split(" ")[1]),
    headers,
    body: (headers["transfer-encoding"] === "chunked" ? dechunk(payload) : payload).toString("utf8"),
  };
}

/**
 * Sends `requestLine` with Host and Connection: close plus `headers` (each "Name: value"), and
 * resolves with the answer once the server closes. localAddress picks the client's loopback address.
 */
export function rawRequest(base: string, requestLine: string, headers: string[] = [], options: { body?: string; localAddress?: string } = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, localAddress: options.localAddress });
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${requestLine}`));
    });
    socket.on("data", (d) => chunks.push(d));
    socket.on("error", reject);
    socket.on("close", () => resolve(parseRawResponse(Buffer.concat(chunks))));
    socket.write([requestLine, `Host: ${hostname}:${port}`, "Connection: close", ...headers, "", options.body ?? ""].join("\r\n"));
  });
}

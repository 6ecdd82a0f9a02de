import { afterEach, describe, expect, it } from "vitest";
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { guardServer } from "./server-guard.mjs";

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/**
 * A guarded server (internal: no turn gate, no render listener of its own) whose handler answers
 * as `respond` says, counting the writes its sockets hand to the kernel (_write and _writev: one
 * system call each on a loopback socket).
 */
async function guarded(respond: (res: ServerResponse) => void): Promise<{ port: number; writes: () => number }> {
  let writes = 0;
  server = createServer((_req, res) => respond(res));
  server.on("connection", (socket: Socket & { _write: Function; _writev: Function }) => {
    const write = socket._write.bind(socket);
    const writev = socket._writev.bind(socket);
    socket._write = (...args: unknown[]) => {
      writes++;
      return write(...args);
    };
    socket._writev = (...args: unknown[]) => {
      writes++;
      return writev(...args);
    };
  });
  guardServer(server, { internal: true });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, writes: () => writes };
}

function get(port: number, onResponse?: (res: IncomingMessage) => void): Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: "127.0.0.1", path: "/menu", agent: false }, (res) => {
      onResponse?.(res);
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("guardServer: a response's headers leave with its body", () => {
  it("sends flushHeaders + write + end, as Next.js streams a route's answer, in one write", async () => {
    const body = JSON.stringify({ slug: "izakaya-tomoshibi", items: "x".repeat(8000) });
    const { port, writes } = await guarded((res) => {
      res.setHeader("Content-Type", "application/json");
      res.flushHeaders();
      res.write(body);
      res.end();
    });
    const answer = await get(port);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json");
    expect(answer.headers["x-request-id"]).toMatch(/\S/);
    expect(answer.body).toBe(body);
    // Without the guard's flushHeaders: the headers, then the body and its end (2 or 3 writes).
    expect(writes()).toBe(1);
  });

  it("still sends the headers at once when no body follows in the same tick", async () => {
    let headersSeenBeforeBody = false;
    let wrote = false;
    const { port } = await guarded((res) => {
      res.flushHeaders();
      setTimeout(() => {
        wrote = true;
        res.end("late body");
      }, 300);
    });
    const answer = await get(port, () => (headersSeenBeforeBody = !wrote));
    expect(headersSeenBeforeBody).toBe(true);
    expect(answer.body).toBe("late body");
  });

  it("leaves a response that never calls flushHeaders as Node sends it", async () => {
    const { port, writes } = await guarded((res) => res.end("plain"));
    const answer = await get(port);
    expect(answer.body).toBe("plain");
    expect(writes()).toBe(1);
  });
});

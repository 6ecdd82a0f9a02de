// A TCP proxy in a process of its own, which a test can cut and restore: `node tcp-switch.mjs
// HOST PORT` forwards 127.0.0.1:<port it reports> to HOST:PORT. Messages from the parent (IPC):
// "stop" resets every open connection and stops listening (a stopped server, as its clients see
// it); "start" listens again on the same port. It answers each with "stopped" / "started".
// Its own process: the test's setup blocks its event loop (spawnSync of the importer), and the
// proxy must keep forwarding meanwhile.
import { connect, createServer } from "node:net";

const [host, targetPort] = [process.argv[2], Number(process.argv[3])];
const sockets = new Set();
let server = null;
let port = 0;

function start() {
  server = createServer((client) => {
    const upstream = connect(targetPort, host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  server.listen(port, "127.0.0.1", () => {
    port = server.address().port;
    process.send({ event: "started", port });
  });
}

function stop() {
  server.close(() => process.send({ event: "stopped" }));
  for (const s of sockets) s.destroy();
  server = null;
}

process.on("message", (command) => (command === "stop" ? stop() : command === "start" ? start() : undefined));
process.on("disconnect", () => process.exit(0));
start();

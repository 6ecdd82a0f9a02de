import { describe, expect, it } from "vitest";
import { addressFromHeader, clientAddress, clientKey, normalizeAddress, untrustedForwardingHeader } from "./client-address";
import { CLIENT_ADDRESS_HEADER, installClientAddressTap } from "./client-address-tap.mjs";
import { processState } from "../process-state.mjs";

describe("addresses", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["203.0.113.7:5555", "203.0.113.7"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["fe80::1%eth0", "fe80::1"],
    ['"[2001:DB8::1]"', "2001:db8::1"],
    ["unknown", undefined],
    ["", undefined],
  ])("normalizes %j", (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected);
  });

  it("takes the N-th address from the right of a list header", () => {
    expect(addressFromHeader("x-forwarded-for", "198.51.100.1, 203.0.113.7")).toBe("203.0.113.7");
    expect(addressFromHeader("x-forwarded-for", "198.51.100.1, 203.0.113.7", 2)).toBe("198.51.100.1");
    // Fewer entries than trusted proxies: the furthest one (proxy-addr's rule), not the socket peer.
    expect(addressFromHeader("x-forwarded-for", "203.0.113.7", 2)).toBe("203.0.113.7");
    expect(addressFromHeader("x-forwarded-for", "198.51.100.1, not-an-address")).toBeUndefined();
    expect(addressFromHeader("x-forwarded-for", "")).toBeUndefined();
  });

  it("reads the for= parameter of Forwarded", () => {
    expect(addressFromHeader("forwarded", 'for=198.51.100.1;proto=https, for="[2001:db8::7]:80";by=10.0.0.1')).toBe("2001:db8::7");
  });

  it("keys IPv4 by address and IPv6 by its /64", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:db8:0:1:bbbb:cccc:dddd:eeee")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("untrustedForwardingHeader", () => {
  const stamp = () => {
    installClientAddressTap();
    return processState<{ token?: string }>("client-address-tap", () => ({})).token;
  };

  it("names a proxy's header the operator did not trust", () => {
    const headers = new Headers({ "x-forwarded-for": "198.51.100.1", [CLIENT_ADDRESS_HEADER]: `${stamp()} 127.0.0.1` });
    expect(untrustedForwardingHeader(headers, [])).toBe("x-forwarded-for");
    expect(untrustedForwardingHeader(headers, [{ name: "x-forwarded-for", hop: 1 }])).toBeUndefined();
    expect(untrustedForwardingHeader(new Headers({ "cf-connecting-ip": "198.51.100.1" }), [])).toBe("cf-connecting-ip");
  });

  it("does not take the X-Forwarded-For Next.js adds (the socket peer alone) for a proxy's", () => {
    expect(untrustedForwardingHeader(new Headers({ "x-forwarded-for": "::ffff:127.0.0.1", [CLIENT_ADDRESS_HEADER]: `${stamp()} 127.0.0.1` }), [])).toBeUndefined();
    expect(untrustedForwardingHeader(new Headers({ "x-forwarded-for": "198.51.100.1, 127.0.0.1", [CLIENT_ADDRESS_HEADER]: `${stamp()} 127.0.0.1` }), [])).toBe("x-forwarded-for");
  });
});

describe("clientAddress", () => {
  it("ignores client-sent proxy headers and forged stamps unless trusted", () => {
    installClientAddressTap();
    const headers = new Headers({ "x-forwarded-for": "198.51.100.1", [CLIENT_ADDRESS_HEADER]: "made-up 198.51.100.2" });
    expect(clientAddress(headers, [])).toBeUndefined();
    expect(clientAddress(headers, [{ name: "x-forwarded-for", hop: 1 }])).toBe("198.51.100.1");
  });

  it("falls back to the socket address when a trusted header is missing or malformed", async () => {
    // The tap's stamp, as a real request through node:http gets it.
    const { createServer, get } = await import("node:http");
    installClientAddressTap();
    const seen = await new Promise<string | undefined>((resolve, reject) => {
      const server = createServer((req, res) => {
        const headers = new Headers(req.headers as Record<string, string>);
        resolve(clientAddress(headers, [{ name: "x-real-ip", hop: 1 }]));
        res.end();
        server.close();
      });
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        get({ host: "127.0.0.1", port, headers: { "x-real-ip": "not an address", [CLIENT_ADDRESS_HEADER]: "forged 198.51.100.9" } }, (r) => r.resume()).on("error", reject);
      });
    });
    expect(seen).toBe("127.0.0.1");
  });
});

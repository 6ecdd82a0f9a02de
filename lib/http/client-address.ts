// Who is asking, for per-client throttling. The address is the TCP peer (stamped on the request
// by lib/http/client-address-tap.mjs) unless TRUSTED_PROXY_HEADERS names request headers that a
// proxy in front of the service sets: only then is a header believed, because any client can send
// any header. Default: none trusted.
//
// TRUSTED_PROXY_HEADERS is a comma-separated list, tried in order; the first that yields an
// address wins. Each entry is a header name, optionally with ":N" to take the N-th address from
// the right of a list header (X-Forwarded-For, Forwarded) — 1, the default, is the address the
// nearest proxy appended; 2 skips one more proxy (a CDN in front of a load balancer). Examples:
//   TRUSTED_PROXY_HEADERS=x-forwarded-for        one reverse proxy / load balancer
//   TRUSTED_PROXY_HEADERS=cf-connecting-ip       behind Cloudflare
//   TRUSTED_PROXY_HEADERS=x-forwarded-for:2      CDN → load balancer → service
// (parsed with the rest of the configuration: lib/config-schema.mjs trustedProxyHeaders)
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import proxyaddr from "proxy-addr";
import { CLIENT_ADDRESS_HEADER, stampedAddress } from "./client-address-tap.mjs";
import { processLog } from "../observability/process-log.mjs";
import { processState } from "../process-state.mjs";

export interface TrustedHeader {
  name: string;
  /** 1 = rightmost entry of a list header */
  hop: number;
}

/** An address as proxies write it ("[2001:db8::1]:443", "1.2.3.4:80", "::ffff:1.2.3.4", "fe80::1%eth0") → canonical, or undefined. */
export function normalizeAddress(raw: string): string | undefined {
  let value = raw.trim().replace(/^"|"$/g, "");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped) value = mapped[1];
  return isIP(value) ? value : undefined;
}

/**
 * The N-th address from the right of a list header (proxy-addr, trusting N proxies: with fewer
 * entries, the furthest one); Forwarded (RFC 7239), which proxy-addr does not read, by its for= parameters.
 */
export function addressFromHeader(name: string, value: string, hop = 1): string | undefined {
  if (name !== "forwarded") {
    // proxy-addr reads a request; only these two fields of it. The socket's place is the nearest proxy's.
    const request = { headers: { "x-forwarded-for": value }, socket: { remoteAddress: "" } } as unknown as IncomingMessage;
    return normalizeAddress(proxyaddr(request, (_address, i) => i < hop));
  }
  const entries = value.split(",").map((entry) => {
    const param = entry.split(";").find((p) => p.trim().toLowerCase().startsWith("for="));
    return param ? param.trim().slice(4) : "";
  });
  const entry = entries[entries.length - hop];
  return entry === undefined ? undefined : normalizeAddress(entry);
}

/**
 * The throttling key of an address: IPv4 as is, IPv6 by its /64 prefix — one subscriber usually
 * holds a whole /64 and could otherwise pick a fresh address for every request.
 */
export function clientKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** The client's address: the first trusted proxy header that yields one, else the socket peer. */
export function clientAddress(headers: Headers, trusted: TrustedHeader[]): string | undefined {
  for (const { name, hop } of trusted) {
    const value = headers.get(name);
    const address = value ? addressFromHeader(name, value, hop) : undefined;
    if (address) return address;
  }
  const peer = stampedAddress(headers.get(CLIENT_ADDRESS_HEADER));
  return peer ? normalizeAddress(peer) : undefined;
}

/** Headers by which proxies and CDNs name the client they forward for. */
export const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip", "cf-connecting-ip", "true-client-ip", "fastly-client-ip", "fly-client-ip", "x-vercel-forwarded-for"] as const;

/**
 * The first forwarding header a request carries that is not trusted, or undefined. An
 * X-Forwarded-For that names only the socket peer is Next.js' own (it adds one to every request
 * that came without), not a proxy's.
 */
export function untrustedForwardingHeader(headers: Headers, trusted: TrustedHeader[]): string | undefined {
  const peer = stampedAddress(headers.get(CLIENT_ADDRESS_HEADER));
  const ownAddition = (name: string) => name === "x-forwarded-for" && peer !== undefined && normalizeAddress(headers.get(name) ?? "") === normalizeAddress(peer);
  return FORWARDING_HEADERS.find((name) => headers.has(name) && !trusted.some((t) => t.name === name) && !ownAddition(name));
}


/**
 * Says once per process, on the first request that shows it, that requests come through a proxy
 * whose client header is not trusted: behind it every client is the proxy's address, and all of
 * them share one search budget. A deployer reads this in the server's output at the first search.
 */
export function warnUntrustedForwarding(headers: Headers, trusted: TrustedHeader[]): void {
  const holder = processState("untrusted-forwarding", () => ({ warned: false }));
  if (holder.warned) return;
  const name = untrustedForwardingHeader(headers, trusted);
  if (!name) return;
  holder.warned = true;
  processLog().warn(
    `[throttle] Requests arrive with a ${name} header, but TRUSTED_PROXY_HEADERS does not name it: every client behind that proxy or CDN counts as its one address and shares one search budget. If your own proxy sets ${name}, set TRUSTED_PROXY_HEADERS=${name} (docs/deployment.md, "Client addresses"); if no proxy of yours sets it, a client sent it and it is rightly ignored.`,
  );
}

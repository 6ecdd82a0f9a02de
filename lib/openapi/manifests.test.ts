// The manifests and the reference page, in-process: their rules without a server.
import { beforeAll, describe, expect, it } from "vitest";
import { MCP_TOOLS } from "../mcp/tools";
import { agentCard, aiPluginManifest, SECURITY_TXT_LIFETIME_DAYS, securityTxt } from "./manifests";
import { REFERENCE_ASSETS, referenceAsset, referenceCsp, referencePageHtml } from "./reference-page";
import { securityContact } from "../service-info";
import { resetConfig } from "../config";

const BASE = "https://menus.example.net";

beforeAll(() => {
  process.env.PUBLIC_BASE_URL = BASE;
  resetConfig();
  delete process.env.CONTACT_EMAIL;
  resetConfig();
  delete process.env.SECURITY_CONTACT;
  resetConfig();
});

describe("security.txt (RFC 9116)", () => {
  const fields = (text: string) => Object.fromEntries(text.split("\n").filter((l) => l && !l.startsWith("#")).map((l) => [l.split(":")[0], l.slice(l.indexOf(":") + 1).trim()]));

  it("expires less than a year ahead, counted from the start of the UTC day", () => {
    const now = new Date("2026-11-22T17:45:12.345Z");
    const { Expires } = fields(securityTxt(now));
    expect(Expires).toBe("2027-05-21T00:00:00.000Z");
    expect(Date.parse(Expires) - now.getTime()).toBeLessThan(365 * 86_400_000);
    expect(SECURITY_TXT_LIFETIME_DAYS).toBeLessThan(365);
  });

  it("is the same all day (one ETag per day) and changes the next", () => {
    expect(securityTxt(new Date("2026-11-22T00:00:01Z"))).toBe(securityTxt(new Date("2026-11-22T23:59:59Z")));
    expect(securityTxt(new Date("2026-11-23T00:00:01Z"))).not.toBe(securityTxt(new Date("2026-11-22T23:59:59Z")));
  });

  it("has Contact, Canonical and Preferred-Languages", () => {
    const f = fields(securityTxt());
    expect(f.Contact).toBe("mailto:security@menus.example.net");
    expect(f.Canonical).toBe(`${BASE}/.well-known/security.txt`);
    expect(f["Preferred-Languages"]).toBe("en");
  });

  it.each([
    ["sec@menus.example.net", "mailto:sec@menus.example.net"],
    ["mailto:sec@x.example", "mailto:sec@x.example"],
    ["https://x.example/security", "https://x.example/security"],
  ])("SECURITY_CONTACT=%s → %s", (configured, expected) => {
    process.env.SECURITY_CONTACT = configured;
    resetConfig();
    expect(securityContact()).toBe(expected);
    delete process.env.SECURITY_CONTACT;
    resetConfig();
  });
});

describe("ai-plugin.json", () => {
  it("has no auth, points to /openapi.json and states contact, legal info and attribution", () => {
    const m = aiPluginManifest();
    expect(m.auth).toEqual({ type: "none" });
    expect(m.api.url).toBe(`${BASE}/openapi.json`);
    expect(m.contact_email).toBe("api@menus.example.net");
    expect(m.legal_info_url).toBe(`${BASE}/developers#terms`);
    expect(m.logo_url).toBe(`${BASE}/favicon.svg`);
    expect(m.description_for_model).toContain(`attribution to ${BASE}, subject to the terms of use at ${BASE}/developers#terms`);
    expect(m.description_for_human.length).toBeLessThanOrEqual(100);
  });
});

describe("agent card", () => {
  it("names one skill per MCP tool, each with tags and examples", () => {
    const card = agentCard();
    expect(card.skills.map((s) => s.id)).toEqual(MCP_TOOLS.map((t) => t.name));
    for (const skill of card.skills) expect(skill.tags.length * skill.examples.length, skill.id).toBeGreaterThan(0);
  });

  it("points to the MCP endpoint in both card generations and needs no credentials", () => {
    const card = agentCard();
    expect(card.url).toBe(`${BASE}/api/mcp`);
    expect(card.supportedInterfaces).toEqual([{ url: `${BASE}/api/mcp`, protocolBinding: "MCP", protocolVersion: expect.any(String) }]);
    expect(card.capabilities.extensions[0].params.manifest).toBe(`${BASE}/.well-known/mcp.json`);
    expect(card.security).toEqual([]);
  });
});

describe("the reference page", () => {
  it("has no inline script or style and loads only its own assets", () => {
    const html = referencePageHtml();
    for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(attrs).toMatch(/src="\/docs\/api\/assets\//);
      expect(body).toBe("");
    }
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    for (const [, url] of html.matchAll(/(?:src|href)="([^"]+)"/g)) expect(url.startsWith("/") || url.startsWith(BASE), url).toBe(true);
  });

  it("echoes a well-formed nonce only", () => {
    expect(referencePageHtml("r4nd0mN0nce==")).toContain('nonce="r4nd0mN0nce=="');
    expect(referencePageHtml('x"><script>')).not.toContain("nonce=");
  });

  it("a CSP without unsafe-inline or unsafe-eval", () => {
    const csp = referenceCsp();
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
  });

  it("serves only the allowlisted assets", () => {
    for (const file of REFERENCE_ASSETS) expect(referenceAsset(file)?.body.length, file).toBeGreaterThan(100);
    for (const file of ["../package.json", "package.json", "swagger-ui-bundle.js.map", "", "index.html", "constructor", "__proto__", "toString", "valueOf", "hasOwnProperty"]) expect(referenceAsset(file), file).toBeUndefined();
  });
});

// Who the service is, in the words every discovery document uses (OpenAPI info, ai-plugin.json,
// the agent card, security.txt): one place, so the manifests cannot tell different stories.
import { config } from "./config";
import { publicBaseUrl, siteUrls } from "./site-urls";

export const SERVICE_NAME = "Menu Service";
export const API_VERSION = "1.0.0";

export const SERVICE_SUMMARY =
  "Public, read-only, unauthenticated JSON API of restaurant menus: profiles, complete menus with prices, the 14 EU allergens and dietary tags, " +
  "the location and cuisine directories, the subscription plans and three small utility tools.";

/** Contract section 1, rule 5, in the exact words the lead asked every manifest to state. */
export function attributionText(): string {
  const base = publicBaseUrl();
  return `Data is for informational use with attribution to ${base}, subject to the terms of use at ${base}/developers#terms.`;
}

function host(): string {
  return new URL(publicBaseUrl()).hostname;
}

/** The address people and agents write to about the API (CONTACT_EMAIL, else api@<host>). */
export function contactEmail(): string {
  return config().CONTACT_EMAIL ?? `api@${host()}`;
}

/**
 * Where vulnerabilities are reported (RFC 9116 Contact: a mailto: or https: URI). SECURITY_CONTACT
 * may be either; a bare address becomes mailto:. Default mailto:security@<host>.
 */
export function securityContact(): string {
  const configured = config().SECURITY_CONTACT;
  if (!configured) return `mailto:security@${host()}`;
  return /^(mailto|https):/i.test(configured) ? configured : `mailto:${configured}`;
}

export function termsUrl(): string {
  return siteUrls.terms();
}

// Every absolute URL the service publishes is built here, from one configured public base URL
// (PUBLIC_BASE_URL; default http://localhost:PORT), so a change of domain is one setting.

export function publicBaseUrl(): string {
  const configured = process.env.PUBLIC_BASE_URL?.trim();
  const base = configured || `http://localhost:${process.env.PORT || 3000}`;
  return base.replace(/\/+$/, "");
}

const seg = encodeURIComponent;

/** An absolute URL for a site path ("/demo/x.svg") or an already absolute URL (returned as-is). */
export function absoluteUrl(pathOrUrl: string): string {
  return pathOrUrl.startsWith("/") ? publicBaseUrl() + pathOrUrl : pathOrUrl;
}

export const siteUrls = {
  home: () => `${publicBaseUrl()}/`,
  restaurant: (slug: string) => `${publicBaseUrl()}/${seg(slug)}`,
  restaurantMarkdown: (slug: string) => `${publicBaseUrl()}/${seg(slug)}.md`,
  restaurantApi: (slug: string) => `${publicBaseUrl()}/api/public/restaurants/${seg(slug)}`,
  country: (country: string) => `${publicBaseUrl()}/locations/${seg(country)}`,
  city: (country: string, city: string) => `${publicBaseUrl()}/locations/${seg(country)}/${seg(city)}`,
  cuisine: (slug: string) => `${publicBaseUrl()}/cuisines/${seg(slug)}`,
  pricing: () => `${publicBaseUrl()}/plans`,
  signUp: () => process.env.SIGNUP_URL?.trim() || `${publicBaseUrl()}/plans#sign-up`,
  apiIndex: () => `${publicBaseUrl()}/api/public`,
  apiDocs: () => `${publicBaseUrl()}/developers`,
  openApi: () => `${publicBaseUrl()}/openapi.json`,
  terms: () => `${publicBaseUrl()}/developers#terms`,
};

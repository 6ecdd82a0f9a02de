// Directions to a restaurant for the three ways a phone opens a maps app: Google Maps' documented
// cross-platform URL (every browser, the link without JavaScript), Apple Maps' URL (iPhone, iPad,
// Mac) and a geo: URI (Android's chooser of installed maps apps). The destination is the name and
// the address, which a maps app resolves to the place itself; published coordinates can be a
// street or two off, so they only say where to look (Apple's sll, geo:'s centre), and are the
// destination only when there is no address.
export interface DirectionsLinks {
  google: string;
  apple: string;
  geo: string;
}

export function directionsLinks(name: string, address: string | null, latitude: number | null, longitude: number | null): DirectionsLinks | null {
  const at = latitude !== null && longitude !== null ? `${latitude},${longitude}` : null;
  const q = encodeURIComponent;
  if (address) {
    const place = `${name}, ${address}`;
    return {
      google: `https://www.google.com/maps/dir/?api=1&destination=${q(place)}`,
      apple: `https://maps.apple.com/?daddr=${q(place)}${at ? `&sll=${at}` : ""}`,
      geo: `geo:${at ?? "0,0"}?q=${q(place)}`,
    };
  }
  if (!at) return null;
  return {
    google: `https://www.google.com/maps/dir/?api=1&destination=${q(at)}`,
    apple: `https://maps.apple.com/?daddr=${at}&q=${q(name)}`,
    geo: `geo:${at}?q=${q(`${at}(${name})`)}`,
  };
}

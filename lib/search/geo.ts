// "Near me": the point a search is centred on and the distance of a restaurant from it.
//
// Distances are the equirectangular approximation of the great-circle distance (mean Earth
// radius 6371.0088 km), scaled by the cosine of the centre's latitude: plain arithmetic that both
// SQLite and PostgreSQL evaluate in SQL, so the database filters and orders by the same number the
// API reports. Within the 50 km maximum radius it differs from the haversine distance by well
// under 1 %. A search does not wrap around the ±180° meridian.

import { PLAIN_DECIMAL_SOURCE } from "../decimal-number";

export const RADIUS_KM = { default: 5, max: 50 } as const;

export const KM_PER_DEGREE = (6371.0088 * Math.PI) / 180;

export interface GeoPoint {
  lat: number;
  lng: number;
}

const COORDINATE = new RegExp(String.raw`^\s*${PLAIN_DECIMAL_SOURCE}\s*$`);

// Latitude -90…90 and longitude -180…180 in the decimal grammar, as regular expressions: what
// parseNear accepts, stated exactly for the published pattern of `near` (an exponent would make
// the range inexpressible, which is why coordinates have none). Leading zeros and a trailing dot
// are allowed, as in every other number.
const LATITUDE = String.raw`[+-]?0*(?:90(?:\.0*)?|[1-8]?\d(?:\.\d*)?|\.\d+)`;
const LONGITUDE = String.raw`[+-]?0*(?:180(?:\.0*)?|(?:1[0-7]\d|[1-9]?\d)(?:\.\d*)?|\.\d+)`;

/** The value `near` takes, blank included (= no point): the pattern the OpenAPI document publishes. */
export const NEAR_PATTERN = String.raw`^\s*(?:${LATITUDE}\s*,\s*${LONGITUDE}\s*)?$`;

/** "lat,lng" in decimal degrees, or a message saying what is wrong. */
export function parseNear(value: string): GeoPoint | string {
  const parts = value.split(",");
  if (parts.length !== 2 || !parts.every((p) => COORDINATE.test(p))) return 'must be "latitude,longitude" in decimal degrees, e.g. 47.3769,8.5417';
  const [lat, lng] = parts.map(Number);
  if (lat < -90 || lat > 90) return "latitude must be between -90 and 90";
  if (lng < -180 || lng > 180) return "longitude must be between -180 and 180";
  return { lat, lng };
}

/** How far one degree of longitude reaches at the centre, relative to one of latitude. */
export function longitudeScale(center: GeoPoint): number {
  return Math.cos((center.lat * Math.PI) / 180);
}

/** Squared distance in degrees of latitude: the quantity SQL compares and orders by. */
export function squaredDegrees(center: GeoPoint, point: GeoPoint): number {
  const dLat = point.lat - center.lat;
  const dLng = (point.lng - center.lng) * longitudeScale(center);
  return dLat * dLat + dLng * dLng;
}

/** Kilometres from a squared distance in degrees, to the metre. */
export function kilometres(squared: number): number {
  return Math.round(Math.sqrt(squared) * KM_PER_DEGREE * 1000) / 1000;
}

/** A radius in kilometres as a squared distance in degrees: the bound the squared distance is compared with. */
export function squaredRadius(radiusKm: number): number {
  return (radiusKm * radiusKm) / KM_PER_DEGREE ** 2;
}

/** The latitude/longitude box around the circle: lets an index or a cheap comparison drop most rows first. */
export function boundingBox(center: GeoPoint, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE;
  const scale = longitudeScale(center);
  const dLng = scale > 1e-9 ? Math.min(180, dLat / scale) : 180;
  return { minLat: center.lat - dLat, maxLat: center.lat + dLat, minLng: center.lng - dLng, maxLng: center.lng + dLng };
}

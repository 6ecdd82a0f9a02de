// Money is stored in integer minor units (cents, or yen for JPY) and published in major units.
// The number of minor digits comes from the currency itself (ISO 4217 via Intl).

import { anyCaseAlternation } from "../text-patterns";

const digitsCache = new Map<string, number>();

export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/**
 * The value a currency filter takes: an ISO 4217 code this runtime knows (Intl), in any letter
 * case, or blank (no filter; at most three characters, as the filter's length limit). Its
 * published pattern.
 */
export function currencyFilterPattern(): string {
  const codes = Intl.supportedValuesOf("currency").filter((code) => /^[A-Z]{3}$/.test(code));
  return String.raw`^(?:\s{0,3}|${anyCaseAlternation(codes)})$`;
}

export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf("currency").includes(code);
}

/**
 * Shifts the decimal point in the number's shortest decimal form rather than multiplying, so
 * 1.005 becomes 100.5 → 101 minor units and not 100.49999… → 100.
 */
export function toMinor(major: number, currency: string): number {
  const digits = currencyDigits(currency);
  const text = String(major);
  return text.includes("e") ? Math.round(major * 10 ** digits) : Math.round(Number(`${text}e${digits}`));
}

export function toMajor(minor: number, currency: string): number {
  const digits = currencyDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}

/** True when `major` has no more decimals than the currency has minor digits. */
export function fitsCurrency(major: number, currency: string): boolean {
  return Math.abs(toMinor(major, currency) / 10 ** currencyDigits(currency) - major) < 1e-9;
}

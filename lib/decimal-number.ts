// The one grammar of a number in a query string, for every parameter that takes one (search limit,
// radiusKm, maxPrice; the food-cost tool's cost, margin and price). A query string carries text, and
// clients write numbers as their JSON encoder or their user does: JSON's number syntax, plus the
// spellings people and other encoders add — a leading "+", a leading or trailing dot (".5", "5.").
// Surrounding whitespace is ignored. Hex, "Infinity", "NaN", thousands separators and an empty
// value are not numbers. Range and integer rules belong to each parameter, after parsing.
//
//   1   -2   2.50   .5   5.   +3   1e2   1.5E-3   007
//
// `near` is a coordinate pair, not a number: its parts are the decimal forms of this grammar
// without an exponent, which lets its published pattern state the valid range exactly
// (lib/search/geo.ts).

/** The grammar without its exponent: the decimal form (the parts of `near`). No anchors. */
export const PLAIN_DECIMAL_SOURCE = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)`;

/** The grammar as a regular expression source (no anchors), for the published patterns. */
export const DECIMAL_NUMBER_SOURCE = String.raw`${PLAIN_DECIMAL_SOURCE}(?:[eE][+-]?\d+)?`;

const DECIMAL_NUMBER = new RegExp(`^${DECIMAL_NUMBER_SOURCE}$`);

/**
 * The number a query value spells, or undefined when it is not one. A spelling too large for a
 * double (1e400) is ±Infinity: a number all the same, which each parameter's range then refuses
 * (or, for limit, clamps).
 */
export function decimalNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return DECIMAL_NUMBER.test(trimmed) ? Number(trimmed) : undefined;
}

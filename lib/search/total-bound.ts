// How far a search counts its matches: one rule for the data layer that counts, the serializer
// that says so and the published descriptions.

/**
 * `total` counts matches up to this many; beyond, it says so (totalCapped) instead of counting on:
 * an exact count costs as much as the matches are many, and a reader needs "100+", not 48 213.
 */
export const TOTAL_BOUND = 100;

/** The bound in words, for the published descriptions (README, OpenAPI, MCP tools/list). */
export const TOTAL_RULE = `total is exact up to ${TOTAL_BOUND}; beyond, it is ${TOTAL_BOUND} with totalCapped: true (a lower bound, "${TOTAL_BOUND}+")`;

// The patterns /openapi.json publishes for query parameters (issue 28.8) against the zod schemas
// the handlers validate with: every value a pattern matches is accepted, and — where the pattern
// is exact — every value it does not match is refused. Values come from the pattern itself and
// from near misses of it (one character inserted, removed or replaced), the cases a loose or a
// too-strict pattern gets wrong.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ALLERGEN_LIST_PATTERN, DIET_LIST_PATTERN, MAX_LIST_LENGTH, searchDishesInput } from "../dishes/search-dishes";
import { currencyFilterPattern } from "../menu/money";
import { searchRestaurantsInput } from "../restaurants/search-restaurants";
import { NEAR_PATTERN } from "../search/geo";
import { NO_CONTROL_CHARACTERS_PATTERN, OPEN_AT_PATTERN } from "../search/search-params";
import { PLACE_ID_PATTERN, REVIEW_URL_PATTERN, reviewQrInput } from "../tools/review-qr";

const RUNS = 300;

/** Whether the handler's schema accepts `value` for `field` (other fields absent). */
function accepts(schema: z.ZodType, field: string, value: string, others: Record<string, unknown> = {}): boolean {
  const result = schema.safeParse({ ...others, [field]: value });
  return result.success || !result.error.issues.some((issue) => issue.path[0] === field);
}

/** A string near `s`: one character inserted, removed or replaced (from `alphabet`). */
const nearMiss = (s: fc.Arbitrary<string>, alphabet: string) =>
  fc.tuple(s, fc.nat(), fc.constantFrom(...alphabet), fc.constantFrom("insert", "remove", "replace")).map(([value, at, c, how]) => {
    const i = value.length === 0 ? 0 : at % (value.length + (how === "insert" ? 1 : 0));
    if (how === "insert") return value.slice(0, i) + c + value.slice(i);
    if (how === "remove") return value.slice(0, i) + value.slice(i + 1);
    return value.slice(0, i) + c + value.slice(i + 1);
  });

interface Case {
  name: string;
  pattern: string;
  maxLength: number;
  accepts: (value: string) => boolean;
  /** Characters the near misses use. */
  alphabet: string;
  /** The pattern says exactly what is accepted (else: what it matches is accepted). */
  exact: boolean;
}

const CASES: Case[] = [
  { name: "near", pattern: NEAR_PATTERN, maxLength: 100, accepts: (v) => accepts(searchRestaurantsInput, "near", v), alphabet: "0123456789.,+- e\t", exact: true },
  { name: "openAt", pattern: OPEN_AT_PATTERN, maxLength: 40, accepts: (v) => accepts(searchRestaurantsInput, "openAt", v), alphabet: "0123456789-:+.TZtz ", exact: true },
  { name: "q", pattern: NO_CONTROL_CHARACTERS_PATTERN, maxLength: 200, accepts: (v) => accepts(searchRestaurantsInput, "q", v), alphabet: "ab \u0000\u001f\u007f\u0080é", exact: true },
  { name: "diet", pattern: DIET_LIST_PATTERN, maxLength: MAX_LIST_LENGTH, accepts: (v) => accepts(searchDishesInput, "diet", v), alphabet: "aZ9-, _!\t", exact: true },
  { name: "excludeAllergens", pattern: ALLERGEN_LIST_PATTERN, maxLength: MAX_LIST_LENGTH, accepts: (v) => accepts(searchDishesInput, "excludeAllergens", v), alphabet: "nutsNUTS, -x", exact: true },
  { name: "currency", pattern: currencyFilterPattern(), maxLength: 3, accepts: (v) => accepts(searchDishesInput, "currency", v), alphabet: "CHFchfXQ1 ", exact: true },
  { name: "placeId", pattern: PLACE_ID_PATTERN, maxLength: 512, accepts: (v) => accepts(reviewQrInput, "placeId", v), alphabet: "aZ9_- .!\t", exact: true },
  { name: "url", pattern: REVIEW_URL_PATTERN, maxLength: 2000, accepts: (v) => accepts(reviewQrInput, "url", v), alphabet: "a9-.:/@ %é[]\\", exact: true },
];

describe.each(CASES)("the published pattern of $name", ({ pattern, maxLength, accepts: ok, alphabet, exact }) => {
  const re = new RegExp(pattern, "u");
  const matching = fc.stringMatching(re).filter((s) => s.length <= maxLength);

  it("every value it matches is accepted by the handler's schema", () => {
    fc.assert(
      fc.property(matching, (value) => {
        expect(ok(value), JSON.stringify(value)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it.runIf(exact)("a value it does not match is refused (near misses and random text)", () => {
    fc.assert(
      fc.property(fc.oneof(nearMiss(matching, alphabet), fc.string({ maxLength: 40 })), (value) => {
        if (value.length > maxLength) return;
        expect(ok(value), JSON.stringify(value)).toBe(re.test(value));
      }),
      { numRuns: RUNS },
    );
  });
});

// Regular-expression sources for rules the handlers enforce on text, written so that the same
// source is both the check and the published OpenAPI `pattern` (JSON Schema patterns have no
// flags, so case-insensitivity is spelled out: "chf" → "[cC][hH][fF]").

/** A literal of letters, digits and hyphens, matched in any letter case. */
export function anyCase(literal: string): string {
  return [...literal].map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[-]/g, "\\-"))).join("");
}

/** An alternation of literals in any letter case, grouped by first character to keep it short. */
export function anyCaseAlternation(literals: readonly string[]): string {
  const byFirst = new Map<string, string[]>();
  for (const literal of literals) {
    const first = literal[0].toLowerCase();
    byFirst.set(first, [...(byFirst.get(first) ?? []), literal.slice(1)]);
  }
  const groups = [...byFirst].map(([first, rests]) => `${anyCase(first)}(?:${rests.map(anyCase).join("|")})`);
  return `(?:${groups.join("|")})`;
}

/**
 * A comma list as a query string carries it and the handlers read it (split on ",", each part
 * trimmed, empty parts dropped): items matching `item`, at most `maxItems` of them when given,
 * separated by commas with any whitespace and empty parts around them. Blank is the empty list.
 */
export function commaListPattern(item: string, maxItems?: number): string {
  const more = maxItems === undefined ? "*" : `{0,${maxItems - 1}}`;
  return String.raw`^[\s,]*(?:(?:${item})(?:\s*,[\s,]*(?:${item}))${more}[\s,]*)?$`;
}

// Schema errors in the operator's terms, as helpful as the syntax errors: the value that is wrong
// quoted back, and "did you mean" for a misspelt field name or option (nutz → nuts, alergens →
// allergens, monday → mon), by a small edit distance.
import { distance } from "fastest-levenshtein";
import type { z } from "zod";

const MAX_ECHO = 80;

/** A value as it is shown in a message: JSON, cut to a readable length. */
export function echoValue(value: unknown): string | undefined {
  if (value === undefined || (typeof value === "object" && value !== null)) return undefined;
  const text = JSON.stringify(value);
  return text.length > MAX_ECHO ? `${text.slice(0, MAX_ECHO - 1)}…` : text;
}

/**
 * The candidate meant by a misspelling, or undefined when none is close: the same but for case,
 * hyphens or underscores; one the word starts with (monday → mon); or one within a small edit
 * distance (a third of the word's length, at least 1).
 */
export function closestName(word: string, candidates: readonly string[]): string | undefined {
  const fold = (s: string) => s.toLowerCase().replace(/[-_\s]/g, "");
  const w = fold(word);
  if (!w) return undefined;
  const same = candidates.find((c) => c !== word && fold(c) === w);
  if (same) return same;
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(w.length / 3));
  for (const c of candidates) {
    const d = distance(w, fold(c));
    if (d > 0 && (d < bestDistance || (d === bestDistance && best === undefined))) {
      best = c;
      bestDistance = d;
    }
  }
  return best ?? candidates.find((c) => c.length >= 3 && w.startsWith(fold(c)));
}

/** A zod issue's message with the bad value and a suggestion; `input` is the value at the issue's path. */
export function issueMessage(issue: z.core.$ZodIssue, input: unknown, fieldNames: readonly string[]): string {
  if (issue.code === "unrecognized_keys") {
    const hints = [...new Set(issue.keys.map((key) => closestName(key, fieldNames)).filter((h): h is string => h !== undefined))];
    return hints.length ? `${issue.message} (did you mean ${hints.map((h) => `"${h}"`).join(", ")}? Field names are case-sensitive)` : issue.message;
  }
  const got = echoValue(input);
  if (got === undefined || issue.message.includes(got)) return issue.message;
  if (issue.code === "invalid_value" && typeof input === "string") {
    const options = issue.values.filter((v): v is string => typeof v === "string");
    const meant = closestName(input, options);
    return `${issue.message}; got ${got}${meant ? ` (did you mean "${meant}"?)` : ""}`;
  }
  if (issue.code === "invalid_type" && input === null) return issue.message;
  return `${issue.message}; got ${got}`;
}

// Query strings carry only text; the tool schemas take typed JSON values (the MCP surface sends
// those directly). These decoders turn well-formed text into the typed value and leave anything
// else as the raw string, so the schema rejects it with its own message naming the parameter.
import { decimalNumber } from "../decimal-number";
import { singleParam } from "./api-route";

/** Absent or empty → undefined; otherwise the text as given. */
export function queryText(url: URL, name: string): string | undefined {
  const value = singleParam(url, name);
  return value === undefined || value === "" ? undefined : value;
}

/** A number in the one query grammar (lib/decimal-number.ts: 1, 2.5, .5, 1e3); anything else stays text for the schema to reject. */
export function queryNumber(url: URL, name: string): number | string | undefined {
  const value = queryText(url, name);
  if (value === undefined) return undefined;
  return decimalNumber(value) ?? value;
}

/** true/false (any case) or 1/0; anything else stays text for the schema to reject. */
export function queryBoolean(url: URL, name: string): boolean | string | undefined {
  const value = queryText(url, name);
  if (value === undefined) return undefined;
  const lower = value.trim().toLowerCase();
  if (lower === "true" || lower === "1") return true;
  if (lower === "false" || lower === "0") return false;
  return value;
}

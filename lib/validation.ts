// Validated input for every capability: a zod failure becomes invalid_request naming the parameter,
// on every surface (REST and MCP report the same code and message).
import type { z } from "zod";
import { ApiError } from "./http/api-errors";

export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    parameter: issue.path.map(String).join(".") || "(input)",
    message: issue.message,
  }));
  const first = issues[0];
  throw new ApiError("invalid_request", `Invalid parameter "${first.parameter}": ${first.message}`, { extra: { issues } });
}

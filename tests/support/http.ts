// Small helpers for HTTP tests.
import { inject } from "vitest";

export const baseUrl = () => inject("baseUrl");

export async function get(path: string, init: RequestInit = {}) {
  const res = await fetch(baseUrl() + path, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { res, status: res.status, headers: res.headers, text, json: json as any };
}

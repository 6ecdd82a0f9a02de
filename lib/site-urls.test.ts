import { describe, expect, it } from "vitest";
import { publicBaseUrlProblem } from "./site-urls";

describe("publicBaseUrlProblem", () => {
  it.each(["https://menus.example.com", "https://menus.example.com/", "http://localhost:3000", "http://127.0.0.1:8080"])("accepts %s", (value) => {
    expect(publicBaseUrlProblem(value)).toBeUndefined();
  });

  it.each([
    ["menus.example.com", /absolute URL with a scheme/],
    ["ftp://menus.example.com", /https:\/\/ or http:\/\//],
    ["https://menus.example.com/menus", /without a path.*e\.g\. https:\/\/menus\.example\.com;/],
    ["https://menus.example.com/?x=1", /without a path, query or fragment/],
    ["https://user:pw@menus.example.com", /credentials/],
  ])("refuses %s, naming the setting and the fix", (value, reason) => {
    const problem = publicBaseUrlProblem(value);
    expect(problem).toMatch(/^PUBLIC_BASE_URL /);
    expect(problem).toMatch(reason);
    // the value as given, its password redacted
    expect(problem).toContain(value.replace(":pw@", ":***@"));
  });
});

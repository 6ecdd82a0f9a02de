import { describe, expect, it } from "vitest";
import { ApiError } from "../http/api-errors";
import { generateReviewQr, REVIEW_URL_FOR_PLACE, ReviewQrResultSchema, type ReviewQrInput } from "./review-qr";

async function failure(input: unknown): Promise<string> {
  const error = await generateReviewQr(input as ReviewQrInput).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe("invalid_request");
  return (error as ApiError).message;
}

describe("generateReviewQr", () => {
  it("turns a place identifier into the map service's write-a-review link", async () => {
    const result = await generateReviewQr({ placeId: "ChIJN1t_tDeuEmsRUsoyG83frY4" });
    expect(() => ReviewQrResultSchema.parse(result)).not.toThrow();
    expect(result).toMatchObject({
      source: "placeId",
      placeId: "ChIJN1t_tDeuEmsRUsoyG83frY4",
      reviewUrl: "https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4",
      payload: "https://search.google.com/local/writereview?placeid=ChIJN1t_tDeuEmsRUsoyG83frY4",
    });
    expect(result.qr.svg.startsWith("<svg")).toBe(true);
    expect(result.qr.dataUri.startsWith("data:image/svg+xml;base64,")).toBe(true);
  });

  it.each([
    "https://www.tripadvisor.com/UserReviewEdit-g188113-d1234567",
    "http://example.org/review?venue=42&lang=de#form",
    "https://g.page/r/CabcdEFGhij/review",
    "https://example.org/Ünïcode/path",
    "https://example.org/review?by=me@example.org",
    "https://example.org/@venue/review",
  ])("uses the URL %s as-is", async (url) => {
    const result = await generateReviewQr({ url });
    expect(result).toMatchObject({ source: "url", placeId: null, reviewUrl: url, payload: url });
  });

  it("trims surrounding whitespace of a parameter", async () => {
    expect((await generateReviewQr({ placeId: "  abc_DEF-1  " })).reviewUrl).toBe(REVIEW_URL_FOR_PLACE("abc_DEF-1"));
  });

  it.each([
    [{}, /"placeId": is required \(or give url\)/],
    [{ placeId: "abc", url: "https://example.org" }, /"url": give either placeId or url, not both/],
    [{ placeId: "" }, /"placeId": must not be empty/],
    [{ placeId: "abc/../def" }, /"placeId": must contain only letters, digits/],
    [{ placeId: "x".repeat(513) }, /"placeId": must be at most 512 characters/],
    [{ url: "javascript:alert(1)" }, /"url": must be an absolute http: or https: URL/],
    [{ url: "JavaScript:alert(1)" }, /"url": must be an absolute http: or https: URL/],
    [{ url: "data:text/html,<script>alert(1)</script>" }, /"url": must be an absolute http: or https: URL/],
    [{ url: "ftp://example.org/review" }, /"url": must be an absolute http: or https: URL/],
    [{ url: "file:///etc/passwd" }, /"url": must be an absolute http: or https: URL/],
    [{ url: "/relative/review" }, /"url": must be an absolute http: or https: URL/],
    [{ url: "https://exa mple.org" }, /"url": must be an absolute http: or https: URL/],
    [{ url: "https://example.org/\u0000x" }, /"url": must be an absolute http: or https: URL/],
    [{ url: `https://example.org/${"x".repeat(2000)}` }, /"url": must be at most 2000 characters/],
    [{ url: 42 }, /"url"/],
    // Issue 15.13: user info disguises the real host on a printed code.
    [{ url: "https://xn--ggle-0nda.com/r" }, /"url": must name its host with ASCII letters/],
    [{ url: "https://gооgle.com/r" }, /"url": must name its host with ASCII letters/],
    [{ url: "http:é//A" }, /"url": must name its host with ASCII letters/],
    [{ url: "http://127.0.0.1/review" }, /"url": must name its host with ASCII letters/],
    [{ url: "http://[::1]/review" }, /"url": must name its host with ASCII letters/],
    [{ url: "https://example.org:99999/" }, /"url": must be an absolute http: or https: URL/],
    [{ url: "https://google.com@evil.example/r" }, /"url": must not contain user info/],
    [{ url: "https://user:pw@evil.example/r" }, /"url": must not contain user info/],
    [{ url: "https://@evil.example/r" }, /"url": must not contain user info/],
    [{ url: "https:google.com@evil.example/r" }, /"url": must not contain user info/],
    [{ url: "https:\\\\google.com@evil.example/r" }, /"url": must not contain user info/],
  ])("%j → invalid_request %s", async (input, message) => {
    expect(await failure(input)).toMatch(message);
  });
});

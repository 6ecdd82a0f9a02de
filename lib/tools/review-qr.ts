// The "leave us a review" QR code: the capability behind GET /api/public/tools/review-qr and the MCP
// tool generate_review_qr_payload. A place identifier becomes the map service's write-a-review
// link; a URL is used as given, but only http(s), so a code can never carry script or data URLs.
import { z } from "zod";
import { parseInput } from "../validation";
import { qrSvgImage, QrImageSchema } from "./qr-image";

/** The map service's documented "write a review" link for a place identifier. */
export const REVIEW_URL_FOR_PLACE = (placeId: string) => `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`;

const MAX_URL_LENGTH = 2000;

function isHttpUrl(value: string): boolean {
  // Whitespace and control characters would be silently dropped or re-encoded by URL parsing:
  // a URL used as-is must not contain them.
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * User-info ("https://google.com@evil.example/r") makes a printed code show one host and open
 * another. Checked on the parsed URL and on the raw authority, which WHATWG parsing reads
 * generously ("https:google.com@evil.example", backslashes as slashes, an empty "@").
 */
function hasUserInfo(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username !== "" || url.password !== "") return true;
  } catch {
    return false;
  }
  const afterScheme = value.replace(/^[a-z][a-z0-9+.-]*:/i, "").replace(/^[/\\]*/, "");
  return /^[^/\\?#]*@/.test(afterScheme);
}

/** The published pattern of placeId: what the schema below accepts (trimmed first). */
export const PLACE_ID_PATTERN = String.raw`^\s*[A-Za-z0-9_-]+\s*$`;

// The published pattern of url, which the handler enforces: an http(s) URL with an ASCII host name
// (dot-separated labels of letters and digits with single hyphens, the last one starting with a
// letter so that WHATWG parsing never reads it as an IPv4 number), an optional port, then anything
// printable without whitespace. No IP address and no internationalised name: on a printed code,
// a look-alike host (a homograph, or its xn-- form) disguises where it leads, as user info does.
const LABEL = "[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*";
const TOP_LABEL = "[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*";
const PORT = "(?:[1-5]?\\d{1,4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])";
export const REVIEW_URL_PATTERN = String.raw`^\s*[hH][tT][tT][pP][sS]?://(?:${LABEL}\.)*${TOP_LABEL}(?::${PORT})?(?:[/?#\\][^\s\u0000-\u001F\u007F]*)?\s*$`;

const REVIEW_URL = new RegExp(REVIEW_URL_PATTERN);

export const reviewQrInput = z
  .strictObject({
    placeId: z
      .string()
      .max(512, "must be at most 512 characters")
      .trim()
      .min(1, "must not be empty")
      .regex(/^[A-Za-z0-9_-]+$/, "must contain only letters, digits, '-' and '_' (e.g. ChIJN1t_tDeuEmsRUsoyG83frY4)")
      .optional()
      .describe("Place identifier of the venue in the map service, e.g. ChIJN1t_tDeuEmsRUsoyG83frY4. Give this or url."),
    url: z
      .string()
      .max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)
      .trim()
      .min(1, "must not be empty")
      .refine(isHttpUrl, "must be an absolute http: or https: URL")
      .refine((v) => !hasUserInfo(v), "must not contain user info (\"name@\" before the host): it disguises the real host on a printed code")
      .refine(
        (v) => REVIEW_URL.test(v),
        "must name its host with ASCII letters, digits and single hyphens, the last label starting with a letter (no IP address, no internationalised or xn-- name: look-alike hosts disguise where a printed code leads)",
      )
      .optional()
      .describe("A direct review URL (http or https, an ASCII host name, without user info such as name@), used as-is. Give this or placeId."),
  })
  .superRefine((input, ctx) => {
    if (input.placeId === undefined && input.url === undefined) {
      ctx.addIssue({ code: "custom", path: ["placeId"], message: "is required (or give url)" });
    } else if (input.placeId !== undefined && input.url !== undefined) {
      ctx.addIssue({ code: "custom", path: ["url"], message: "give either placeId or url, not both" });
    }
  });

export type ReviewQrInput = z.input<typeof reviewQrInput>;

export const ReviewQrResultSchema = z.strictObject({
  source: z.enum(["placeId", "url"]).describe("Which parameter the review URL came from"),
  placeId: z.string().nullable(),
  reviewUrl: z.string().describe("Where the code leads: the page to write a review"),
  payload: z.string().describe("The text to encode in the QR code (the review URL)"),
  qr: QrImageSchema,
});

export type ReviewQrResult = z.infer<typeof ReviewQrResultSchema>;

export async function generateReviewQr(raw: ReviewQrInput): Promise<ReviewQrResult> {
  const { placeId, url } = parseInput(reviewQrInput, raw);
  const reviewUrl = placeId !== undefined ? REVIEW_URL_FOR_PLACE(placeId) : url!;
  return {
    source: placeId !== undefined ? "placeId" : "url",
    placeId: placeId ?? null,
    reviewUrl,
    payload: reviewUrl,
    qr: await qrSvgImage(reviewUrl),
  };
}

// The guest Wi-Fi QR code: the capability behind GET /api/public/tools/wifi-qr and the MCP tool
// generate_wifi_qr_payload. The payload follows the de-facto `WIFI:` format that the iOS and
// Android cameras read (ZXing's "Wi-Fi network config"), with its backslash escaping.
import { z } from "zod";
import { parseInput } from "../validation";
import { qrSvgImage, QrImageSchema } from "./qr-image";

export const WIFI_ENCRYPTIONS = ["WPA", "WEP", "nopass"] as const;

/**
 * GET /api/public/tools/wifi-qr takes the password in the query string: every proxy, CDN and
 * access log on the way may keep the URL. The service itself never logs that endpoint's query
 * (nothing in it logs request URLs); the response is private, no-store. Said wherever the tool is
 * described (OpenAPI, API index, MCP tool, docs).
 */
export const WIFI_PASSWORD_IN_URL_NOTE =
  "The password travels in the query string, which proxies, CDNs and access logs along the way may record (this service logs no query strings); " +
  "print codes for guest networks only, or use the MCP tool generate_wifi_qr_payload, which takes it in the POST body.";
export type WifiEncryption = (typeof WIFI_ENCRYPTIONS)[number];

const MAX_SSID_BYTES = 32;
const utf8Length = (s: string) => Buffer.byteLength(s, "utf8");
const HEX = /^[0-9A-Fa-f]+$/;

/** Special characters of the WIFI: format, escaped with a backslash. */
export function escapeWifiField(value: string): string {
  return value.replace(/[\\;,:"]/g, "\\$&");
}

export const wifiQrInput = z
  .strictObject({
    ssid: z
      .string({ error: "is required" })
      .min(1, "is required")
      .refine((v) => utf8Length(v) <= MAX_SSID_BYTES, `must be at most ${MAX_SSID_BYTES} bytes (UTF-8)`)
      .describe("The network name (SSID), at most 32 bytes"),
    password: z
      .string()
      .max(64, "must be at most 64 characters")
      .optional()
      .describe("The network password: WPA 8–63 characters (or 64 hex digits), WEP 5 or 13 characters (or 10 or 26 hex digits); ignored for nopass"),
    encryption: z
      .string()
      // a case-insensitive enum that JSON Schema validators (which ignore regex flags) read the same way
      .regex(/^(?:[Ww][Pp][Aa]|[Ww][Ee][Pp]|[Nn][Oo][Pp][Aa][Ss][Ss])$/, "must be WPA, WEP or nopass")
      .transform((v) => WIFI_ENCRYPTIONS.find((e) => e.toLowerCase() === v.toLowerCase()) as WifiEncryption)
      .default("WPA")
      .describe("WPA (default; also for WPA2/WPA3), WEP or nopass for an open network; case-insensitive"),
    hidden: z.boolean({ error: "must be true or false" }).default(false).describe("true when the network does not broadcast its SSID"),
  })
  .superRefine((input, ctx) => {
    const { encryption, password } = input;
    if (encryption === "nopass") return;
    if (password === undefined || password === "") {
      ctx.addIssue({ code: "custom", path: ["password"], message: `is required for ${encryption} networks (use encryption=nopass for an open network)` });
      return;
    }
    if (encryption === "WPA") {
      const ok = (password.length >= 8 && password.length <= 63) || (password.length === 64 && HEX.test(password));
      if (!ok) ctx.addIssue({ code: "custom", path: ["password"], message: "a WPA password has 8 to 63 characters (or exactly 64 hex digits)" });
    } else {
      const ok = password.length === 5 || password.length === 13 || ((password.length === 10 || password.length === 26) && HEX.test(password));
      if (!ok) ctx.addIssue({ code: "custom", path: ["password"], message: "a WEP key has 5 or 13 characters, or 10 or 26 hex digits" });
    }
  });

export type WifiQrInput = z.input<typeof wifiQrInput>;

export const WifiQrResultSchema = z.strictObject({
  payload: z.string().describe("The text to encode in the QR code: WIFI:S:<ssid>;T:<encryption>;P:<password>;;"),
  ssid: z.string(),
  encryption: z.enum(WIFI_ENCRYPTIONS),
  hidden: z.boolean(),
  passwordIncluded: z.boolean().describe("false for nopass networks: the password, if given, was dropped"),
  instructions: z
    .strictObject({ ios: z.string(), android: z.string(), windows: z.string(), macos: z.string() })
    .describe("How guests connect, per platform"),
  warnings: z.array(z.string()),
  qr: QrImageSchema,
});

export type WifiQrResult = z.infer<typeof WifiQrResultSchema>;

export function wifiPayload(ssid: string, encryption: WifiEncryption, password: string | undefined, hidden: boolean): string {
  const parts = [`S:${escapeWifiField(ssid)}`, `T:${encryption}`];
  if (encryption !== "nopass") parts.push(`P:${escapeWifiField(password ?? "")}`);
  if (hidden) parts.push("H:true");
  return `WIFI:${parts.join(";")};;`;
}

function instructions(ssid: string, encryption: WifiEncryption, hidden: boolean): WifiQrResult["instructions"] {
  const secret = encryption === "nopass" ? "no password is needed" : "enter the password printed next to the code";
  const security = encryption === "nopass" ? "Open / None" : encryption === "WEP" ? "WEP" : "WPA2/WPA3-Personal";
  return {
    ios: `Open the Camera app, point it at the code and tap the "Join network" banner (iOS 11 or later), then tap Join.`,
    android:
      `Open the Camera app (or Settings › Network & internet › Wi-Fi › the QR icon next to "Add network") and point it at the code, then tap Connect (Android 10 or later; on older phones use Google Lens).`,
    windows: hidden
      ? `Settings › Network & internet › Wi-Fi › Manage known networks › Add network: network name "${ssid}", security type ${security}, ${secret}, tick "Connect even if this network is not broadcasting". Windows 11 can also scan the code with the Camera app.`
      : `On Windows 11 open the Camera app, scan the code and select "Join network". Otherwise click the network icon in the taskbar, choose "${ssid}" and ${secret}.`,
    macos: hidden
      ? `Click the Wi-Fi icon in the menu bar › Other Networks › Other…, enter the network name "${ssid}", security ${security}, and ${secret}.`
      : `Macs do not scan Wi-Fi codes with the camera: click the Wi-Fi icon in the menu bar, choose "${ssid}" and ${secret}.`,
  };
}

export async function generateWifiQr(raw: WifiQrInput): Promise<WifiQrResult> {
  const { ssid, encryption, password, hidden } = parseInput(wifiQrInput, raw);
  const payload = wifiPayload(ssid, encryption, password, hidden);
  const warnings: string[] = [];
  if (encryption === "WEP") warnings.push("WEP is broken and can be cracked in minutes; switch the network to WPA2 or WPA3 if the router allows it.");
  if (encryption === "nopass") {
    warnings.push("An open network sends traffic unencrypted; prefer a WPA2/WPA3 guest network with a password.");
    if (password) warnings.push("The password was dropped: an open (nopass) network has none.");
  }
  if (hidden) warnings.push("Hidden networks connect less reliably from a QR code; some phones need the network to be broadcast.");
  return {
    payload,
    ssid,
    encryption,
    hidden,
    passwordIncluded: encryption !== "nopass",
    instructions: instructions(ssid, encryption, hidden),
    warnings,
    qr: await qrSvgImage(payload),
  };
}

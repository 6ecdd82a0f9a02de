// The printable QR picture returned by the QR tools: an SVG (scales to any print size without
// blurring) as markup and as a data URI, made with the maintained `qrcode` library.
import QRCode from "qrcode";
import { z } from "zod";

export const QR_ERROR_CORRECTION = "M" as const;

export const QrImageSchema = z.strictObject({
  format: z.literal("svg"),
  mimeType: z.literal("image/svg+xml"),
  errorCorrectionLevel: z.literal(QR_ERROR_CORRECTION).describe("Recovers from about 15 % damage"),
  svg: z.string().describe("SVG markup of the QR code, with a quiet zone; scale freely"),
  dataUri: z.string().describe("The same SVG as a data: URI, usable as an <img> src"),
});

export type QrImage = z.infer<typeof QrImageSchema>;

export async function qrSvgImage(payload: string): Promise<QrImage> {
  const svg = await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: QR_ERROR_CORRECTION, margin: 4 });
  return {
    format: "svg",
    mimeType: "image/svg+xml",
    errorCorrectionLevel: QR_ERROR_CORRECTION,
    svg,
    dataUri: `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`,
  };
}

/**
 * The same code as a PNG (base64), for clients that show images but not SVG: the MCP QR tools
 * return it as an image content block beside the JSON. 8 px per module, the same quiet zone.
 */
export async function qrPngBase64(payload: string): Promise<string> {
  const png = await QRCode.toBuffer(payload, { type: "png", errorCorrectionLevel: QR_ERROR_CORRECTION, margin: 4, scale: 8 });
  return png.toString("base64");
}

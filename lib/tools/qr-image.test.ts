import { describe, expect, it } from "vitest";
import { qrSvgImage, QrImageSchema } from "./qr-image";

describe("qrSvgImage", () => {
  it("renders a scalable SVG with a quiet zone, as markup and data URI", async () => {
    const image = await qrSvgImage("WIFI:S:Guest;T:WPA;P:welcome2024;;");
    expect(() => QrImageSchema.parse(image)).not.toThrow();
    const [, size] = /viewBox="0 0 (\d+) \1"/.exec(image.svg) ?? [];
    // a version-2 code is 25 modules wide, plus 4 modules of quiet zone on each side
    expect(Number(size)).toBeGreaterThanOrEqual(21 + 8);
    expect(Buffer.from(image.dataUri.split(",")[1], "base64").toString("utf8")).toBe(image.svg);
  });

  it("is deterministic: same payload, same picture", async () => {
    expect((await qrSvgImage("https://example.org")).svg).toBe((await qrSvgImage("https://example.org")).svg);
  });

  it("grows with the payload", async () => {
    const small = await qrSvgImage("x");
    const large = await qrSvgImage("x".repeat(1500));
    expect(large.svg.length).toBeGreaterThan(small.svg.length);
  });
});

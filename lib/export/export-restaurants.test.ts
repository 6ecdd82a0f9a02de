import { describe, expect, it } from "vitest";
import type { Db } from "../db/prisma";
import { EXPORT_BATCH, exportConcurrency, exportsInFlight, exportStream, type BatchReader, type ExportVersion } from "./export-restaurants";

function row(id: number) {
  return {
    id,
    slug: `r-${id}`,
    name: `R ${id}`,
    description: null,
    contentUpdatedAt: new Date("2026-01-02T03:04:05.000Z"),
    createdAt: new Date("2025-01-01T00:00:00.000Z"),
    currency: "EUR",
    defaultLanguage: "en",
    languages: ["en"],
    cuisine: null,
    city: null,
    phone: null,
    address: null,
    postalCode: null,
    latitude: null,
    longitude: null,
    openingHours: null,
    logoUrl: null,
    bannerUrl: null,
    searchRating: null,
    searchReviewCount: null,
    travelRating: null,
    travelReviewCount: null,
    categories: [],
  };
}

const version = { client: {} as Db, head: { head: 5, prunedThrough: 0, updatedAt: new Date(), cursorSecret: "x" }, cursor: "CURSOR", etag: 'W/"x"', lastModified: new Date() } satisfies ExportVersion;

/** `total` restaurants, recording each read's position. */
function reader(total: number) {
  const reads: number[] = [];
  const read: BatchReader = async (afterId, take) => {
    reads.push(afterId);
    const out = [];
    for (let id = afterId + 1; id <= Math.min(total, afterId + take); id++) out.push(row(id));
    return out as never;
  };
  return { read, reads };
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("exportStream", () => {
  it("writes every restaurant as a line, then the end line with the feed cursor", async () => {
    const { read, reads } = reader(EXPORT_BATCH * 2 + 3);
    const lines = (await text(exportStream(version, read))).trim().split("\n").map((l) => JSON.parse(l));
    expect(lines).toHaveLength(EXPORT_BATCH * 2 + 4);
    expect(lines[0]).toMatchObject({ slug: "r-1", name: "R 1", categories: [] });
    expect(lines.at(-1)).toMatchObject({ end: true, count: EXPORT_BATCH * 2 + 3, nextCursor: "CURSOR" });
    expect(reads).toEqual([0, EXPORT_BATCH, EXPORT_BATCH * 2]);
    expect(exportsInFlight()).toBe(0);
  });

  it("an empty service is just the end line", async () => {
    expect(JSON.parse(await text(exportStream(version, reader(0).read)))).toMatchObject({ end: true, count: 0 });
  });

  it("reads a batch only when the client has taken the previous one, and nothing after the client left", async () => {
    const { read, reads } = reader(EXPORT_BATCH * 50);
    const stream = exportStream(version, read);
    expect(reads).toEqual([]);
    const r = stream.getReader();
    await r.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A client that reads no further holds the export at one batch.
    expect(reads.length).toBe(1);
    expect(exportsInFlight()).toBe(1);
    await r.read();
    expect(reads.length).toBe(2);
    await r.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads.length).toBe(2);
    expect(exportsInFlight()).toBe(0);
  });

  it("gives up the slot of a client that stops reading, and reads nothing more for it", async () => {
    const { read, reads } = reader(EXPORT_BATCH * 50);
    const r = exportStream(version, read, 100).getReader();
    await r.read();
    expect(exportsInFlight()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exportsInFlight()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(exportsInFlight()).toBe(0);
    await expect(r.read()).rejects.toThrow(/stopped reading/);
    expect(reads.length).toBe(1);
  });

  it("refuses more exports at once than the instance streams, with Retry-After", async () => {
    const streams = Array.from({ length: exportConcurrency() }, () => exportStream(version, reader(EXPORT_BATCH * 10).read));
    const readers = streams.map((s) => s.getReader());
    await Promise.all(readers.map((r) => r.read()));
    let refusal: unknown;
    try {
      exportStream(version, reader(1).read);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ code: "service_unavailable", options: { headers: { "Retry-After": "30" } } });
    await Promise.all(readers.map((r) => r.cancel()));
    expect(exportsInFlight()).toBe(0);
  });
});

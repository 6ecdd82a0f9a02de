// The change feed as Markdown (GET /api/public/changes with Accept: text/markdown): the same
// answer as the JSON, for agents that read Markdown — front matter with the cursors, a table of
// the changes, and where to continue.
import type { Inline } from "./mdast";
import { code, heading, link, list, paragraph, table, text } from "./mdast";
import { renderDocument } from "./render";
import type { ChangesResponse } from "../changes/list-changes";
import { siteUrls } from "../site-urls";

export function changesMarkdown(page: ChangesResponse, selfUrl: string): string {
  const next = `${siteUrls.apiIndex()}/changes?since=${encodeURIComponent(page.nextCursor)}`;
  const rows: Inline[][] = page.changes.map((c) => [text(c.updatedAt), text(c.type), text(c.change), c.change === "removed" ? text(c.slug) : link(c.url, text(c.slug)), link(c.apiUrl, text("JSON"))]);
  return renderDocument(
    {
      title: "Change feed",
      description: "What became public, changed or stopped being public after the cursor, oldest first.",
      canonical: selfUrl,
      language: "en",
      since: page.since ?? undefined,
      nextCursor: page.nextCursor,
      hasMore: page.hasMore ? "true" : "false",
      retentionDays: page.retentionDays,
    },
    [
      heading(1, text("Change feed")),
      paragraph(text(`${page.count} change${page.count === 1 ? "" : "s"}${page.since ? " after the cursor" : " from the start (the current state)"}, oldest first. published and updated: fetch the JSON again; removed: no longer public, drop it.`)),
      ...(page.changes.length ? [table(["updatedAt", "type", "change", "slug", "data"], rows)] : [paragraph(text("Nothing new."))]),
      heading(2, text("Continue")),
      list([
        [text(page.hasMore ? "More changes are waiting: " : "Ask again later: "), link(next, text(next))],
        [text("Cursor: "), code(page.nextCursor)],
        [text(`Removals are kept ${page.retentionDays} days; an older cursor must start again from `), link(`${siteUrls.apiIndex()}/export.ndjson`, text("the export"))],
      ]),
    ],
  );
}

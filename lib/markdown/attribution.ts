// The attribution sentence as Markdown, with links: its own module because the page twins
// (pages.ts), the index files (lib/seo/llms.ts) and the developers guide all say it.
import { siteUrls } from "../site-urls";
import { link, type Inline } from "./mdast";

/** Contract section 1, rule 5, in the words of lib/service-info.ts attributionText(), with links. */
export function attributionInline(): Inline[] {
  return ["Data is for informational use with attribution to ", link(siteUrls.home()), ", subject to the terms of use at ", link(siteUrls.terms()), "."];
}

// Restaurant content is untrusted text: it goes into Markdown only as mdast `text` nodes, which
// the serializer escapes (so "[x](y)", "<script>", "# h", "---" stay literal), after the
// normalisation of lib/text/plain-text.ts. Links in a twin are only ever the service's own URLs.
//
// Escaping alone does not stop GFM "autolink literals": a renderer turns the *text*
// "https://evil.example" or "a@b.example" into a link after unescaping. A WORD JOINER (U+2060,
// invisible, no width) is put inside those patterns so that they read the same but are no link.

import { plainText } from "../text/plain-text";

const WORD_JOINER = "\u2060";

/**
 * plainText, then GFM autolink literals (scheme://, www., e-mail addresses) defused. Not trimmed:
 * a piece of a sentence keeps its surrounding spaces ("Cuisine: " + name).
 */
export function inertText(value: string | null | undefined): string {
  return plainText(value, { trim: false })
    .replace(/:\/\//g, `:${WORD_JOINER}//`)
    .replace(/\b(www)\./gi, `$1${WORD_JOINER}.`)
    .replace(/@/g, `${WORD_JOINER}@`);
}

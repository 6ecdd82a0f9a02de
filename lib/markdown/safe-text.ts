// Restaurant content is untrusted text: it goes into Markdown only as mdast `text` nodes, which
// the serializer escapes (so "[x](y)", "<script>", "# h", "---" stay literal), after the
// normalisation below. Links in a twin are only ever the service's own URLs.
//
// Escaping alone does not stop GFM "autolink literals": a renderer turns the *text*
// "https://evil.example" or "a@b.example" into a link after unescaping. A WORD JOINER (U+2060,
// invisible, no width) is put inside those patterns so that they read the same but are no link.

const WORD_JOINER = "\u2060";

// C0/C1 controls (tab and newline are folded into spaces below), and the bidirectional
// embedding/override/isolate controls that can make text display in a misleading order.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** One line of plain text: controls removed, any run of whitespace (incl. newlines) → one space. */
export function plainText(value: string | null | undefined, options: { trim?: boolean } = {}): string {
  if (!value) return "";
  const line = value.normalize("NFC").replace(CONTROL, "").replace(/\s+/g, " ");
  return options.trim === false ? line : line.trim();
}

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

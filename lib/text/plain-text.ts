// Owner-supplied text is untrusted: the one home of what is done to it before it is shown where
// markup cannot isolate it (page titles, meta and share text, Markdown, terminals).
//
// Removed or escaped: C0/C1 controls (ESC starts terminal sequences, BEL rings), and the
// bidirectional embedding/override/isolate controls that can make text display in a misleading
// order (U+202E turns "gpj.exe" into "exe.jpg").
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

// C0/C1 controls but tab and line breaks: text that markup shows (HTML) but cannot carry them in.
// eslint-disable-next-line no-control-regex
const C0_C1 = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * The text without C0/C1 controls, for HTML: bidi controls stay, the page isolates the element
 * they are in (dir="auto"), so an owner writing right to left keeps the order meant.
 */
export function withoutControls(value: string): string {
  return value.replace(C0_C1, "");
}

/** One line of plain text: controls removed, any run of whitespace (incl. newlines) → one space. */
export function plainText(value: string | null | undefined, options: { trim?: boolean } = {}): string {
  if (!value) return "";
  const line = value.normalize("NFC").replace(CONTROL, "").replace(/\s+/g, " ");
  return options.trim === false ? line : line.trim();
}

/**
 * Text for a terminal: every control character (tab and line breaks included, unless kept)
 * written as a visible escape (\x1b, \u202e), so an owner's file cannot retitle or clear the
 * operator's terminal through an error message.
 */
export function escapeControls(value: string, options: { keep?: string } = {}): string {
  return value.replace(CONTROL_OR_BREAK, (c) => {
    if (options.keep?.includes(c)) return c;
    if (c === "\n") return "\\n";
    if (c === "\r") return "\\r";
    if (c === "\t") return "\\t";
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

// Comparing Markdown twins across requests.

/**
 * A menu twin's "open now" line is worked out at each request from the menu's hours and names the
 * minute ("**Geschlossen · öffnet morgen 11:30** (Stand 23:03 Ortszeit)"), so two requests either
 * side of a minute differ there alone: the line replaced by a placeholder.
 */
export function withoutOpenStatus(markdown: string): string {
  return markdown.replace(/^\*\*[^*\n]+\*\* \([^)\n]+\)$/m, "**(open status)**");
}

// Case-insensitive matching that works beyond ASCII: SQLite's LIKE and LOWER fold ASCII only, so
// the text we match against is stored pre-folded and the user's input is folded the same way.
// NFC first, so "Zürich" typed with a combining diaeresis matches the stored precomposed form.
export function textKey(value: string): string {
  return value.normalize("NFC").toLocaleLowerCase("und").trim().replace(/\s+/g, " ");
}

/**
 * textKey for substring search. Prisma's `contains` becomes LIKE, and SQLite has no default
 * escape character, so "%" and "_" would act as wildcards ("q=%" would match everything). They
 * (and "\", PostgreSQL's LIKE escape) are mapped to private-use code points in both the stored
 * text and the query, so they only ever match themselves.
 */
export function searchKey(value: string): string {
  return textKey(value).replace(/[%_\\]/g, (c) => String.fromCharCode(0xe000 + c.charCodeAt(0)));
}

// Where a value of a JSON(C) file is, by its path: for schema errors, which are found on the parsed
// data, to be reported at their line and column like the syntax errors. One streaming pass of
// jsonc-parser over the text (comments allowed, no tree of a large file kept in memory), only when
// a file has problems.
import { visit, type JSONPath } from "jsonc-parser";

const keyOf = (path: readonly (string | number)[]) => JSON.stringify(path);

/**
 * The character offset of each path's value in `text` (of its property name when `at` is "key"),
 * or of the nearest enclosing value the file has (a missing field is reported at its object).
 */
export function locateJsonPaths(text: string, wanted: { path: readonly (string | number)[]; at?: "key" | "value" }[]): number[] {
  const need = new Set<string>();
  for (const w of wanted) for (let n = 0; n <= w.path.length; n++) need.add(keyOf(w.path.slice(0, n)));
  const values = new Map<string, number>();
  const keys = new Map<string, number>();
  const value = (offset: number, pathSupplier: () => JSONPath) => {
    const key = keyOf(pathSupplier());
    if (need.has(key) && !values.has(key)) values.set(key, offset);
  };
  visit(
    text,
    {
      onObjectBegin: (offset, _l, _sl, _sc, path) => value(offset, path),
      onArrayBegin: (offset, _l, _sl, _sc, path) => value(offset, path),
      onLiteralValue: (_v, offset, _l, _sl, _sc, path) => value(offset, path),
      onObjectProperty: (property, offset, _l, _sl, _sc, path) => {
        const key = keyOf([...path(), property]);
        if (need.has(key) && !keys.has(key)) keys.set(key, offset);
      },
    },
    { allowTrailingComma: false, disallowComments: false },
  );
  return wanted.map(({ path, at }) => {
    if (at === "key") {
      const found = keys.get(keyOf(path));
      if (found !== undefined) return found;
    }
    for (let n = path.length; n >= 0; n--) {
      const found = values.get(keyOf(path.slice(0, n)));
      if (found !== undefined) return found;
    }
    return 0;
  });
}

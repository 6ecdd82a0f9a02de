// A strict, small XML 1.0 parser for tests of the documents the service writes (Atom feeds,
// sitemaps): elements, attributes, text, the five predefined entities and numeric references,
// one XML declaration, comments. Anything not well-formed throws (unclosed or mismatched tags,
// unquoted or repeated attributes, a bare "&" or "<", text outside the root element).
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_:][A-Za-z0-9_:.-]*/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(raw: string, where: number): string {
  if (/<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9A-Fa-f]+);)/.test(raw)) throw new Error(`bad character data near offset ${where}: ${raw.slice(0, 60)}`);
  return raw.replace(/&(#x[0-9A-Fa-f]+|#\d+|[a-z]+);/g, (_, ref: string) =>
    ref.startsWith("#x") ? String.fromCodePoint(parseInt(ref.slice(2), 16)) : ref.startsWith("#") ? String.fromCodePoint(Number(ref.slice(1))) : ENTITIES[ref],
  );
}

export function parseXml(source: string): XmlElement {
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at offset ${i}: ${JSON.stringify(source.slice(i, i + 60))}`);
  };
  const skipSpace = () => {
    while (i < source.length && /\s/.test(source[i])) i++;
  };
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (source.startsWith("<!--", i)) {
        const end = source.indexOf("-->", i + 4);
        if (end < 0) fail("unclosed comment");
        i = end + 3;
      } else return;
    }
  };
  if (source.startsWith("<?xml")) {
    const end = source.indexOf("?>");
    if (end < 0) fail("unclosed declaration");
    if (!/^<\?xml\s+version="1\.[0-9]"(\s+encoding="[A-Za-z0-9._-]+")?\s*\?>$/.test(source.slice(0, end + 2))) fail("malformed XML declaration");
    i = end + 2;
  }
  skipMisc();

  const element = (): XmlElement => {
    if (source[i] !== "<") fail("expected an element");
    i++;
    const name = NAME.exec(source.slice(i))?.[0] ?? fail("expected an element name");
    i += name.length;
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = i;
      skipSpace();
      if (source.startsWith("/>", i)) {
        i += 2;
        return { name, attributes, children: [], text: "" };
      }
      if (source[i] === ">") {
        i++;
        break;
      }
      if (i === before) fail("expected whitespace before an attribute");
      const attr = NAME.exec(source.slice(i))?.[0] ?? fail("expected an attribute name");
      i += attr.length;
      skipSpace();
      if (source[i] !== "=") fail("expected =");
      i++;
      skipSpace();
      const quote = source[i];
      if (quote !== '"' && quote !== "'") fail("unquoted attribute value");
      const end = source.indexOf(quote, i + 1);
      if (end < 0) fail("unclosed attribute value");
      if (attr in attributes) fail(`repeated attribute ${attr}`);
      attributes[attr] = decode(source.slice(i + 1, end), i);
      i = end + 1;
    }
    const children: XmlElement[] = [];
    let text = "";
    for (;;) {
      if (i >= source.length) fail(`unclosed element <${name}>`);
      if (source.startsWith("</", i)) {
        i += 2;
        const closing = NAME.exec(source.slice(i))?.[0];
        if (closing !== name) fail(`</${closing}> closes <${name}>`);
        i += name.length;
        skipSpace();
        if (source[i] !== ">") fail("expected >");
        i++;
        return { name, attributes, children, text };
      }
      if (source.startsWith("<!--", i)) {
        const end = source.indexOf("-->", i + 4);
        if (end < 0) fail("unclosed comment");
        i = end + 3;
      } else if (source[i] === "<") {
        children.push(element());
      } else {
        const end = source.indexOf("<", i);
        const raw = source.slice(i, end < 0 ? source.length : end);
        text += decode(raw, i);
        i += raw.length;
      }
    }
  };

  const root = element();
  skipMisc();
  if (i !== source.length) fail("content after the root element");
  return root;
}

/** The children named `name` (namespace prefixes are the caller's business). */
export const childrenNamed = (e: XmlElement, name: string) => e.children.filter((c) => c.name === name);
export const childNamed = (e: XmlElement, name: string) => e.children.find((c) => c.name === name);

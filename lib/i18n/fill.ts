// {name} placeholders of a label filled in. Its own module so the menu filter (a client
// component) can use it without bundling every language's labels.
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in values ? String(values[key]) : m));
}

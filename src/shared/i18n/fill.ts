/** A catalogue text with its `{placeholder}`s filled; a placeholder without a value stays as written. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key]! : whole));
}

/** The words of an identifier, lower-cased: `parseHTTPRequest_v2` → parse, http, request, v2. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_$.-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

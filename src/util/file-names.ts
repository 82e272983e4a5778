// File names as the system hands them over: bytes. A path ix stores, prints or is asked about
// is text, and a name that is not valid UTF-8 has no such path (decoding puts U+FFFD in place
// of each bad byte, which names a different file or none). Those files are counted, not mapped.

const STRICT = new TextDecoder("utf-8", { fatal: true });
const LOSSY = new TextDecoder("utf-8");

/** A name's text, or undefined when its bytes are not UTF-8. */
export function utf8Name(bytes: Uint8Array): string | undefined {
  try {
    return STRICT.decode(bytes);
  } catch {
    return undefined;
  }
}

/** How a name shows when decoded anyway: enough to tell its extension, never to open it. */
export function shownName(bytes: Uint8Array): string {
  return LOSSY.decode(bytes);
}

/** Whether text decoded from names may hide one that is not UTF-8 (a U+FFFD in it). */
export function mayHoldUndecodable(text: string): boolean {
  return text.includes("\uFFFD");
}

/** NUL-separated names (`git ls-files -z`), split into decodable ones and the rest as shown. */
export function splitNames(bytes: Uint8Array): { names: string[]; undecodable: string[] } {
  const names: string[] = [];
  const undecodable: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0, start);
    if (end < 0) end = bytes.length;
    if (end > start) {
      const raw = bytes.subarray(start, end);
      const name = utf8Name(raw);
      if (name === undefined) undecodable.push(shownName(raw));
      else names.push(name);
    }
    start = end + 1;
  }
  return { names, undecodable };
}

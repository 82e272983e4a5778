// A file's content hash and line count: what the graph records of every file, and whether its
// bytes are text at all. Apart from the parser so that `ix status`, which hashes files to
// confirm a change, and `ix read`, which shows them, load no grammar or discovery code.

/** How much of a file's start the binary rule looks at. */
const BINARY_PROBE = 8 * 1024;

/**
 * The one binary rule, the map's and `read`'s: a NUL in the first 8 KB (git's rule). Text in
 * another 8-bit encoding (Latin-1, Shift-JIS) has no NUL and counts as text; UTF-16, whose
 * ASCII characters each carry a NUL, counts as binary, as it does for git.
 */
export function isBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_PROBE).includes(0);
}

export function lineCount(bytes: Uint8Array): number {
  let lines = 0;
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) lines++;
  return bytes.byteLength > 0 && bytes[bytes.byteLength - 1] !== 10 ? lines + 1 : lines;
}

export function contentHash(bytes: Uint8Array): string {
  return Bun.hash.xxHash64(bytes).toString(16).padStart(16, "0");
}

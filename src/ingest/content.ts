// A file's content hash and line count: what the graph records of every file. Apart from the
// parser so that `ix status`, which hashes files to confirm a change, loads no grammar code.

export function lineCount(bytes: Uint8Array): number {
  let lines = 0;
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) lines++;
  return bytes.byteLength > 0 && bytes[bytes.byteLength - 1] !== 10 ? lines + 1 : lines;
}

export function contentHash(bytes: Uint8Array): string {
  return Bun.hash.xxHash64(bytes).toString(16).padStart(16, "0");
}

// `ix --version` as an answer: the bare version in text, a record or a document in the other
// formats. Kept apart from help and dispatch so that a bare `--version` under IX_FORMAT loads
// only the writer, not the CLI, and reads no config.yaml (AXI rule 10).
import { isFormat, Writer } from "../wire/writer";

export function writeVersion(writer: Writer, version: string): void {
  writer.value("version", version);
}

/** A bare `--version` in IX_FORMAT's format; false when it names no format (dispatch says so). */
export function answerBareVersion(envFormat: string, version: string): boolean {
  if (!isFormat(envFormat)) return false;
  // console, as main.ts's bare answer: loading node:fs for stdout.ts's writeSync cost ~2 ms here.
  // Every chunk the writer gives ends in a newline, which console.log adds back.
  const writer = new Writer(envFormat, (chunk) => console.log(chunk.slice(0, -1)));
  writeVersion(writer, version);
  writer.end();
  return true;
}

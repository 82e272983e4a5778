// The files the graph could not take in, or took in from a tree with syntax errors, as rows:
// map and doctor both name them.
import type { ErrorFile, FailedFile } from "../ingest/failures";
import type { Writer } from "../wire/writer";

/** Like the too_large rows: enough to act on; the count beside them says how many there are. */
const FAILED_ROWS = 20;

export function failedRows(writer: Writer, failed: readonly FailedFile[]): void {
  writer.rows("failed", failed.slice(0, FAILED_ROWS).map((f) => ({ path: f.path, stage: f.stage, message: f.message })));
}

/** Mapped, but what follows an error in the file may be missing from the graph. */
export function parseErrorRows(writer: Writer, files: readonly ErrorFile[]): void {
  writer.rows("parse_error", files.slice(0, FAILED_ROWS).map((f) => ({ path: f.path, errors: f.errors })));
}

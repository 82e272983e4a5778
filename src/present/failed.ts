// The files the graph could not take in, as rows: map and doctor both name them.
import type { FailedFile } from "../ingest/failures";
import type { Writer } from "../wire/writer";

/** Like the too_large rows: enough to act on; the count beside them says how many there are. */
const FAILED_ROWS = 20;

export function failedRows(writer: Writer, failed: readonly FailedFile[]): void {
  writer.rows("failed", failed.slice(0, FAILED_ROWS).map((f) => ({ path: f.path, stage: f.stage, message: f.message })));
}

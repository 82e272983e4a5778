// Where answers go: file descriptor 1, written synchronously so nothing is lost when the
// process exits right after the last record.
import { writeSync } from "node:fs";

export function writeStdout(chunk: string): void {
  try {
    writeSync(1, chunk);
  } catch (error) {
    // The reader went away (`ix … | head`): nothing more can be said, and it is not our failure.
    if ((error as NodeJS.ErrnoException).code === "EPIPE") process.exit(0);
    throw error;
  }
}

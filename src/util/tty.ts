// The standard streams without process.stdout/stderr: building either stream (or loading
// node:tty for isatty) costs 10-15 ms of a compiled binary's start, which every command paid
// to choose colours or progress. An fstat costs microseconds, and a synchronous write is never
// lost when the process exits right after it.
import { fstatSync, statSync, writeSync } from "node:fs";

let nullDevice: number | undefined;

export function isTerminal(fd: 1 | 2): boolean {
  try {
    const stat = fstatSync(fd);
    if (!stat.isCharacterDevice()) return false;
    // /dev/null is a character device too.
    nullDevice ??= statSync(process.platform === "win32" ? "\\\\.\\NUL" : "/dev/null").rdev;
    return stat.rdev !== nullDevice;
  } catch {
    return false;
  }
}

/** Progress and notes for a person; a closed or broken stderr is not worth failing for. */
export function writeStderr(text: string): void {
  try {
    writeSync(2, text);
  } catch {
    // nowhere to say it
  }
}

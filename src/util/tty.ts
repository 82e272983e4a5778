// Whether a standard stream is a terminal. process.stdout/stderr.isTTY builds the stream, and
// node:tty's isatty loads that module: each costs 10-15 ms of a compiled binary's start, which
// every command paid to choose colours or progress. An fstat costs microseconds.
import { fstatSync, statSync } from "node:fs";

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

// Absolute directories compared as the registry and the roots compare them: segment by segment
// (so /repo-old is not inside /repo), after every symbolic link is resolved.
import { realpathSync } from "node:fs";
import { resolve, sep } from "node:path";

/** Whether `dir` is `root` or lies below it. */
export function contains(root: string, dir: string): boolean {
  if (dir === root) return true;
  return dir.startsWith(root.endsWith(sep) ? root : root + sep);
}

/** The path with every symbolic link resolved; as given (absolute) when it does not exist. */
export function realPath(path: string): string {
  const abs = resolve(path);
  try {
    return realpathSync(abs);
  } catch {
    return abs;
  }
}

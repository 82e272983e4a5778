// Workspace-relative path arithmetic. Paths are '/'-separated and never start with '/';
// the workspace root is "".

export function dirname(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "" : path.slice(0, slash);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Joins and normalises; undefined when the result would leave the workspace. */
export function joinPath(base: string, relative: string): string | undefined {
  const out: string[] = base === "" ? [] : base.split("/");
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return undefined;
      out.pop();
    } else {
      out.push(part);
    }
  }
  return out.join("/");
}

/** "a/b/c.ts" -> ["a/b", "a", ""]: every directory from the file's own up to the root. */
export function ancestorDirs(path: string): string[] {
  const dirs: string[] = [];
  let dir = dirname(path);
  for (;;) {
    dirs.push(dir);
    if (dir === "") return dirs;
    dir = dirname(dir);
  }
}

/** True when `path` is `dir` itself or lies below it. */
export function isWithin(path: string, dir: string): boolean {
  return dir === "" || path === dir || path.startsWith(dir + "/");
}

// Files as they are on disk now, for call sites, snippets and `read`. Every path is checked to
// stay inside the workspace, symlinks included: nothing outside the root is ever read.
import { readFileSync, realpathSync, statSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import type { Store } from "../graph/store";

export class WorkspaceFiles {
  private readonly cache = new Map<string, string[] | undefined>();
  private readonly staleCache = new Map<string, boolean>();
  private realRoot: string | undefined;

  constructor(
    readonly root: string,
    private readonly store: Store,
  ) {}

  /** The real absolute path of a workspace-relative path, or undefined when it leaves the root. */
  inside(relativePath: string): string | undefined {
    this.realRoot ??= realpathSync(this.root);
    const abs = resolve(this.root, relativePath);
    let real: string;
    try {
      real = realpathSync(abs);
    } catch {
      // Not on disk: judge the path as written.
      return abs === this.root || abs.startsWith(this.root + sep) ? abs : undefined;
    }
    return real === this.realRoot || real.startsWith(this.realRoot + sep) ? real : undefined;
  }

  lines(path: string): string[] | undefined {
    if (!this.cache.has(path)) {
      const real = this.inside(path);
      let lines: string[] | undefined;
      try {
        lines = real ? readFileSync(real, "utf8").split(/\r?\n/) : undefined;
      } catch {
        lines = undefined;
      }
      this.cache.set(path, lines);
    }
    return this.cache.get(path);
  }

  /** Changed on disk since the map (size or mtime differ from what the graph recorded). */
  stale(path: string): boolean {
    let stale = this.staleCache.get(path);
    if (stale === undefined) {
      const row = this.store.db.query("SELECT size, mtime_ms FROM files WHERE path = ?").get(path) as { size: number; mtime_ms: number } | null;
      try {
        const stat = statSync(join(this.root, path));
        stale = !row || row.size !== stat.size || row.mtime_ms !== Math.trunc(stat.mtimeMs);
      } catch {
        stale = true;
      }
      this.staleCache.set(path, stale);
    }
    return stale;
  }
}

// Files as they are on disk now, for call sites, snippets and `read`. Every path is checked to
// stay inside the workspace, symlinks included: nothing outside the root is ever read.
import { readFileSync, realpathSync, statSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import type { GraphReader } from "../store";

export class WorkspaceFiles {
  private readonly cache = new Map<string, string[] | undefined>();
  private readonly staleCache = new Map<string, boolean>();
  private realRoot: string | undefined;

  constructor(
    readonly root: string,
    private readonly graph: GraphReader,
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

  /** Whether the path is a regular file inside the workspace. */
  isFile(relativePath: string): boolean {
    const real = this.inside(relativePath);
    try {
      return real !== undefined && statSync(real).isFile();
    } catch {
      return false;
    }
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
  async stale(path: string): Promise<boolean> {
    let stale = this.staleCache.get(path);
    if (stale === undefined) {
      const row = await this.graph.fileRow(path);
      try {
        const stat = statSync(join(this.root, path));
        stale = !row || row.size !== stat.size || row.mtimeMs !== Math.trunc(stat.mtimeMs);
      } catch {
        stale = true;
      }
      this.staleCache.set(path, stale);
    }
    return stale;
  }
}

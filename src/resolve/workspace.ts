// One resolution call's view of the project: facts and config texts loaded once, and
// directory indexes built only when a resolver first needs them.
import type { FileFacts } from "../ingest/facts.ts";
import { parseJsonc } from "./jsonc.ts";
import type { Project } from "./model.ts";
import { basename, dirname } from "../util/paths.ts";
import { ReadLog } from "./reads.ts";

interface DirIndex {
  filesByDir: Map<string, string[]>;
  /** Every directory that holds at least one file, at any depth. */
  dirs: Set<string>;
}

/**
 * Every question resolution asked about the file set: `f:` a path (is it there, its facts),
 * `d:` a directory's files, `n:` a base name anywhere, `x:` whether a directory exists. Only
 * these answers can change when a file is added or deleted, so such a change need only
 * re-resolve the files whose resolution asked one of its keys.
 */
export type Probes = Set<string>;

/** The probe keys whose answers a file added or deleted at `path` changes. */
export function probeKeysOf(path: string): string[] {
  const keys = [`f:${path}`, `d:${dirname(path)}`, `n:${basename(path)}`];
  for (let dir = dirname(path); dir !== ""; dir = dirname(dir)) keys.push(`x:${dir}`);
  return keys;
}

export class Workspace {
  /** Shared by every file resolved with this workspace, so each of them is charged with all of it. */
  readonly probes: Probes = new Set();
  /** Per file, which files' facts its answers rested on (see reads.ts). */
  readonly reads = new ReadLog();
  private readonly factsCache = new Map<string, FileFacts | null>();
  private readonly textCache = new Map<string, string | null>();
  private readonly jsonCache = new Map<string, unknown>();
  private index: DirIndex | undefined;
  /** Built apart from the directory index: a TS-only run needs only package.json locations. */
  private byName: Map<string, string[]> | undefined;

  constructor(private readonly project: Project) {}

  has(path: string): boolean {
    this.probes.add(`f:${path}`);
    return this.project.paths.has(path);
  }

  facts(path: string): FileFacts | undefined {
    if (!this.has(path)) return undefined;
    let facts = this.factsCache.get(path);
    if (facts === undefined) {
      facts = this.project.facts(path) ?? null;
      this.factsCache.set(path, facts);
    }
    return facts ?? undefined;
  }

  text(path: string): string | undefined {
    let text = this.textCache.get(path);
    if (text === undefined) {
      text = this.project.readText(path) ?? null;
      this.textCache.set(path, text);
    }
    return text ?? undefined;
  }

  /** A JSON or JSONC config file, parsed once; undefined when missing or malformed. */
  json(path: string): unknown {
    if (!this.jsonCache.has(path)) {
      const text = this.text(path);
      this.jsonCache.set(path, text === undefined ? undefined : parseJsonc(text));
    }
    return this.jsonCache.get(path);
  }

  /** Files directly inside `dir`. */
  filesIn(dir: string): readonly string[] {
    this.probes.add(`d:${dir}`);
    return this.dirIndex().filesByDir.get(dir) ?? [];
  }

  /** Every file with this base name, anywhere. */
  filesNamed(name: string): readonly string[] {
    this.probes.add(`n:${name}`);
    if (!this.byName) {
      this.byName = new Map();
      for (const path of this.project.paths) push(this.byName, basename(path), path);
    }
    return this.byName.get(name) ?? [];
  }

  dirExists(dir: string): boolean {
    this.probes.add(`x:${dir}`);
    return this.dirIndex().dirs.has(dir);
  }

  private dirIndex(): DirIndex {
    if (this.index) return this.index;
    const index: DirIndex = { filesByDir: new Map(), dirs: new Set() };
    for (const path of this.project.paths) {
      const dir = dirname(path);
      push(index.filesByDir, dir, path);
      for (let d = dir; !index.dirs.has(d); d = dirname(d)) {
        index.dirs.add(d);
        if (d === "") break;
      }
    }
    this.index = index;
    return index;
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

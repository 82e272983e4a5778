// One resolution call's view of the project: facts and config texts loaded once, and
// directory indexes built only when a resolver first needs them.
import type { FileFacts } from "../model/facts.ts";
import { parseJsonc } from "./jsonc.ts";
import type { Project } from "./model.ts";
import { basename, dirname } from "../util/paths.ts";
import { baseNameKey, dirExistsKey, dirFilesKey, factsReadKey, ReadLog } from "./reads.ts";

interface DirIndex {
  filesByDir: Map<string, string[]>;
  /** Every directory that holds at least one file, at any depth. */
  dirs: Set<string>;
}

export class Workspace {
  /**
   * Per file, which files' facts its answers rested on and which questions about the file set
   * it asked (reads.ts): whether a path is there, a directory's files, the files of a base name
   * anywhere, whether a directory exists.
   */
  readonly reads = new ReadLog();
  private readonly factsCache = new Map<string, FileFacts | null>();
  private readonly textCache = new Map<string, string | null>();
  private readonly jsonCache = new Map<string, unknown>();
  private index: DirIndex | undefined;
  /** Built apart from the directory index: a TS-only run needs only package.json locations. */
  private byName: Map<string, string[]> | undefined;

  constructor(private readonly project: Project) {}

  /** Which resolver serves each language. */
  get languages(): Project["languages"] {
    return this.project.languages;
  }

  has(path: string): boolean {
    this.reads.note(factsReadKey(path));
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
    this.reads.note(dirFilesKey(dir));
    return this.dirIndex().filesByDir.get(dir) ?? [];
  }

  /** Every file with this base name, anywhere. */
  filesNamed(name: string): readonly string[] {
    this.reads.note(baseNameKey(name));
    if (!this.byName) {
      this.byName = new Map();
      for (const path of this.project.paths) push(this.byName, basename(path), path);
    }
    return this.byName.get(name) ?? [];
  }

  dirExists(dir: string): boolean {
    this.reads.note(dirExistsKey(dir));
    return this.dirIndex().dirs.has(dir);
  }

  /**
   * Every directory that holds a file, at any depth. Not noted as a read: what is asked of it
   * (a monorepo's package directories by their globs) is read again with the manifests, whose
   * arrival or removal is noted (filesNamed).
   */
  directories(): ReadonlySet<string> {
    return this.dirIndex().dirs;
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

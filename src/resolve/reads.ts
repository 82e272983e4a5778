// Which files' facts one file's resolution rested on, for an edit that moves a file's surface:
// every file whose answers read it must be re-resolved, however many re-export hops away it is.
// Resolution shares cached answers across the files of a chunk, so each cached answer keeps the
// reads that produced it and charges them again to every file that reuses it.

/** A file's facts as one resolution read them. */
export function factsReadKey(path: string): string {
  return `f:${path}`;
}

/** A Go package's member table, or its name: built from every .go file of the directory. */
export function goPackageReadKey(dir: string): string {
  return `g:${dir}`;
}

/** The read keys an edit to the surface of `path` invalidates. */
export function readKeysOf(path: string): string[] {
  const keys = [factsReadKey(path)];
  if (path.endsWith(".go")) {
    const slash = path.lastIndexOf("/");
    keys.push(goPackageReadKey(slash < 0 ? "" : path.slice(0, slash)));
  }
  return keys;
}

/**
 * A cached answer with the reads behind it. An array, not a set: a chunk's memos hold some
 * hundred thousand of them, and sets cost a cold map of 13k files ~50 MB more peak RSS.
 */
export interface Remembered<V> {
  readonly value: V;
  readonly reads: readonly string[];
}

const NOTHING: readonly string[] = [];

/** Stands for an answer still being computed: a recursive ask gets `value` and charges nothing. */
export function inProgress<V>(value: V): Remembered<V> {
  return { value, reads: NOTHING };
}

export class ReadLog {
  private readonly outer: Set<string>[] = [];
  private current = new Set<string>();
  /**
   * The key last added to `current`: a file's own facts are asked for again and again in a
   * row, and the set's lookup for each was 8% of resolving 10k synthetic files.
   */
  private last: string | undefined;
  /** The file being resolved: its own facts are no read of another file's. */
  private self: string | undefined;

  /** Starts one file's resolution; `take` ends it. */
  begin(path: string): void {
    this.self = factsReadKey(path);
  }

  note(key: string): void {
    if (key === this.last || (key === this.self && this.outer.length === 0)) return;
    this.last = key;
    this.current.add(key);
  }

  /** A cached answer's value, its reads charged to whatever is being computed now. */
  reuse<V>(memo: Remembered<V>): V {
    for (const key of memo.reads) this.current.add(key);
    return memo.value;
  }

  /** Runs `compute` and returns its value with what it read, which the caller is charged too. */
  remember<V>(compute: () => V): Remembered<V> {
    this.outer.push(this.current);
    const reads = (this.current = new Set());
    this.last = undefined;
    let value: V;
    try {
      value = compute();
    } finally {
      this.current = this.outer.pop()!;
      this.last = undefined;
      for (const key of reads) this.current.add(key);
    }
    return { value, reads: reads.size === 0 ? NOTHING : [...reads] };
  }

  /** Runs `compute` without charging anyone for what it reads (the caller notes a coarser key). */
  apart<V>(compute: () => V): V {
    this.outer.push(this.current);
    this.current = new Set();
    this.last = undefined;
    try {
      return compute();
    } finally {
      this.current = this.outer.pop()!;
      this.last = undefined;
    }
  }

  /** What one file's resolution read, its own facts aside. */
  take(): Set<string> {
    const reads = this.current;
    if (this.self !== undefined) reads.delete(this.self);
    this.current = new Set();
    this.last = undefined;
    this.self = undefined;
    return reads;
  }
}

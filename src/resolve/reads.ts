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

  note(key: string): void {
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
    let value: V;
    try {
      value = compute();
    } finally {
      this.current = this.outer.pop()!;
      for (const key of reads) this.current.add(key);
    }
    return { value, reads: reads.size === 0 ? NOTHING : [...reads] };
  }

  /** Runs `compute` without charging anyone for what it reads (the caller notes a coarser key). */
  apart<V>(compute: () => V): V {
    this.outer.push(this.current);
    this.current = new Set();
    try {
      return compute();
    } finally {
      this.current = this.outer.pop()!;
    }
  }

  /** What was read since the last take, outside any computation: one file's resolution. */
  take(): Set<string> {
    const reads = this.current;
    this.current = new Set();
    return reads;
  }
}

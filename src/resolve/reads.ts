// What one file's resolution rested on: which other files' facts it read, and which questions
// about the file set it asked. An edit that moves a file's surface must re-resolve every file
// whose answers read it, however many re-export hops away it is; a file added or deleted, every
// file that asked a question its arrival or removal answers differently. Resolution shares
// cached answers across the files of a chunk, so each cached answer keeps the reads that
// produced it and charges them again to every file that reuses it.
import { basename, dirname } from "../util/paths.ts";

/** A file's facts as one resolution read them, or whether the file is there. */
export function factsReadKey(path: string): string {
  return `f:${path}`;
}

/**
 * The member table, or the name, of a package that is a directory (Go's): built from every
 * file of the package there.
 */
export function packageReadKey(dir: string): string {
  return `g:${dir}`;
}

/** The files directly inside a directory. */
export function dirFilesKey(dir: string): string {
  return `d:${dir}`;
}

/** Every file with a base name, anywhere. */
export function baseNameKey(name: string): string {
  return `n:${name}`;
}

/** Whether a directory holds any file, at any depth. */
export function dirExistsKey(dir: string): string {
  return `x:${dir}`;
}

/**
 * The read keys an edit to the surface of `path` invalidates; `inPackageDirectory` when its
 * language makes every file of a directory one package (Go), whose table the edit moves too.
 */
export function readKeysOf(path: string, inPackageDirectory: boolean): string[] {
  return inPackageDirectory ? [factsReadKey(path), packageReadKey(dirname(path))] : [factsReadKey(path)];
}

/** The read keys whose answers a file added or deleted at `path` changes. */
export function fileSetKeysOf(path: string): string[] {
  const keys = [factsReadKey(path), dirFilesKey(dirname(path)), baseNameKey(basename(path))];
  for (let dir = dirname(path); dir !== ""; dir = dirname(dir)) keys.push(dirExistsKey(dir));
  return keys;
}

/**
 * A cached answer with the reads behind it. An array, not a set: a chunk's memos hold some
 * hundred thousand of them, and sets cost a cold map of 13k files ~50 MB more peak RSS.
 */
export interface Remembered<V> {
  readonly value: V;
  readonly reads: readonly string[];
  /** Set on a stand-in for an answer still being computed (inProgress). */
  readonly pending?: true;
}

/** What `remember` returns: `settled` is false when the value used a stand-in still pending. */
export interface Computed<V> extends Remembered<V> {
  readonly settled: boolean;
}

/** Where answers are kept with their reads: a Map, or a WeakMap keyed by a fact. */
export interface Memo<K, V> {
  get(key: K): Remembered<V> | undefined;
  set(key: K, value: Remembered<V>): unknown;
}

const NOTHING: readonly string[] = [];

/**
 * Stands for an answer still being computed: a recursive ask gets `value`, charged nothing, and
 * what it computes from it is not kept (see remember). One per answer being computed.
 */
export function inProgress<V>(value: V): Remembered<V> {
  return { value, reads: NOTHING, pending: true };
}

export class ReadLog {
  private readonly outer: Set<string>[] = [];
  private current = new Set<string>();
  private readonly outerStandIns: (Set<object> | undefined)[] = [];
  /** The pending stand-ins the current computation used. */
  private standIns: Set<object> | undefined;
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
    if (memo.pending) (this.standIns ??= new Set()).add(memo);
    else for (const key of memo.reads) this.current.add(key);
    return memo.value;
  }

  /**
   * Runs `compute` and returns its value with what it read, which the caller is charged too.
   * A value that used the stand-in of an answer still being computed (other than `standIn`,
   * this computation's own) is not settled: it rests on reads not known yet, and on the order
   * the answers were asked in, so it must not be kept; the answer being computed settles it.
   */
  remember<V>(compute: () => V, standIn?: Remembered<unknown>): Computed<V> {
    this.outer.push(this.current);
    this.outerStandIns.push(this.standIns);
    const reads = (this.current = new Set());
    this.standIns = undefined;
    this.last = undefined;
    let value: V;
    let used: Set<object> | undefined;
    try {
      value = compute();
    } finally {
      used = this.standInsUsed();
      this.current = this.outer.pop()!;
      this.standIns = this.outerStandIns.pop();
      this.last = undefined;
      for (const key of reads) this.current.add(key);
    }
    if (used && standIn) used.delete(standIn);
    const settled = !used || used.size === 0;
    if (used && !settled) for (const other of used) (this.standIns ??= new Set()).add(other);
    return { value, reads: reads.size === 0 ? NOTHING : [...reads], settled };
  }

  /** Read through a call: `compute` may have set it since this frame began. */
  private standInsUsed(): Set<object> | undefined {
    return this.standIns;
  }

  /** `memo`'s answer for `key`, computed and kept with its reads the first time; charged them each time. */
  cached<K, V>(memo: Memo<K, V>, key: K, compute: () => V): V {
    const known = memo.get(key);
    if (known !== undefined) return this.reuse(known);
    const computed = this.remember(compute);
    if (computed.settled) memo.set(key, computed);
    return computed.value;
  }

  /**
   * `cached` for an answer whose computation may ask for itself (a type defined through itself,
   * `x := x.Next()`): meanwhile the memo holds a stand-in whose value is `whileComputing`, and an
   * answer that rested on another answer's pending stand-in is not kept (see remember).
   */
  cachedWithStandIn<K, V>(memo: Memo<K, V> & { delete(key: K): unknown }, key: K, whileComputing: V, compute: () => V): V {
    const known = memo.get(key);
    if (known !== undefined) return this.reuse(known);
    const standIn = inProgress(whileComputing);
    memo.set(key, standIn);
    const computed = this.remember(compute, standIn);
    if (computed.settled) memo.set(key, computed);
    else memo.delete(key);
    return computed.value;
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
    this.standIns = undefined;
    this.last = undefined;
    this.self = undefined;
    return reads;
  }
}

// $IX_HOME/workspaces.json: the roots ix has mapped, each with its workspace id. It is ix's own
// file, apart from the settings a person edits, so a setting gone wrong costs no workspace. Every
// query reads it, so it is JSON. It is written atomically (temp + rename, 0600) and under a lock:
// maps of different workspaces register at the same moment, and a read-modify-write without one
// loses an entry.
import { chmodSync, mkdirSync, renameSync } from "node:fs";
import { writeFileAtomic } from "../util/atomic-write";
import { join } from "node:path";
import { IxError } from "../model/errors";
import { writeFailure } from "../model/write-failure";
import { readRegularFile } from "../util/regular-file";
import { acquireLockSync } from "../util/lock";
import { legacyList, takeLegacyList } from "./registry-legacy";

export interface Entry {
  root: string;
  /** Absent until a map records the repository's id (an entry an older ix wrote as a bare root). */
  id?: string;
  /** Registered though too broad to be a workspace (the filesystem's root, a home), as its map was told to (broad.ts). */
  broad?: true;
}

export type Note = (message: string) => void;

export const registryPath = (home: string) => join(home, "workspaces.json");

/** Far more roots than anyone maps; past it the file is not one ix wrote. */
const REGISTRY_LIMIT = 16 << 20;

/** An entry as stored (a bare root in an older ix's list), or undefined for anything else. */
function entryOf(item: unknown): Entry | undefined {
  const fields = item && typeof item === "object" ? (item as Record<string, unknown>) : { root: item };
  if (typeof fields.root !== "string") return undefined;
  const entry: Entry = typeof fields.id === "string" ? { root: fields.root, id: fields.id } : { root: fields.root };
  if (fields.broad === true) entry.broad = true;
  return entry;
}

/** The entries, or why the file cannot be read: completes "<path> …". */
function readFile(home: string): { entries: Entry[] } | { problem: string } {
  const read = readRegularFile(registryPath(home), REGISTRY_LIMIT);
  if (read.state === "absent") return { entries: [] };
  if (read.state === "refused") return { problem: read.reason };
  let doc: unknown;
  try {
    doc = JSON.parse(read.text);
  } catch {
    return { problem: "is not valid JSON" };
  }
  const list = doc && typeof doc === "object" ? (doc as { workspaces?: unknown }).workspaces : undefined;
  if (!Array.isArray(list)) return { problem: "holds no list of workspaces" };
  return { entries: entriesOf(list) };
}

const entriesOf = (items: unknown[]): Entry[] => items.map(entryOf).filter((e) => e !== undefined);

/** Entries of `extra` whose root `entries` lacks are added; an id fills one that has none. */
function merge(entries: Entry[], extra: Entry[]): Entry[] {
  const merged = entries.map((e) => ({ ...e }));
  for (const entry of extra) {
    const same = merged.find((e) => e.root === entry.root);
    if (!same) merged.push({ ...entry });
    else if (!same.id && entry.id) same.id = entry.id;
  }
  return merged;
}

/**
 * The registered entries. A registry an older ix kept in config.yaml counts too, and is moved
 * here now; should that fail (a read-only $IX_HOME), it is still read where it is.
 */
export function readRegistry(home: string, note: Note = () => {}): Entry[] {
  const file = readFile(home);
  if ("problem" in file) note(`${registryPath(home)} ${file.problem}; no workspace can be found until a map sets it aside`);
  const entries = "entries" in file ? file.entries : [];
  const legacy = legacyList(home);
  if (!legacy) return entries;
  try {
    return updateRegistry(home, (current) => current, note);
  } catch (error) {
    note(`could not move the workspaces in config.yaml to ${registryPath(home)}: ${(error as Error).message}`);
    return merge(entries, entriesOf(legacy));
  }
}

/** What a failed write of the registry says: named here, so a write inside config.yaml's edit is not taken for the settings file's. */
const registryFailure = (home: string, error: unknown) =>
  writeFailure(error, { what: "the workspace registry", kept: "workspaces.json is unchanged", path: registryPath(home) }) ?? error;

function write(home: string, entries: Entry[]): void {
  try {
    writeFileAtomic(registryPath(home), `${JSON.stringify({ workspaces: entries }, null, 2)}\n`);
  } catch (error) {
    throw registryFailure(home, error);
  }
}

/** A registry ix cannot read is moved out of the way, never written over: what it held stays on disk. */
function setAside(home: string, problem: string, note: Note): void {
  const path = registryPath(home);
  const aside = `${path}.bad-${Date.now()}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    const failure = writeFailure(error, { what: "the workspace registry", kept: `${path} is as it was`, path });
    if (failure) throw failure;
    throw new IxError("registry_unusable", `${path} ${problem} and cannot be moved aside (${(error as NodeJS.ErrnoException).code}); remove it`, { path });
  }
  note(`${path} ${problem}; moved it to ${aside} and started a new registry`);
}

/**
 * Applies `edit` to the entries under the registry's lock and writes them if they changed;
 * returns the entries as written. The workspaces an older ix kept in config.yaml are taken in
 * first, so no write ever leaves them behind.
 */
export function updateRegistry(home: string, edit: (entries: Entry[]) => Entry[], note: Note = () => {}): Entry[] {
  try {
    return updateLocked(home, edit, note);
  } catch (error) {
    // The home or the lock refused; the file itself is written whole or not at all
    // (util/atomic-write). A failure of the settings file (the older list moving out of it) was
    // named there already.
    throw registryFailure(home, error);
  }
}

function updateLocked(home: string, edit: (entries: Entry[]) => Entry[], note: Note): Entry[] {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  chmodSync(home, 0o700);
  const release = acquireLockSync(`${registryPath(home)}.lock`);
  try {
    const file = readFile(home);
    if ("problem" in file) setAside(home, file.problem, note);
    let entries = "entries" in file ? file.entries : [];
    let written = "entries" in file ? JSON.stringify(entries) : undefined;
    const save = (next: Entry[]) => {
      if (JSON.stringify(next) === written) return;
      write(home, next);
      written = JSON.stringify(next);
    };
    // Saved before config.yaml loses its list: a crash between the two leaves the entries in both.
    takeLegacyList(home, (items) => save((entries = merge(entries, entriesOf(items)))));
    const after = edit(entries);
    save(after);
    return after;
  } finally {
    release();
  }
}

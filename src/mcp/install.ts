// Writing a host's entry for `ix mcp` and checking it. A host's file is somebody else's: other
// servers' entries and every other key are kept, an `ix` entry that differs is a conflict unless
// forced, a file that cannot be read is left alone, and a file changed is backed up first.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join } from "node:path";
import { HOST, SERVER_NAME, type Host, type HostId } from "./hosts";

export type Outcome = "installed" | "unchanged" | "replaced" | "conflict" | "unreadable";

export interface InstallResult {
  host: HostId;
  file: string;
  outcome: Outcome;
  dryRun: boolean;
  backup?: string;
  /** The executable the entry in the way starts, on a conflict. */
  existing?: string;
  reason?: string;
}

export interface InstallOptions {
  home: string;
  platform: string;
  bin: string;
  force: boolean;
  dryRun: boolean;
  now: Date;
}

type Doc = Record<string, unknown>;

export function installHost(id: HostId, opts: InstallOptions): InstallResult {
  const host = HOST[id];
  const file = host.file(opts.home, opts.platform);
  const base = { host: id, file, dryRun: opts.dryRun };
  const before = existsSync(file) ? readFileSync(file, "utf8") : undefined;
  const read = readEntry(host, before);
  if ("reason" in read) return { ...base, outcome: "unreadable", reason: read.reason };
  const wanted = host.entry(opts.bin);
  if (read.entry !== undefined && sameValue(read.entry, wanted)) return { ...base, outcome: "unchanged" };
  if (read.entry !== undefined && !opts.force) return { ...base, outcome: "conflict", existing: host.commandOf(read.entry) ?? "?" };
  const after = host.format === "toml" ? withTomlEntry(before ?? "", wanted) : withJsonEntry(read.doc, host.table, wanted);
  // What is written must read back as the entry, or the edit was not understood.
  const check = readEntry(host, after);
  if ("reason" in check || !sameValue(check.entry, wanted)) return { ...base, outcome: "unreadable", reason: "the entry could not be written in place" };
  const outcome: Outcome = read.entry === undefined ? "installed" : "replaced";
  if (opts.dryRun) return { ...base, outcome };
  let backup: string | undefined;
  if (before !== undefined) {
    backup = `${file}.ix-backup-${opts.now.toISOString().replace(/[:.]/g, "-")}`;
    copyFileSync(file, backup);
  }
  replaceFile(file, after);
  return { ...base, outcome, backup };
}

export type EntryStatus = "ok" | "no_file" | "no_entry" | "broken" | "unreadable";

export interface HostCheck {
  host: HostId;
  file: string;
  status: EntryStatus;
  command?: string;
}

export function checkHost(id: HostId, home: string, platform: string, path: string | undefined): HostCheck {
  const host = HOST[id];
  const file = host.file(home, platform);
  if (!existsSync(file)) return { host: id, file, status: "no_file" };
  const read = readEntry(host, readFileSync(file, "utf8"));
  if ("reason" in read) return { host: id, file, status: "unreadable" };
  if (read.entry === undefined) return { host: id, file, status: "no_entry" };
  const command = host.commandOf(read.entry);
  const found = command !== undefined && findExecutable(command, path) !== undefined;
  return { host: id, file, status: found ? "ok" : "broken", command };
}

/** Where `name` runs from: itself when it is a path, else the first match on PATH. */
export function findExecutable(name: string, path: string | undefined): string | undefined {
  if (isAbsolute(name) || name.includes("/")) return isExecutableFile(name) ? name : undefined;
  for (const dir of (path ?? "").split(":")) {
    if (dir && isExecutableFile(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

function isExecutableFile(path: string): boolean {
  try {
    const stat = statSync(path);
    return stat.isFile() && (stat.mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

function readEntry(host: Host, text: string | undefined): { doc: Doc; entry: unknown } | { reason: string } {
  if (text === undefined || text.trim() === "") return { doc: {}, entry: undefined };
  let doc: unknown;
  try {
    doc = host.format === "toml" ? Bun.TOML.parse(text) : JSON.parse(text);
  } catch (error) {
    return { reason: `not ${host.format.toUpperCase()}: ${(error as Error).message}` };
  }
  if (!isObject(doc)) return { reason: "not an object" };
  let table: unknown = doc;
  for (const key of host.table) {
    table = isObject(table) && Object.hasOwn(table, key) ? table[key] : undefined;
    if (table === undefined) return { doc, entry: undefined };
  }
  if (!isObject(table)) return { reason: `${host.table.join(".")} is not an object` };
  return { doc, entry: Object.hasOwn(table, SERVER_NAME) ? table[SERVER_NAME] : undefined };
}

function withJsonEntry(doc: Doc, path: string[], entry: Record<string, unknown>): string {
  const copy: Doc = structuredClone(doc);
  let table = copy;
  for (const key of path) {
    if (!isObject(table[key])) table[key] = {};
    table = table[key] as Doc;
  }
  table[SERVER_NAME] = entry;
  return `${JSON.stringify(copy, null, 2)}\n`;
}

// TOML is edited as text, so the rest of the file (comments, order) stays as it was: the old
// [mcp_servers.ix] table and its subtables are cut, the new table appended.
function withTomlEntry(text: string, entry: Record<string, unknown>): string {
  const header = /^\s*\[\s*mcp_servers\s*\.\s*(?:ix|"ix")\s*(?:\.[^\]]*)?\]\s*(?:#.*)?$/;
  const kept: string[] = [];
  let cutting = false;
  for (const line of text.split("\n")) {
    if (/^\s*\[/.test(line)) cutting = header.test(line);
    if (!cutting) kept.push(line);
  }
  let rest = kept.join("\n");
  if (rest.length > 0 && !rest.endsWith("\n")) rest += "\n";
  const lines = Object.entries(entry).map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
  return `${rest}${rest.length > 0 ? "\n" : ""}[mcp_servers.${SERVER_NAME}]\n${lines.join("\n")}\n`;
}

/** Replaced whole, keeping the file's mode; a new file is private. */
function replaceFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const mode = existsSync(path) ? statSync(path).mode & 0o777 : 0o600;
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  writeFileSync(tmp, text, { mode });
  renameSync(tmp, path);
}

function isObject(value: unknown): value is Doc {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]));
  }
  return a === b;
}

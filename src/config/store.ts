// $IX_HOME/config.yaml, the settings a person edits. Read tolerantly: anything that is not a
// small, valid YAML mapping in a regular file means defaults plus a problem to report, never a
// crash or a hang. Written atomically with private modes, and edited through YAML's document
// model so keys and comments this version does not know survive.
import { chmodSync, mkdirSync, realpathSync, statSync } from "node:fs";
import { writeFileAtomic } from "../util/atomic-write";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Document } from "yaml";
import { IxError } from "../model/errors";
import { writeFailure } from "../model/write-failure";
import { acquireLockSync } from "../util/lock";
import { findRegularFile, readRegularFile, stampOf } from "../util/regular-file";
import { parseYaml } from "./yaml";

export function ixHome(env: Record<string, string | undefined>): string {
  return env.IX_HOME || join(homedir(), ".ix");
}

export const configPath = (home: string) => join(home, "config.yaml");

/** A settings file is a few lines; past this it is something else, and YAML's cost grows faster than its size. */
const CONFIG_LIMIT = 64 * 1024;

export interface LoadedConfig {
  /** The top-level keys, in a table without a prototype: `values.constructor` is only ever a key of the file. */
  values: Record<string, unknown>;
  /** Why the file could not be used; values are then the defaults. */
  problem?: string;
  exists: boolean;
}

type Reading = { values: Record<string, unknown> } | { problem: string };

const table = (values: object = {}): Record<string, unknown> => Object.assign(Object.create(null) as Record<string, unknown>, values);

/** The value at a dotted path, through own keys only. */
export function valueAt(values: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = values;
  for (const part of path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * Every command reads the config (the default format, a registry an older ix kept here), and
 * evaluating the YAML parser costs more than the rest of a query's start-up (≈ 10 ms measured).
 * So what a read found, values or the problem, is mirrored in JSON, keyed by the YAML file's size
 * and mtime; an edit by hand changes those and sends the next read through YAML again. A file
 * that is refused is refused once: a 60 KB one cost a second to parse.
 */
const mirrorPath = (home: string) => join(home, "config.mirror.json");
const MIRROR_LIMIT = 1 << 20;

function readMirror(home: string, stamp: string): Reading | undefined {
  const read = readRegularFile(mirrorPath(home), MIRROR_LIMIT);
  if (read.state !== "read") return undefined;
  try {
    const mirror = JSON.parse(read.text) as { stamp?: unknown; values?: unknown; problem?: unknown };
    if (mirror.stamp !== stamp) return undefined;
    if (typeof mirror.problem === "string") return { problem: mirror.problem };
    if (mirror.values && typeof mirror.values === "object" && !Array.isArray(mirror.values)) return { values: table(mirror.values) };
  } catch {
    // a torn or foreign mirror: read the YAML
  }
  return undefined;
}

function writeMirror(home: string, stamp: string, reading: Reading): void {
  try {
    writeFileAtomic(mirrorPath(home), JSON.stringify({ stamp, ...reading }));
  } catch {
    // A read-only IX_HOME only loses the shortcut.
  }
}

/** The file's document and values, or why they cannot be used. */
function interpret(text: string): { doc: Document; values: Record<string, unknown> } | { problem: string } {
  const parsed = parseYaml(text);
  if ("problem" in parsed) return parsed;
  const { doc, values } = parsed;
  if (values === null || values === undefined) return { doc, values: table() };
  if (typeof values !== "object" || Array.isArray(values)) return { problem: "does not hold a mapping" };
  return { doc, values: table(values) };
}

export function loadConfig(home: string): LoadedConfig {
  const path = configPath(home);
  const found = findRegularFile(path);
  if (found.state === "absent") return { values: table(), exists: false };
  const reading = found.state === "refused" ? { problem: found.reason } : (readMirror(home, found.stamp) ?? readAndMirror(home, path));
  if ("problem" in reading) return { values: table(), exists: true, problem: `${path} ${reading.problem}; using defaults` };
  return { values: reading.values, exists: true };
}

function readAndMirror(home: string, path: string): Reading {
  const read = readRegularFile(path, CONFIG_LIMIT);
  if (read.state === "absent") return { values: table() };
  if (read.state === "refused") return { problem: read.reason };
  const parsed = interpret(read.text);
  const reading = "problem" in parsed ? { problem: parsed.problem } : { values: parsed.values };
  writeMirror(home, read.stamp, reading);
  return reading;
}

/**
 * Applies `edit` to the file's document and writes it back atomically (temp file + rename), the
 * directory 0700 and the file 0600; through a symlink, the file it points to is rewritten. A
 * file that cannot be read as a mapping is never overwritten: that would lose what it holds.
 * Under a lock: a setting written while the registry moves out of the file must not be lost.
 */
export function updateConfig(home: string, edit: (doc: Document, values: Record<string, unknown>) => void): void {
  try {
    mkdirSync(home, { recursive: true, mode: 0o700 });
    chmodSync(home, 0o700);
    const release = acquireLockSync(`${configPath(home)}.lock`);
    try {
      rewrite(home, edit);
    } finally {
      release();
    }
  } catch (error) {
    // The home, the lock or the file itself refused (a full disk, a read-only home): the file
    // was replaced whole or not at all (util/atomic-write), so it is as it was.
    throw writeFailure(error, { what: "the settings file", kept: "config.yaml is unchanged", path: configPath(home) }) ?? error;
  }
}

function rewrite(home: string, edit: (doc: Document, values: Record<string, unknown>) => void): void {
  const path = configPath(home);
  const refuse = (why: string) => new IxError("config_malformed", `${path} ${why}; fix or remove it before changing settings`, { path });
  const found = findRegularFile(path);
  if (found.state === "refused") throw refuse(found.reason);
  const target = found.state === "file" ? realpathSync(path) : path;
  const read = found.state === "file" ? readRegularFile(target, CONFIG_LIMIT) : ({ state: "absent" } as const);
  if (read.state === "refused") throw refuse(read.reason);
  const parsed = interpret(read.state === "read" ? read.text : "");
  if ("problem" in parsed) throw refuse(parsed.problem);
  const { doc, values } = parsed;
  edit(doc, values);
  writeFileAtomic(target, doc.toString());
  writeMirror(home, stampOf(statSync(target)), { values: table((doc.toJS() ?? {}) as object) });
}

// $IX_HOME/config.yaml. Read tolerantly (a malformed file means defaults plus a warning, never a
// crash), written atomically with private modes, and edited through YAML's document model so
// keys and comments this version does not know survive.
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { Document } from "yaml";
import { IxError } from "../model/errors";

export function ixHome(env: Record<string, string | undefined>): string {
  return env.IX_HOME || join(homedir(), ".ix");
}

export const configPath = (home: string) => join(home, "config.yaml");

export interface LoadedConfig {
  values: Record<string, unknown>;
  /** Why the file could not be used; values are then the defaults. */
  problem?: string;
  exists: boolean;
}

/**
 * Every command reads the config (the default format, the workspace registry), and evaluating
 * the YAML parser costs more than the rest of a query's start-up (≈ 10 ms measured). So the
 * parsed values are mirrored in JSON, keyed by the YAML file's size and mtime; an edit by hand
 * changes those and sends the next read through YAML again.
 */
const mirrorPath = (home: string) => join(home, "config.mirror.json");

function stamp(path: string): string | undefined {
  try {
    const stat = statSync(path);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return undefined;
  }
}

function readMirror(home: string, current: string): Record<string, unknown> | undefined {
  try {
    const mirror = JSON.parse(readFileSync(mirrorPath(home), "utf8")) as { stamp?: string; values?: Record<string, unknown> };
    return mirror.stamp === current && mirror.values ? mirror.values : undefined;
  } catch {
    return undefined;
  }
}

function writeMirror(home: string, values: Record<string, unknown>): void {
  const current = stamp(configPath(home));
  if (!current) return;
  try {
    const tmp = `${mirrorPath(home)}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ stamp: current, values }), { mode: 0o600 });
    renameSync(tmp, mirrorPath(home));
  } catch {
    // A read-only IX_HOME only loses the shortcut.
  }
}

export function loadConfig(home: string): LoadedConfig {
  const current = stamp(configPath(home));
  if (!current) return { values: {}, exists: false };
  const mirrored = readMirror(home, current);
  if (mirrored) return { values: mirrored, exists: true };
  let text: string;
  try {
    text = readFileSync(configPath(home), "utf8");
  } catch {
    return { values: {}, exists: false };
  }
  const { parseDocument } = require("yaml") as typeof import("yaml");
  const doc = parseDocument(text);
  if (doc.errors.length > 0) {
    return { values: {}, exists: true, problem: `${configPath(home)} is not valid YAML (${doc.errors[0]?.message.split("\n")[0]}); using defaults` };
  }
  const values = doc.toJS() as unknown;
  if (values === null || values === undefined) return { values: {}, exists: true };
  if (typeof values !== "object" || Array.isArray(values))
    return { values: {}, exists: true, problem: `${configPath(home)} does not hold a mapping; using defaults` };
  writeMirror(home, values as Record<string, unknown>);
  return { values: values as Record<string, unknown>, exists: true };
}

/**
 * Applies `edit` to the file's document and writes it back atomically (temp file + rename), the
 * directory 0700 and the file 0600. A malformed file is never overwritten: that would lose keys.
 */
export function updateConfig(home: string, edit: (doc: Document) => void): void {
  const { parseDocument } = require("yaml") as typeof import("yaml");
  mkdirSync(home, { recursive: true, mode: 0o700 });
  chmodSync(home, 0o700);
  const path = configPath(home);
  let text = "";
  try {
    text = readFileSync(path, "utf8");
  } catch {
    // no file yet
  }
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || (doc.contents !== null && typeof doc.toJS() !== "object")) {
    throw new IxError("config_malformed", `${path} is not a valid YAML mapping; fix or remove it before changing settings`, { path });
  }
  edit(doc);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, doc.toString(), { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
  writeMirror(home, (doc.toJS() ?? {}) as Record<string, unknown>);
}

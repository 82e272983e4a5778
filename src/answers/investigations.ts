// Saved context bundles ("investigations") in $IX_HOME/investigations: one JSON file per id,
// written whole or not at all, and only when it is a valid investigation, so whatever a listing
// or a resume reads was either written by ix or is skipped as not one. An id is any text; its
// file name keeps [A-Za-z0-9._-] and writes every other UTF-8 byte as ~HH (a leading dot too,
// so no id names a hidden file, "." or ".."), which is reversible and never leaves the folder.
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { IxError, invalidRequest } from "../model/errors";
import { writeFailure } from "../model/write-failure";
import { INVESTIGATIONS } from "../model/remedy";
import { writeFileAtomic } from "../util/atomic-write";
import { readRegularFile } from "../util/regular-file";
import { BUDGET_NAMES, BUNDLE_SCHEMA, type BundleClaim, type BundleEntity, type BundleRelationship, type Budgets, type ContextBundle, type Evidence } from "./context";

export const INVESTIGATION_SCHEMA = "ix-investigation/1";
export const DIFF_SCHEMA = "ix-investigation-diff/1";

export interface Investigation {
  schema: typeof INVESTIGATION_SCHEMA;
  id: string;
  savedAt: string;
  bundle: ContextBundle;
}

/** The most a saved file may hold: a bundle at every budget's maximum stays well under it. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** File names stay under the 255 bytes file systems allow, ".json" included. */
const MAX_ENCODED = 240;

export const investigationsDir = (home: string) => join(home, "investigations");

/** An id as its file name (without .json): [A-Za-z0-9._-] kept, every other byte ~HH, a leading dot ~2E. */
export function encodeInvestigationId(id: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(id)) {
    const ch = String.fromCharCode(byte);
    const keep = /[A-Za-z0-9_-]/.test(ch) || (ch === "." && out !== "");
    out += keep ? ch : `~${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A file name the encoding could have written: what the file-name form of an id must be. */
const STORED_NAME = /^(?:[A-Za-z0-9_-]|~[0-9A-F]{2})(?:[A-Za-z0-9._-]|~[0-9A-F]{2})*$/;

/** A usage error for an id no file can be named after. */
export function checkInvestigationId(id: string, option: string): void {
  if (id.trim() === "") throw invalidRequest("invalid_value", `${option} needs a non-empty id`, { option, value: id });
  if (encodeInvestigationId(id).length > MAX_ENCODED) {
    throw invalidRequest("invalid_value", `${option} takes an id of at most ${MAX_ENCODED} characters once encoded`, { option, value: id.slice(0, 40) });
  }
}

/** Saves the bundle under `id`, replacing one saved before; the envelope is checked before it is written. */
export function saveInvestigation(home: string, id: string, bundle: ContextBundle, savedAt: Date): { investigation: Investigation; file: string } {
  checkInvestigationId(id, "save");
  const investigation: Investigation = { schema: INVESTIGATION_SCHEMA, id, savedAt: savedAt.toISOString(), bundle };
  const text = JSON.stringify(investigation);
  // The written text is what a resume reads back: check it in that form.
  if (!validInvestigation(JSON.parse(text))) throw new IxError("invalid_saved_investigation", `the bundle for '${id}' is not a valid investigation; nothing was saved`, { id });
  const dir = investigationsDir(home);
  const file = `${encodeInvestigationId(id)}.json`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileAtomic(join(dir, file), text + "\n");
  } catch (error) {
    // Replaced whole or not at all (util/atomic-write): one saved before under this id is as it was.
    throw writeFailure(error, { what: "the investigation", kept: "every investigation saved before is as it was", path: join(dir, file) }) ?? error;
  }
  return { investigation, file };
}

type Loaded = { state: "ok"; investigation: Investigation; file: string } | { state: "absent" } | { state: "invalid"; file: string; reason: string };

function readInvestigation(dir: string, file: string): Loaded {
  const read = readRegularFile(join(dir, file), MAX_FILE_BYTES);
  if (read.state === "absent") return { state: "absent" };
  if (read.state === "refused") return { state: "invalid", file, reason: `${file} ${read.reason}` };
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch {
    return { state: "invalid", file, reason: `${file} is not JSON` };
  }
  if (!validInvestigation(value)) return { state: "invalid", file, reason: `${file} is not an ${INVESTIGATION_SCHEMA} envelope holding an ${BUNDLE_SCHEMA} bundle` };
  return { state: "ok", investigation: value, file };
}

/**
 * The investigation saved under `id`, named by the id (encoded) or by its file name (the form a
 * listing's file= shows); no_saved_investigation or invalid_saved_investigation otherwise.
 */
export function loadInvestigation(home: string, id: string, option: string): { investigation: Investigation; file: string } {
  const dir = investigationsDir(home);
  const encoded = encodeInvestigationId(id);
  const asFile = id.endsWith(".json") ? id.slice(0, -5) : id;
  // A file name at the bound encodes past it (each ~ is ~7E): it is checked as the name it is.
  const byName = STORED_NAME.test(asFile) && asFile.length <= MAX_ENCODED;
  if (!byName) checkInvestigationId(id, option);
  const names = encoded.length <= MAX_ENCODED ? [`${encoded}.json`] : [];
  if (byName && !names.includes(`${asFile}.json`)) names.push(`${asFile}.json`);
  for (const name of names) {
    const loaded = readInvestigation(dir, name);
    if (loaded.state === "ok") return loaded;
    if (loaded.state === "invalid") {
      throw new IxError("invalid_saved_investigation", `the saved investigation '${id}' cannot be used: ${loaded.reason}`, { id, file: loaded.file }, { fix: INVESTIGATIONS });
    }
  }
  throw new IxError("no_saved_investigation", `no investigation is saved as '${id}'`, { id, dir }, { fix: INVESTIGATIONS });
}

export interface InvestigationListing {
  /** Newest first; ties by id. */
  investigations: { investigation: Investigation; file: string }[];
  /** Files in the folder that are not valid investigations. */
  skipped: number;
}

export function listInvestigations(home: string): InvestigationListing {
  const dir = investigationsDir(home);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".json") && !name.startsWith("."));
  } catch {
    return { investigations: [], skipped: 0 };
  }
  const investigations: InvestigationListing["investigations"] = [];
  let skipped = 0;
  for (const name of names.sort()) {
    const loaded = readInvestigation(dir, name);
    if (loaded.state === "ok") investigations.push({ investigation: loaded.investigation, file: name });
    else if (loaded.state === "invalid") skipped++;
  }
  investigations.sort((a, b) => (a.investigation.savedAt < b.investigation.savedAt ? 1 : a.investigation.savedAt > b.investigation.savedAt ? -1 : a.investigation.id < b.investigation.id ? -1 : 1));
  return { investigations, skipped };
}

// ---- validation: what a resume, a listing and a diff may rely on ----

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;
const optional = (v: unknown, check: (x: unknown) => boolean) => v === undefined || check(v);
const listOf = (v: unknown, check: (x: Record<string, unknown>) => boolean) => Array.isArray(v) && v.every((x) => isObject(x) && check(x));
const budgetsValid = (v: unknown) => isObject(v) && BUDGET_NAMES.every((name) => isCount(v[name]));

const entityValid = (e: Record<string, unknown>) =>
  isString(e.id) && isString(e.name) && isString(e.kind) && isString(e.path) && optional(e.lines, isString) && optional(e.stale, (s) => typeof s === "boolean");
const relationshipValid = (r: Record<string, unknown>) => isString(r.src) && isString(r.dst) && isString(r.predicate);
const claimValid = (c: Record<string, unknown>) => isString(c.id) && isString(c.entity) && isString(c.kind) && isString(c.status) && isString(c.statement);
const evidenceValid = (e: Record<string, unknown>) =>
  isString(e.id) && isString(e.kind) && typeof e.score === "number" && isString(e.title) && optional(e.path, isString) && optional(e.lines, isString) && Array.isArray(e.refs);

export function validBundle(b: unknown): b is ContextBundle {
  if (!isObject(b) || b.schema !== BUNDLE_SCHEMA || !isCount(b.rev)) return false;
  const t = b.target;
  if (!isObject(t) || !isString(t.id) || !isString(t.name) || !isString(t.kind) || !isString(t.path)) return false;
  const f = b.freshness;
  if (!isObject(f) || typeof f.stale !== "boolean" || !["current", "stale", "unverified", "degraded"].includes(f.classification as string)) return false;
  if (!isObject(b.graph) || !isString(b.graph.status) || !optional(b.graph.fix, (fix) => isObject(fix) && isString(fix.action))) return false;
  return (
    listOf(b.entities, entityValid) &&
    listOf(b.relationships, relationshipValid) &&
    listOf(b.claims, claimValid) &&
    listOf(b.evidence, evidenceValid) &&
    isCount(b.decisions) &&
    isCount(b.conflicts) &&
    isCount(b.intents) &&
    budgetsValid(b.budgets) &&
    budgetsValid(b.truncation)
  );
}

export function validInvestigation(v: unknown): v is Investigation {
  return isObject(v) && v.schema === INVESTIGATION_SCHEMA && isString(v.id) && v.id !== "" && isString(v.savedAt) && !Number.isNaN(Date.parse(v.savedAt)) && validBundle(v.bundle);
}

// ---- diff: a fresh bundle against a saved one ----

export interface InvestigationDiff {
  schema: typeof DIFF_SCHEMA;
  investigation: string;
  savedAt: string;
  generatedAt: string;
  target: ContextBundle["target"];
  freshness: { previous: string; current: string };
  budgets: { saved: Budgets; requested?: Partial<Budgets>; effective: Budgets; requestedApplied: false };
  added: Changes;
  removed: Changes;
  /** The fresh bundle's header facts, for a reader that wants its counts. */
  current: ContextBundle;
}

export interface Changes {
  entities: BundleEntity[];
  relationships: BundleRelationship[];
  evidence: Evidence[];
  claims: BundleClaim[];
}

const relationshipKey = (r: BundleRelationship) => `${r.src}\0${r.predicate}\0${r.dst}`;
/** Evidence is the same item when it says the same thing about the same place; its score may move. */
const evidenceKey = (e: Evidence) => `${e.kind}\0${e.title}\0${e.path ?? ""}`;

function minus<T>(a: readonly T[], b: readonly T[], key: (x: T) => string): T[] {
  const inB = new Set(b.map(key));
  return a.filter((x) => !inB.has(key(x)));
}

export function diffInvestigation(saved: Investigation, fresh: ContextBundle, requested: Partial<Budgets> | undefined, generatedAt: Date): InvestigationDiff {
  const before = saved.bundle;
  const changes = (a: ContextBundle, b: ContextBundle): Changes => ({
    entities: minus(a.entities, b.entities, (e) => e.id),
    relationships: minus(a.relationships, b.relationships, relationshipKey),
    evidence: minus(a.evidence, b.evidence, evidenceKey),
    claims: minus(a.claims, b.claims, (c) => c.id),
  });
  return {
    schema: DIFF_SCHEMA,
    investigation: saved.id,
    savedAt: saved.savedAt,
    generatedAt: generatedAt.toISOString(),
    target: fresh.target,
    freshness: { previous: before.freshness.classification, current: fresh.freshness.classification },
    budgets: { saved: before.budgets, requested, effective: fresh.budgets, requestedApplied: false },
    added: changes(fresh, before),
    removed: changes(before, fresh),
    current: fresh,
  };
}

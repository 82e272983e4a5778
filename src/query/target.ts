// The one target resolver: every command that takes a target turns it into a node here.
// Forms: an id prefix (8+ hex), `path:line`, a file path, `Container::member`, `Class.member`
// or `module.member` (Effect.gen, os.path.join, http.Get), a symbol name. Ranking: exact >
// case-insensitive > prefix; test and fixture entities hide unless nothing else matches; a tie
// among several is an ambiguity, never a guess.
import { existsSync, statSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { invalidRequest, IxError, type Details } from "../model/errors";
import { checkHealth } from "../graph/health";
import {
  distinctNames,
  fileNode,
  innermostAt,
  nodesNamed,
  nodesNamedWithParent,
  nodesNamedNoCase,
  nodesWithIdPrefix,
  nodesWithPrefix,
  nodesWithQname,
  type NodeRow,
} from "../graph/queries";
import type { Store } from "../graph/store";
import { nearestNames } from "./suggest";
import { byCodeUnit } from "../util/compare";

export interface TargetOptions {
  kind?: string;
  path?: string;
  pick?: number;
  includeTests?: boolean;
  testsOnly?: boolean;
}

export interface TargetContext {
  store: Store;
  root: string;
  cwd: string;
}

const CONTAINER_KINDS = new Set(["class", "interface", "type", "module"]);
const CALLABLE_KINDS = new Set(["function", "method"]);
const HIDDEN_ROLES = new Set(["test", "fixture"]);

/** A path as the graph stores it: relative to the workspace root, '/'-separated. */
export function graphPath(ctx: TargetContext, raw: string): string {
  const abs = isAbsolute(raw) ? raw : resolve(ctx.cwd, raw);
  return relative(ctx.root, abs).split("\\").join("/");
}

function looksLikePath(raw: string): boolean {
  return raw.includes("/") || /\.[A-Za-z]{1,5}$/.test(raw) && !/^[A-Z]/.test(raw);
}

export function candidateRow(node: NodeRow, n?: number): Details {
  return {
    n,
    name: node.name,
    kind: node.kind,
    path: node.path,
    lines: node.kind === "file" ? undefined : `${node.startLine}-${node.endLine}`,
    pick: n === undefined ? undefined : `--pick ${n}`,
    id: node.id,
  };
}

function graphRows(ctx: TargetContext): { kind: string; rows: Details[] }[] {
  const verdict = checkHealth(ctx.store);
  if (verdict.health === "ok") return [];
  return [{ kind: "graph", rows: [{ status: verdict.health, reason: verdict.reason, message: verdict.message, fix: verdict.fix }] }];
}

function pickOrAmbiguous(ctx: TargetContext, raw: string, ranked: NodeRow[], opts: TargetOptions): NodeRow {
  if (ranked.length === 1 && opts.pick === undefined) return ranked[0] as NodeRow;
  if (opts.pick !== undefined) {
    const chosen = ranked[opts.pick - 1];
    if (!chosen) throw invalidRequest("invalid_value", `--pick ${opts.pick} is out of range: '${raw}' has ${ranked.length} candidate(s)`, { option: "--pick" });
    return chosen;
  }
  throw new IxError(
    "ambiguous_target",
    `'${raw}' matches ${ranked.length} entities; pick one with --pick N, or narrow with --kind / --path`,
    { target: raw, candidates: ranked.length },
    { rows: [{ kind: "candidate", rows: ranked.slice(0, 20).map((node, i) => candidateRow(node, i + 1)) }, ...graphRows(ctx)] },
  );
}

function narrow(nodes: NodeRow[], opts: TargetOptions, ctx: TargetContext): NodeRow[] {
  let out = nodes;
  if (opts.kind) out = out.filter((n) => n.kind === opts.kind);
  if (opts.path) {
    const prefix = graphPath(ctx, opts.path);
    out = out.filter((n) => n.path === prefix || n.path.startsWith(prefix.endsWith("/") ? prefix : prefix + "/"));
  }
  if (opts.testsOnly) return out.filter((n) => HIDDEN_ROLES.has(n.role));
  if (!opts.includeTests) {
    const visible = out.filter((n) => !HIDDEN_ROLES.has(n.role));
    if (visible.length > 0) return visible;
  }
  return out;
}

/** Among equally good name matches: prefer containers for PascalCase names, callables otherwise. */
function prefer(raw: string, nodes: NodeRow[]): NodeRow[] {
  if (nodes.length < 2) return nodes;
  const name = raw.slice(raw.lastIndexOf(".") + 1).replace(/^.*::/, "");
  const wanted = /^[A-Z]/.test(name) ? CONTAINER_KINDS : CALLABLE_KINDS;
  const preferred = nodes.filter((n) => wanted.has(n.kind));
  return preferred.length > 0 ? preferred : nodes;
}

function suggestions(ctx: TargetContext, raw: string): Details[] {
  const name = raw.replace(/^.*(::|\.)/, "");
  const rows: Details[] = [];
  // Ten asked for, five kept: a name that only files carry (a module base name) is skipped.
  for (const near of nearestNames(distinctNames(ctx.store), name, 10)) {
    const node = rank(nodesNamed(ctx.store, near))[0];
    if (node) rows.push({ name: node.name, kind: node.kind, path: node.path });
    if (rows.length === 5) break;
  }
  return rows;
}

function unresolved(ctx: TargetContext, raw: string, extra: Details = {}): IxError {
  const near = suggestions(ctx, raw);
  return new IxError(
    "unresolved_target",
    `No entity named '${raw}' found`,
    { target: raw, ...extra, suggestions: near.map((s) => s.name as string) },
    { rows: [{ kind: "suggestion", rows: near }, ...graphRows(ctx)] },
  );
}

function resolveFile(ctx: TargetContext, raw: string): NodeRow | undefined {
  const path = graphPath(ctx, raw);
  const file = fileNode(ctx.store, path);
  if (file) return file;
  const abs = resolve(ctx.cwd, raw);
  const onDisk = existsSync(abs) && statSync(abs).isFile();
  throw new IxError(
    "unresolved_target",
    onDisk ? `${path} is on disk but not in the graph` : `No file ${path} in the workspace`,
    { target: raw, path, reason: onDisk ? "file_not_in_graph" : "file_not_found", hint: onDisk ? "ix map ." : undefined },
    { rows: graphRows(ctx) },
  );
}

export function resolveTarget(ctx: TargetContext, raw: string, opts: TargetOptions = {}): NodeRow {
  const target = raw.trim();
  if (!target) throw invalidRequest("invalid_value", "The target is empty", { argument: "target" });

  if (/^[0-9a-f]{8}[0-9a-f-]*$/i.test(target)) {
    const byId = nodesWithIdPrefix(ctx.store, target);
    if (byId.length > 0) return pickOrAmbiguous(ctx, target, byId, opts);
  }

  const atLine = /^(.+):(\d+)$/.exec(target);
  if (atLine) {
    const file = resolveFile(ctx, atLine[1] as string) as NodeRow;
    const line = Number(atLine[2]);
    return innermostAt(ctx.store, file.path, line) ?? file;
  }

  if (looksLikePath(target) && !target.includes("::")) {
    const path = graphPath(ctx, target);
    const file = fileNode(ctx.store, path);
    if (file) return file;
    if (target.includes("/") || existsSync(join(ctx.cwd, target))) return resolveFile(ctx, target) as NodeRow;
  }

  const member = /^(.+?)(?:::|\.)([^.:]+)$/.exec(target);
  if (member) {
    const [, container, name] = member as unknown as [string, string, string];
    const qualified = nodesWithQname(ctx.store, `${container}.${name}`);
    const named = qualified.length ? [] : nodesNamedWithParent(ctx.store, name);
    let viaParent = qualified.length ? qualified : named.filter((n) => n.parentName === container).map((n) => n.node);
    // `Effect.gen`, `os.path.join`, `http.Get`: a module's top-level entity, as callers write it.
    if (viaParent.length === 0) {
      viaParent = named.filter((n) => n.parentKind === "file" && isModule(n.node.path, n.node.lang, container)).map((n) => n.node);
    }
    // One name declared several ways (`const gen` + `namespace gen`) is read as for a bare name.
    const found = prefer(target, narrow(viaParent, opts, ctx));
    if (found.length > 0) return pickOrAmbiguous(ctx, target, found, opts);
    throw unresolved(ctx, target);
  }

  for (const lookup of [nodesNamed, nodesNamedNoCase, nodesWithPrefix]) {
    const found = prefer(target, narrow(lookup(ctx.store, target), opts, ctx));
    if (found.length > 0) return pickOrAmbiguous(ctx, target, rank(found), opts);
  }
  throw unresolved(ctx, target, opts.kind || opts.path ? { kind: opts.kind, path: opts.path } : {});
}

/**
 * Whether the file at `path` is the module a caller names `container` (dots as in
 * `os.path`): the file without its extension, or for an index file, __init__.py or any Go
 * file, its directory.
 */
function isModule(path: string, lang: string | null, container: string): boolean {
  const wanted = container.split(".").join("/");
  const stem = path.replace(/\.[^./]+$/, "");
  const base = stem.slice(stem.lastIndexOf("/") + 1);
  const dir = stem.slice(0, Math.max(0, stem.lastIndexOf("/")));
  const keys = lang === "go" || base === "index" || base === "__init__" ? [stem, dir] : [stem];
  return keys.some((key) => key === wanted || key.endsWith(`/${wanted}`));
}

/** Stable order for candidate lists: production first, exported first, then by path and line. */
function rank(nodes: NodeRow[]): NodeRow[] {
  return [...nodes].sort(
    (a, b) =>
      Number(HIDDEN_ROLES.has(a.role)) - Number(HIDDEN_ROLES.has(b.role)) ||
      Number(b.exported) - Number(a.exported) ||
      byCodeUnit(a.path, b.path) ||
      a.startLine - b.startLine,
  );
}

// The one target resolver: every question about a target turns it into a node here.
// Forms: an id prefix (8+ hex), `path:line`, a file path, `Container::member`, `Class.member`
// or `module.member` (Effect.gen, os.path.join, http.Get, click.echo, z.object: dotted.ts), a
// symbol name. Ranking: exact > case-insensitive > prefix; test and fixture entities hide
// unless nothing else matches; a tie among several is an ambiguity, never a guess.
// A region of the architecture map (resolveRegion) is named by its id, label or a file it holds,
// under the same rules.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { invalidRequest, type Details } from "../model/errors";
import { langOfPath } from "../lang/registry";
import { MAP } from "../model/remedy";
import { TEST_ROLES } from "../model/roles";
import type { GraphNode, Region } from "../store";
import { byCodeUnit } from "../util/compare";
import { dottedMatches, moduleWordsOf, type DottedDepth } from "./dotted";
import { TargetError, type Suggestion } from "./errors";
import { splitLineSuffix } from "./line-suffix";
import { preferModuleLevel } from "./locals";
import { checkHealth } from "./health";
import { graphPath, type Session } from "./session";
import { nearestNames } from "./suggest";

export interface TargetOptions {
  kind?: string;
  path?: string;
  /** The Nth candidate of an ambiguous target (1-based). */
  pick?: number;
  includeTests?: boolean;
  testsOnly?: boolean;
}

const CONTAINER_KINDS = new Set(["class", "interface", "type", "module"]);
const CALLABLE_KINDS = new Set(["function", "method"]);

function looksLikePath(raw: string): boolean {
  return raw.includes("/") || /\.[A-Za-z]{1,5}$/.test(raw) && !/^[A-Z]/.test(raw);
}

async function pickOrAmbiguous(session: Session, raw: string, ranked: GraphNode[], opts: TargetOptions): Promise<GraphNode> {
  if (ranked.length === 1 && opts.pick === undefined) return ranked[0] as GraphNode;
  if (opts.pick !== undefined) {
    const chosen = ranked[opts.pick - 1];
    if (!chosen) throw invalidRequest("invalid_value", `pick ${opts.pick} is out of range: '${raw}' has ${ranked.length} candidate(s)`, { option: "pick" });
    return chosen;
  }
  throw new TargetError("ambiguous_target", `'${raw}' matches ${ranked.length} entities`, { target: raw, candidates: ranked.length }, {
    candidates: ranked,
    health: await checkHealth(session.graph),
  });
}

function narrow(nodes: GraphNode[], opts: TargetOptions, session: Session): GraphNode[] {
  let out = nodes;
  if (opts.kind) out = out.filter((n) => n.kind === opts.kind);
  if (opts.path) {
    const prefix = graphPath(session, opts.path);
    out = out.filter((n) => n.path === prefix || n.path.startsWith(prefix.endsWith("/") ? prefix : prefix + "/"));
  }
  if (opts.testsOnly) return out.filter((n) => TEST_ROLES.has(n.role));
  if (!opts.includeTests) {
    const visible = out.filter((n) => !TEST_ROLES.has(n.role));
    if (visible.length > 0) return visible;
  }
  return out;
}

/** Among equally good name matches: prefer containers for PascalCase names, callables otherwise. */
function prefer(raw: string, nodes: GraphNode[]): GraphNode[] {
  if (nodes.length < 2) return nodes;
  const name = raw.slice(raw.lastIndexOf(".") + 1).replace(/^.*::/, "");
  const wanted = /^[A-Z]/.test(name) ? CONTAINER_KINDS : CALLABLE_KINDS;
  const preferred = nodes.filter((n) => wanted.has(n.kind));
  return preferred.length > 0 ? preferred : nodes;
}

/** `Container::member`, `Class.member`, `module.member`: the container and the member's name. */
const MEMBER = /^(.+?)(?:::|\.)([^.:]+)$/;

/**
 * The nearest names, each as a target that names its entity alone (a suggestion that fails
 * again costs an agent a command): for a dotted target the same container with the nearer
 * member when that resolves, else the entity's own shortest handle.
 */
async function suggestions(session: Session, raw: string): Promise<Suggestion[]> {
  const member = MEMBER.exec(raw);
  const name = raw.replace(/^.*(::|\.)/, "");
  const found: Suggestion[] = [];
  const seen = new Set<string>();
  // Ten asked for, five kept: a name that only files carry (a module base name) is skipped.
  const nearest = nearestNames(await session.graph.distinctNames(), name, 10);
  for (const [i, near] of nearest.entries()) {
    // Only the closest spelling is looked for through imports: each walk costs a miss time.
    const suggestion = (member && (await within(session, member[1]!, near, i === 0 ? "imports" : "own"))) || (await nameOf(session, near));
    if (!suggestion || seen.has(suggestion.node.id)) continue;
    seen.add(suggestion.node.id);
    found.push(suggestion);
    if (found.length === 5) break;
  }
  return found;
}

/** `container.near`, when it names exactly one entity. */
async function within(session: Session, container: string, near: string, depth: DottedDepth): Promise<Suggestion | undefined> {
  const target = `${container}.${near}`;
  const nodes = await candidatesOf(session, target, {}, depth);
  return nodes.length === 1 ? { node: nodes[0]!, target } : undefined;
}

async function nameOf(session: Session, near: string): Promise<Suggestion | undefined> {
  const node = rank(await session.graph.nodesNamed(near))[0];
  return node && { node, target: await handleOf(session, node) };
}

/** The first of its name, its qualified name, or either under its module's name that names the node alone; else its id. */
async function handleOf(session: Session, node: GraphNode): Promise<string> {
  const inModule = (await moduleWordsOf(session, node.path, node.lang)).map((word) => `${word}.${node.qname}`);
  for (const form of new Set([node.name, node.qname, ...inModule])) {
    const nodes = await candidatesOf(session, form, {}, "own");
    if (nodes.length === 1 && nodes[0]!.id === node.id) return form;
  }
  return node.id.slice(0, 8);
}

async function unresolved(session: Session, raw: string, extra: Details = {}): Promise<TargetError> {
  const near = await suggestions(session, raw);
  return new TargetError(
    "unresolved_target",
    `No entity named '${raw}' found`,
    { target: raw, ...extra, suggestions: near.map((s) => s.target) },
    { suggestions: near, health: await checkHealth(session.graph) },
  );
}

/** A file of the graph by its path, or the miss that says what is at that path instead. */
export async function resolveFile(session: Session, raw: string): Promise<GraphNode> {
  const path = graphPath(session, raw);
  const file = await session.graph.fileNode(path);
  if (file) return file;
  throw await fileMiss(session, raw, path);
}

/**
 * Why a path names no file of the graph: a directory (ask for what is under it), a file of a
 * language the map reads but has not read yet (map it), a file no map takes in (no hint: mapping
 * again cannot help), or nothing there. A hint is given only when following it can succeed.
 */
export async function fileMiss(session: Session, raw: string, path: string): Promise<TargetError> {
  const type = session.files.typeOf(path);
  const health = await checkHealth(session.graph);
  const details = { target: raw, path };
  if (type === "directory") {
    const asked = raw.replace(/\/+$/, "") || ".";
    return new TargetError("unresolved_target", `${path} is a directory; a question names a file or a symbol in it`, { ...details, reason: "is_directory" }, { health }, { fix: { action: "list", path: asked } });
  }
  if (type === "file") {
    const mapped = langOfPath(path) !== undefined;
    return new TargetError(
      "unresolved_target",
      mapped ? `${path} is on disk but not in the graph` : `${path} is on disk, but it is not source the map reads (no entities come from it)`,
      { ...details, reason: mapped ? "file_not_in_graph" : "file_not_mapped" },
      { health },
      { fix: mapped ? MAP : undefined },
    );
  }
  return new TargetError("unresolved_target", `No file ${path} in the workspace`, { ...details, reason: "file_not_found" }, { health });
}

export async function resolveTarget(session: Session, raw: string, opts: TargetOptions = {}): Promise<GraphNode> {
  const { graph } = session;
  const target = raw.trim();
  if (!target) throw invalidRequest("invalid_value", "The target is empty", { argument: "target" });

  if (/^[0-9a-f]{8}[0-9a-f-]*$/i.test(target)) {
    const byId = await graph.nodesWithIdPrefix(target);
    if (byId.length > 0) return pickOrAmbiguous(session, target, byId, opts);
  }

  const atLine = splitLineSuffix(target, "line");
  if (atLine.span) {
    const file = await resolveFile(session, atLine.path);
    const declared = declaredOn(await graph.startingAt(file.path, atLine.span.start));
    if (declared.length > 0) return pickOrAmbiguous(session, target, rank(declared), opts);
    return (await graph.innermostAt(file.path, atLine.span.start)) ?? file;
  }

  if (looksLikePath(target) && !target.includes("::")) {
    const file = await graph.fileNode(graphPath(session, target));
    if (file) return file;
    if (target.includes("/") || existsSync(join(session.cwd, target))) return resolveFile(session, target);
  }

  const found = await candidatesOf(session, target, opts, "imports");
  if (found.length > 0) return pickOrAmbiguous(session, target, found, opts);
  const dotted = MEMBER.test(target);
  if (!dotted && (opts.kind || opts.path || opts.testsOnly)) {
    const outside = await filteredOut(session, target, opts);
    if (outside) throw outside;
  }
  throw await unresolved(session, target, !dotted && (opts.kind || opts.path) ? { kind: opts.kind, path: opts.path } : {});
}

/**
 * Of the entities declared on one line, those holding none of the others: `opts: { parse(): T }`
 * names parse, the most specific, as a line inside a body names its innermost entity; but a
 * function's line names the function, not the type of a parameter declared beside it
 * (`function f(opts: { cb(): void }) {`). Two declared side by side (`const a = () => 1,
 * b = () => 2`) stay two: a tie is never guessed.
 */
function declaredOn(nodes: GraphNode[]): GraphNode[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parentOf = (n: GraphNode) => (n.parentId === null ? undefined : byId.get(n.parentId));
  const inSignature = (n: GraphNode): boolean => {
    for (let at: GraphNode | undefined = n; at; at = parentOf(at)) {
      const parent = parentOf(at);
      if (at.kind === "type" && parent && CALLABLE_KINDS.has(parent.kind)) return true;
    }
    return false;
  };
  const pool = nodes.filter((n) => !inSignature(n));
  const holders = new Set<string>();
  for (const n of pool) for (let p = parentOf(n); p; p = parentOf(p)) holders.add(p.id);
  return pool.filter((n) => !holders.has(n.id));
}

/** The entities a symbol target names, best reading first, narrowed by the options; none is []. */
async function candidatesOf(session: Session, target: string, opts: TargetOptions, depth: DottedDepth): Promise<GraphNode[]> {
  const member = MEMBER.exec(target);
  if (member) {
    for await (const matches of dottedMatches(session, member[1]!, member[2]!, depth)) {
      // One name declared several ways (`const gen` + `namespace gen`) is read as for a bare name.
      const found = prefer(target, narrow(matches, opts, session));
      if (found.length > 0) return found;
    }
    return [];
  }
  const { graph } = session;
  for (const lookup of [graph.nodesNamed, graph.nodesNamedNoCase, graph.nodesWithPrefix]) {
    const found = prefer(target, await preferModuleLevel(graph, narrow(await lookup.call(graph, target), opts, session)));
    if (found.length > 0) return rank(found);
  }
  return [];
}

/**
 * A name that exists, but not where the filters look: the miss says so and shows where it is,
 * instead of suggesting the very name that was asked (following that would fail again).
 */
async function filteredOut(session: Session, target: string, opts: TargetOptions): Promise<TargetError | undefined> {
  const everywhere = rank(await session.graph.nodesNamed(target));
  if (everywhere.length === 0) return undefined;
  const where = [
    opts.kind ? `of kind ${opts.kind}` : undefined,
    opts.path ? `under ${opts.path}` : undefined,
    opts.testsOnly ? "among tests" : undefined,
  ].filter(Boolean);
  const count = everywhere.length === 1 ? "1 entity" : `${everywhere.length} entities`;
  return new TargetError(
    "unresolved_target",
    `'${target}' names ${count}, none ${where.join(" and ")}`,
    { target, kind: opts.kind, path: opts.path, reason: "filtered_out" },
    { suggestions: everywhere.slice(0, 5).map((node) => ({ node, target })), health: await checkHealth(session.graph) },
  );
}

/** Stable order for candidate lists: production first, exported first, then by path and line. */
export function rank(nodes: GraphNode[]): GraphNode[] {
  return [...nodes].sort(
    (a, b) =>
      Number(TEST_ROLES.has(a.role)) - Number(TEST_ROLES.has(b.role)) ||
      Number(b.exported) - Number(a.exported) ||
      byCodeUnit(a.path, b.path) ||
      a.startLine - b.startLine,
  );
}

export interface RegionTargetOptions {
  pick?: number;
}

const squash = (text: string): string => text.toLowerCase().replace(/\s+/g, "");

/**
 * A region named by its id (or a 4+ digit prefix of it), its label (case and spaces aside), a
 * word of its label, or a file it holds (its innermost region). Several equally good matches
 * are an ambiguity with numbered candidates; none, a miss with the nearest labels.
 */
export async function resolveRegion(session: Session, raw: string, regions: readonly Region[], opts: RegionTargetOptions = {}): Promise<Region> {
  const target = raw.trim();
  if (!target) throw invalidRequest("invalid_value", "The target is empty", { argument: "target" });
  const lower = target.toLowerCase();
  const tiers: (() => Promise<Region[]> | Region[])[] = [
    () => regions.filter((r) => r.id === lower),
    () => (/^[0-9a-f]{4,}$/.test(lower) ? regions.filter((r) => r.id.startsWith(lower)) : []),
    () => regions.filter((r) => squash(r.label) === squash(target)),
    async () => {
      if (!looksLikePath(target)) return [];
      const file = await session.graph.fileNode(graphPath(session, target));
      if (!file) {
        if (target.includes("/") || existsSync(join(session.cwd, target))) throw await fileMiss(session, target, graphPath(session, target));
        return [];
      }
      const held = await session.graph.regionOfFile(file.path);
      return regions.filter((r) => r.id === held?.region);
    },
    () => regions.filter((r) => r.label.split("/").some((part) => squash(part) === squash(target))),
  ];
  for (const tier of tiers) {
    const found = await tier();
    if (found.length === 0) continue;
    if (found.length === 1 && opts.pick === undefined) return found[0]!;
    if (opts.pick !== undefined) {
      const chosen = found[opts.pick - 1];
      if (!chosen) throw invalidRequest("invalid_value", `pick ${opts.pick} is out of range: '${raw}' has ${found.length} candidate(s)`, { option: "pick" });
      return chosen;
    }
    throw new TargetError("ambiguous_target", `'${target}' matches ${found.length} regions`, { target, candidates: found.length }, { regionCandidates: found, health: await checkHealth(session.graph) });
  }
  const near = nearestNames(new Set(regions.map((r) => r.label)), target, 5);
  const byLabel = new Map(regions.map((r) => [r.label, r]));
  throw new TargetError(
    "unresolved_target",
    regions.length === 0 ? `No region named '${target}': the graph has no architecture map yet` : `No region or file named '${target}' found`,
    { target, suggestions: near },
    { regionSuggestions: near.map((label) => byLabel.get(label)!), health: await checkHealth(session.graph) },
    { fix: regions.length === 0 ? MAP : undefined },
  );
}

// What a dotted target names, as callers write it. The readings, in order, the first that names
// something winning:
//  1. the entity's own qualified name (`Class.method`), or its parent's name;
//  2. a module and, inside its file, a qualified name (`utils.echo`, `os.path.join`,
//     `click.core.Command.invoke`, `toml.Decoder.Decode`): the module named by its file's path
//     or by the name the file's code declares (a Go package clause, whatever its directory);
//  3. a member a module has from another one, through the imports the graph holds: a re-export
//     (`click.echo`, where click/__init__.py imports echo from .utils) or a namespace alias the
//     repository binds (`z.object`, where `import * as z from "./external"` names a module that
//     re-exports `object` from the file defining it).
import { declaredModuleName, declaresModuleName, importsAreMembers, moduleNamesOf } from "../lang/registry";
import type { FileFacts, ImportFact } from "../model/facts";
import type { GraphEdge, GraphNode } from "../store";
import { dirname, isWithin } from "../util/paths";
import type { Session } from "./session";

/** "own": readings 1 and 2, what the entities and their files say; "imports": 3 as well. */
export type DottedDepth = "own" | "imports";

/**
 * Bounds of the walk through imports, for one question: a target is resolved on every query, and
 * a miss walks the furthest. Real chains are short: on django `models.CharField` is found two
 * hops from its file after listing 5 modules' importers and reading 6 importers' facts.
 */
const WALK_HOPS = 4;
const WALK_MODULES = 16;
const WALK_FACTS = 16;
const IMPORTERS_PER_MODULE = 256;

interface Named {
  node: GraphNode;
  parentName: string | null;
  parentKind: string | null;
}

/** `a.b.c.m` as the module `a.b` and the qualified name `c.m` inside its file. */
interface Reading {
  module: string;
  qname: string;
}

/**
 * The entities `container.name` names, one reading at a time (each list may be empty; the
 * caller narrows it and stops at the first that keeps something).
 */
export async function* dottedMatches(session: Session, container: string, name: string, depth: DottedDepth): AsyncGenerator<GraphNode[]> {
  const named = await session.graph.nodesNamedWithParent(name);
  if (named.length === 0) return;
  const qualified = `${container}.${name}`;
  // No index holds qnames: filtering the name's rows spares a scan of every node.
  yield named.filter((n) => n.node.qname === qualified).map((n) => n.node);
  yield named.filter((n) => n.parentName === container).map((n) => n.node);
  const memo = memoOf(session);
  const options = readingsOf(container, name);
  const inModule: GraphNode[] = [];
  for (const reading of options) {
    for (const n of named) if (holds(n, reading) && (await memo.knownAs(n.node.path, n.node.lang, reading.module))) inModule.push(n.node);
  }
  yield distinct(inModule);
  if (depth === "imports") yield await throughImports(memo, named, options);
}

function readingsOf(container: string, name: string): Reading[] {
  const parts = container.split(".");
  const out: Reading[] = [];
  for (let cut = parts.length; cut >= 1; cut--) out.push({ module: parts.slice(0, cut).join("."), qname: [...parts.slice(cut), name].join(".") });
  return out;
}

/** Whether the entity is `reading.qname` of its file: a bare name only at the file's top level. */
function holds(n: Named, reading: Reading): boolean {
  return n.node.qname === reading.qname && (reading.qname.includes(".") || n.parentKind === "file");
}

/** Whether the file at `path` is the module a caller names `module` (dots as in `os.path`). */
export function isModule(path: string, lang: string | null, module: string): boolean {
  const wanted = module.split(".").join("/");
  return moduleNamesOf(path, lang).some((key) => key === wanted || key.endsWith(`/${wanted}`));
}

/**
 * The module names a caller may write for the file at `path`, nearest first: the name its code
 * declares, then its module's path cut to its last one, two and three words (`fields`,
 * `models.fields` for django/db/models/fields/__init__.py: a file standing for its directory
 * is named by the directory).
 */
export async function moduleWordsOf(session: Session, path: string, lang: string | null): Promise<string[]> {
  const keys = moduleNamesOf(path, lang);
  const words = keys[keys.length - 1]!.split("/").filter(Boolean);
  const cuts = [1, 2, 3].filter((n) => n <= words.length).map((n) => words.slice(-n).join("."));
  const declared = declaresModuleName(lang) ? await memoOf(session).declaredName(path) : undefined;
  return [...new Set(declared ? [declared, ...cuts] : cuts)];
}

/** One exposure of an entity: the module file at `path` provides it under `name` (its reading's head). */
interface Exposure {
  path: string;
  fileId: string | undefined;
  lang: string | null;
  name: string;
  target: GraphNode;
  module: string;
  hops: number;
  /** How near the module's own name is to the asked one (affinityOf), kept along the chain. */
  affinity: number;
}

/**
 * Backwards from each entity the reading's qualified name holds, through the IMPORTS edges into
 * its file: an importer that re-exports it is one more module providing it; a namespace binding
 * of a providing module (`import * as z`, `export * as z`, a Go or Python import alias) under the
 * reading's module name, or an import by that specifier, is a match. Breadth first, one
 * importer of each module in turn, so neither a long chain nor a module with hundreds of
 * importers spends the bounds alone.
 */
async function throughImports(memo: Memo, named: Named[], readings: Reading[]): Promise<GraphNode[]> {
  let level: Exposure[] = [];
  for (const reading of readings) {
    const head = reading.qname.split(".")[0]!;
    for (const n of named) {
      if (!holds(n, reading)) continue;
      // Only what a module exports can be reached from another one.
      if (!reading.qname.includes(".") && !n.node.exported) continue;
      const fileId = n.parentKind === "file" ? (n.node.parentId ?? undefined) : undefined;
      const affinity = affinityOf(moduleNamesOf(n.node.path, n.node.lang), reading.module);
      level.push({ path: n.node.path, fileId, lang: n.node.lang, name: head, target: n.node, module: reading.module, hops: 0, affinity });
    }
  }
  const matched = new Map<string, GraphNode>();
  const seen = new Set<string>();
  while (level.length > 0) {
    // An alias is most often its module's name cut short or prefixed (`Arr`, `O`, `tx` for
    // tomlx, `internalEffect`): the nearest modules are walked first, so the bounds cut the others.
    level.sort((a, b) => b.affinity - a.affinity);
    const lists: { exposure: Exposure; edges: GraphEdge[] }[] = [];
    for (const exposure of level) {
      const key = `${exposure.path}\0${exposure.name}\0${exposure.module}\0${exposure.target.id}`;
      if (matched.has(exposure.target.id) || seen.has(key)) continue;
      seen.add(key);
      if (exposure.hops > 0 && (await memo.knownAs(exposure.path, exposure.lang, exposure.module))) {
        matched.set(exposure.target.id, exposure.target);
        continue;
      }
      if (exposure.hops >= WALK_HOPS) continue;
      const importers = await memo.importers(exposure);
      if (importers === "spent") break;
      lists.push({ exposure, edges: importers.filter((edge) => edge.names.includes(exposure.name) || edge.names.includes("*")) });
    }
    const next: Exposure[] = [];
    // Modules equally near take turns, one importer each.
    for (let from = 0; from < lists.length; ) {
      let to = from;
      while (to < lists.length && lists[to]!.exposure.affinity === lists[from]!.exposure.affinity) to++;
      const group = lists.slice(from, to);
      for (let i = 0; group.some((list) => i < list.edges.length); i++) {
        for (const { exposure, edges } of group) {
          const edge = edges[i];
          if (!edge || matched.has(exposure.target.id)) continue;
          const facts = await memo.facts(edge.node.path);
          if (facts === "spent") return [...matched.values()];
          if (facts) next.push(...follow(facts, edge, exposure, matched));
        }
      }
      from = to;
    }
    level = next;
  }
  return [...matched.values()];
}

/** What one importer does with an exposure: names its module as asked (a match), or provides it further. */
function follow(facts: FileFacts, edge: GraphEdge, exposure: Exposure, matched: Map<string, GraphNode>): Exposure[] {
  const further: Exposure[] = [];
  for (const imp of facts.imports) {
    if (!edge.lines.includes(imp.line)) continue;
    if (namesModule(facts, imp, exposure.name, exposure.module)) matched.set(exposure.target.id, exposure.target);
    for (const name of exposedNames(facts, imp, exposure.name)) {
      further.push({ ...exposure, path: edge.node.path, fileId: edge.node.id, lang: edge.node.lang, name, hops: exposure.hops + 1 });
    }
  }
  return further;
}

/**
 * Whether the import, bringing `name` in, calls its module `module`: by its specifier (`from
 * "zod"`, `from django.db import models`: a package is known by the name its importers write),
 * or by binding the whole module under that name, itself or as the file exports the binding
 * (`import * as z` … `export { z }`).
 */
function namesModule(facts: FileFacts, imp: ImportFact, name: string, module: string): boolean {
  if (!imp.names.some((bound) => bound.imported === name || bound.imported === "*")) return false;
  if (imp.source === module || imp.source.replaceAll("/", ".") === module) return true;
  return imp.names.some(
    (bound) => bound.imported === "*" && bound.local !== "" && (bound.local === module || facts.exports.some((e) => e.local === bound.local && e.exported === module)),
  );
}

/**
 * The names under which the importing file provides what the import brings in as `name`: the
 * import's own when it re-exports (or its language makes every import a member), and every name
 * the file exports that binding as.
 */
function exposedNames(facts: FileFacts, imp: ImportFact, name: string): string[] {
  const out = new Set<string>();
  for (const bound of imp.names) {
    const star = bound.imported === "*" && bound.local === "";
    if (!star && bound.imported !== name) continue;
    const local = star ? name : bound.local;
    if (imp.kind === "reexport" || importsAreMembers(facts.lang)) out.add(local);
    for (const e of facts.exports) if (e.local === local) out.add(e.exported);
  }
  return [...out];
}

/**
 * How near the last word of `module` is to a module's own name (the last word of one of
 * `keys`), case aside: the name's length when the word ends with it (`internalEffect`), else the
 * start they share (`Arr`, `O`).
 */
function affinityOf(keys: string[], module: string): number {
  const wanted = module.slice(module.lastIndexOf(".") + 1).toLowerCase();
  let best = 0;
  for (const key of keys) {
    const word = key.slice(key.lastIndexOf("/") + 1).toLowerCase();
    let n = 0;
    while (n < word.length && n < wanted.length && word[n] === wanted[n]) n++;
    best = Math.max(best, word.length > 0 && wanted.endsWith(word) ? word.length : n);
  }
  return best;
}

function distinct(nodes: GraphNode[]): GraphNode[] {
  const seen = new Set<string>();
  return nodes.filter((n) => !seen.has(n.id) && seen.add(n.id));
}

/**
 * What one session has read for dotted targets, and what its walks may still read: its graph is
 * one revision, so nothing goes stale, and the bounds hold for all of a question's targets
 * together (a miss's suggestions walk too).
 */
class Memo {
  private readonly factsByPath = new Map<string, FileFacts | undefined>();
  private readonly fileIds = new Map<string, string | undefined>();
  private factsLeft = WALK_FACTS;
  private modulesLeft = WALK_MODULES;

  constructor(readonly session: Session) {}

  async knownAs(path: string, lang: string | null, module: string): Promise<boolean> {
    if (isModule(path, lang, module)) return true;
    return !module.includes(".") && declaresModuleName(lang) && (await this.declaredName(path)) === module;
  }

  async declaredName(path: string): Promise<string | undefined> {
    const facts = await this.readFacts(path);
    return facts && declaredModuleName(facts);
  }

  /** The IMPORTS edges into a providing module's file, within the walk's bound. */
  async importers(exposure: Exposure): Promise<GraphEdge[] | "spent"> {
    if (this.modulesLeft === 0) return "spent";
    this.modulesLeft--;
    const id = exposure.fileId ?? (await this.fileId(exposure.path));
    if (id === undefined) return [];
    // Re-exporting barrels first: they sit above the module and are short (a short file's facts
    // are cheap to read too); a file binding an alias can be anywhere.
    const edges = await this.session.graph.edgesInto(id, ["IMPORTS"], IMPORTERS_PER_MODULE);
    const dir = dirname(exposure.path);
    const above = (path: string) => Number(!isWithin(dir, dirname(path)));
    return edges.sort((a, b) => above(a.node.path) - above(b.node.path) || a.node.endLine - b.node.endLine);
  }

  /** An importer's facts, within the walk's bound. */
  async facts(path: string): Promise<FileFacts | undefined | "spent"> {
    if (!this.factsByPath.has(path)) {
      if (this.factsLeft === 0) return "spent";
      this.factsLeft--;
    }
    return this.readFacts(path);
  }

  private async fileId(path: string): Promise<string | undefined> {
    if (!this.fileIds.has(path)) this.fileIds.set(path, (await this.session.graph.fileNode(path))?.id);
    return this.fileIds.get(path);
  }

  private async readFacts(path: string): Promise<FileFacts | undefined> {
    if (!this.factsByPath.has(path)) this.factsByPath.set(path, await this.session.graph.facts(path));
    return this.factsByPath.get(path);
  }
}

const memos = new WeakMap<Session, Memo>();

function memoOf(session: Session): Memo {
  let memo = memos.get(session);
  if (!memo) memos.set(session, (memo = new Memo(session)));
  return memo;
}

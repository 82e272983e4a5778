// Claims the code contradicts: what a doc comment says about its entity (answers/claims) checked
// against what the graph and the entity's facts say it is. Each rule is a pure check over one
// documented entity (its doc, its parameters as the signature names them, whether its body
// gives back a value), plus two graph questions: who calls a deprecated entity, and which names
// the graph holds. Conflicts come in a fixed order: by path, line, rule, then the claim.
import { familyOf, langOfPath } from "../lang/registry";
import { docClaimsOf, type CheckedEntity, type DocFact } from "../model/facts";
import { TEST_ROLES } from "../model/roles";
import type { GraphNode, GraphReader } from "../store";
import type { Session } from "./session";
import { entitiesByPath } from "./claims";

export type ConflictRule = "param_mismatch" | "returns_nothing" | "deprecated_in_use" | "stale_mention";

/** Each rule with what it flags, for help and docs. */
export const CONFLICT_RULES: readonly { name: ConflictRule; summary: string }[] = [
  { name: "param_mismatch", summary: "the doc comment documents a parameter the signature does not have" },
  { name: "returns_nothing", summary: "the doc comment describes a result, but the function's body gives back no value" },
  { name: "deprecated_in_use", summary: "a deprecated entity that production code (not tests) still calls or hands over" },
  { name: "stale_mention", summary: "the doc comment links to a name no entity or module in the graph carries" },
];

export const CONFLICT_KINDS: readonly string[] = CONFLICT_RULES.map((rule) => rule.name);

/** A deprecated entity's production users named on its conflict, at most. */
export const USERS_NAMED = 3;

export interface Conflict {
  rule: ConflictRule;
  node: GraphNode;
  /** Where the doc comment is written. */
  line: number;
  /** What the comment says, in its own terms: `@param timeout`, `@deprecated use parse`, `{@link Loader}`. */
  claim: string;
  /** What the code does instead: the signature's parameters, its callers, the graph's names. */
  code: string;
  recommendation: string;
  /** deprecated_in_use: the production callers and hand-overs, counted; the first few named. */
  uses?: number;
  users?: GraphNode[];
}

/** One documented entity with what the rules read of it; its node is looked up only when a rule needs it. */
interface Documented {
  path: string;
  entity: CheckedEntity;
  doc: DocFact;
  /** Names the entity's file binds by import: a mention of one is no stale mention. */
  imported: ReadonlySet<string>;
  node?: GraphNode;
}

/** A conflict found on an entity before its node is looked up. */
type Found = Omit<Conflict, "node"> & { item: Documented };

/**
 * Every conflict about `nodes` (each node's own doc comment), or about every documented entity
 * of the graph when none are given.
 */
export async function conflictsAmong(session: Pick<Session, "graph">, nodes?: readonly GraphNode[]): Promise<Conflict[]> {
  return conflictsOf(session.graph, nodes ? await documentedOf(session.graph, nodes) : await allDocumented(session.graph, ""));
}

export interface ConflictsAnswer {
  rev: number;
  /** Conflicts that match, shown or not. */
  total: number;
  /** How many of them each rule found. */
  byRule: Record<string, number>;
  conflicts: Conflict[];
}

/** The conflicts of the graph's revision, under `path` ("" or absent: everywhere), of one rule, at most `limit`. */
export async function conflictsAnswer(session: Pick<Session, "graph">, request: { kind?: string; path?: string; limit: number }): Promise<ConflictsAnswer> {
  const { graph } = session;
  const all = await conflictsOf(graph, await allDocumented(graph, request.path ?? ""));
  const matching = request.kind === undefined ? all : all.filter((c) => c.rule === request.kind);
  const byRule: Record<string, number> = {};
  for (const rule of CONFLICT_KINDS) byRule[rule] = 0;
  for (const conflict of all) byRule[conflict.rule]!++;
  return { rev: await graph.rev(), total: matching.length, byRule, conflicts: matching.slice(0, request.limit) };
}

async function conflictsOf(graph: GraphReader, documented: readonly Documented[]): Promise<Conflict[]> {
  const found: Found[] = [];
  for (const item of documented) {
    const param = paramMismatch(item);
    if (param) found.push(param);
    const returns = returnsNothing(item);
    if (returns) found.push(returns);
  }
  found.push(...(await staleMentions(graph, documented)));
  for (const item of documented) {
    if (item.doc.deprecated === undefined) continue;
    const use = await deprecatedInUse(graph, item);
    if (use) found.push(use);
  }
  const conflicts: Conflict[] = [];
  for (const { item, ...conflict } of found) {
    const node = await nodeOf(graph, item);
    if (node) conflicts.push({ ...conflict, node });
  }
  return conflicts.sort(byPlace);
}

const RULE_ORDER = new Map(CONFLICT_KINDS.map((name, i) => [name, i]));

function byPlace(a: Conflict, b: Conflict): number {
  if (a.node.path !== b.node.path) return a.node.path < b.node.path ? -1 : 1;
  if (a.line !== b.line) return a.line - b.line;
  if (a.node.startLine !== b.node.startLine) return a.node.startLine - b.node.startLine;
  const rule = RULE_ORDER.get(a.rule)! - RULE_ORDER.get(b.rule)!;
  if (rule !== 0) return rule;
  return a.claim < b.claim ? -1 : a.claim > b.claim ? 1 : 0;
}

// ── the documented entities ─────────────────────────────────────────────────

/** The node an entity fact was made from: same first line, qualified name and kind. */
async function nodeOf(graph: GraphReader, item: Documented): Promise<GraphNode | undefined> {
  if (item.node) return item.node;
  const { entity } = item;
  item.node = (await graph.startingAt(item.path, entity.startLine)).find((n) => n.qname === entity.qname && n.kind === entity.kind);
  return item.node;
}

async function documentedOf(graph: GraphReader, nodes: readonly GraphNode[]): Promise<Documented[]> {
  const out: Documented[] = [];
  for (const [path, list] of entitiesByPath(nodes)) {
    const facts = await graph.facts(path);
    const claims = facts && docClaimsOf(facts);
    if (!claims) continue;
    const imported = new Set(claims.imports);
    for (const node of list) {
      const entity = claims.entities.find((e) => e.qname === node.qname && e.kind === node.kind && e.startLine === node.startLine);
      if (entity) out.push({ path, entity, doc: entity.doc, imported, node });
    }
  }
  return out;
}

/** Every documented entity with a checkable claim in the files under `path` (a file or a directory; "" is every file). */
async function allDocumented(graph: GraphReader, path: string): Promise<Documented[]> {
  const out: Documented[] = [];
  for (const file of await graph.docClaims(path)) {
    const imported = new Set(file.imports);
    for (const entity of file.entities) out.push({ path: file.path, entity, doc: entity.doc, imported });
  }
  return out;
}

// ── param_mismatch ──────────────────────────────────────────────────────────

const CALLABLE = new Set(["function", "method"]);

/** A parameter's bare name: `*args`, `**kwargs`, `...rest` and `[opt=1]` read as args, kwargs, rest, opt. */
function bareParam(name: string): string {
  return name.replace(/^(\*\*|\*|\.\.\.)/, "");
}

function paramMismatch(item: Documented): Found | undefined {
  const { entity, doc } = item;
  if (!CALLABLE.has(entity.kind) || !doc.params?.length || !entity.paramNames) return undefined;
  const declared = entity.paramNames;
  // A destructured parameter or a `**kwargs` takes names the signature does not spell out.
  if (declared.some((p) => p === "{}" || p.startsWith("**"))) return undefined;
  const names = new Set(declared.map(bareParam));
  const missing = doc.params.filter((p) => !p.includes(".") && !names.has(bareParam(p)));
  if (missing.length === 0) return undefined;
  const documented = new Set(doc.params.map(bareParam));
  const undocumented = declared.filter((p) => !documented.has(bareParam(p)));
  const signature = declared.length === 0 ? "takes no parameters" : `takes (${declared.join(", ")})`;
  const recommendation =
    missing.length === 1 && undocumented.length === 1
      ? `rename the documented parameter ${missing[0]} to ${bareParam(undocumented[0]!)}`
      : `remove the doc for ${missing.join(", ")}, or add ${missing.length === 1 ? "that parameter" : "those parameters"} to the signature`;
  return { rule: "param_mismatch", item, line: doc.startLine, claim: `documents parameter${missing.length === 1 ? "" : "s"} ${missing.join(", ")}`, code: signature, recommendation };
}

// ── returns_nothing ─────────────────────────────────────────────────────────

/**
 * A returns text that says there is nothing to return, or that describes the promise an async
 * function gives back whatever its body returns (rxjs `forEach(): Promise<void>`).
 */
const SAYS_NOTHING = /^(none|nothing|void|undefined|no value|`?none`?\b)|\bpromise\b/i;

function returnsNothing(item: Documented): Found | undefined {
  const { entity, doc } = item;
  if (!CALLABLE.has(entity.kind) || doc.returns === undefined || entity.returnsValue !== false) return undefined;
  if (SAYS_NOTHING.test(doc.returns.trim())) return undefined;
  const claim = doc.returns ? `returns ${clip(doc.returns)}` : "documents a result";
  return {
    rule: "returns_nothing",
    item,
    line: doc.startLine,
    claim,
    code: "no return statement gives back a value",
    recommendation: "remove the returns doc, or return the value it describes",
  };
}

function clip(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

// ── deprecated_in_use ───────────────────────────────────────────────────────

async function deprecatedInUse(graph: GraphReader, item: Documented): Promise<Found | undefined> {
  const { doc } = item;
  const node = await nodeOf(graph, item);
  if (!node) return undefined;
  // Most deprecated entities have no production use at all: the per-file counts tell, without reading each use.
  const files = await graph.usesByFile(node.id);
  if (!files.some((f) => !TEST_ROLES.has(f.role))) return undefined;
  const edges = await graph.usesInto(node.id, -1);
  const candidates = edges.filter((e) => !TEST_ROLES.has(e.node.role) && !inside(e.node, node));
  if (candidates.length === 0) return undefined;
  // Deprecated code calling deprecated code is one retirement, not a conflict.
  const retiring = await deprecatedAmong(graph, candidates.map((e) => e.node));
  const users: GraphNode[] = [];
  const seen = new Set<string>();
  let uses = 0;
  for (const edge of candidates) {
    if (retiring.has(edge.node.id)) continue;
    uses += Math.max(1, edge.lines.length);
    if (!seen.has(edge.node.id)) {
      seen.add(edge.node.id);
      users.push(edge.node);
    }
  }
  if (users.length === 0) return undefined;
  const reason = doc.deprecated ? `: ${clip(doc.deprecated)}` : "";
  const named = users.slice(0, USERS_NAMED).map((u) => `${u.qname} (${u.path}:${u.startLine})`).join(", ");
  const more = users.length > USERS_NAMED ? ` and ${users.length - USERS_NAMED} more` : "";
  return {
    rule: "deprecated_in_use",
    item,
    line: doc.startLine,
    claim: `deprecated${reason}`,
    code: `${uses} production use${uses === 1 ? "" : "s"} by ${users.length} caller${users.length === 1 ? "" : "s"}: ${named}${more}`,
    recommendation: doc.deprecated ? "move its callers to what the deprecation names, then remove it" : "move its callers off it, or drop the deprecation",
    uses,
    users,
  };
}

/** The ids of those of `nodes` whose doc deprecates them, reading each file's doc claims once. */
async function deprecatedAmong(graph: GraphReader, nodes: readonly GraphNode[]): Promise<Set<string>> {
  const ids = new Set<string>();
  const byPath = new Map<string, CheckedEntity[]>();
  for (const node of nodes) {
    let entities = byPath.get(node.path);
    if (!entities) byPath.set(node.path, (entities = (await graph.docClaims(node.path)).find((f) => f.path === node.path)?.entities ?? []));
    const retiring = entities.some((e) => e.doc.deprecated !== undefined && e.qname === node.qname && e.kind === node.kind && e.startLine === node.startLine);
    if (retiring) ids.add(node.id);
  }
  return ids;
}

/** A use from within the entity itself (recursion, a member calling a sibling) is no outside use. */
function inside(user: GraphNode, node: GraphNode): boolean {
  return user.path === node.path && user.startLine >= node.startLine && user.endLine <= node.endLine;
}

// ── stale_mention ───────────────────────────────────────────────────────────

/**
 * A mention's parts: `~pkg.mod.Cls` → [pkg, mod, Cls], `Foo#bar()` → [Foo, bar], `*pkg.T` →
 * [pkg, T]; undefined for what is no name (a URL, `module:x`, a path).
 */
export function mentionParts(mention: string): string[] | undefined {
  const name = mention.trim().replace(/^[~!*.]+/, "").replace(/\(\)$/, "");
  if (name === "" || /[/:\s<>@]/.test(name.replace(/::/g, "."))) return undefined;
  const parts = name.split(/::|[.#]/).filter((p) => p !== "");
  return parts.length > 0 && parts.every((p) => /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(p)) ? parts : undefined;
}

/**
 * The mentions that name nothing in the graph. A mention's last part may be an entity's name
 * or a module's (a file's stem, a directory, a package); names the graph lacks are then read
 * as another library's or the runtime's wherever the code gives a sign of it: a qualifier the
 * graph does not hold, an import, a parameter, a builtin.
 */
async function staleMentions(graph: GraphReader, documented: readonly Documented[]): Promise<Found[]> {
  const parsed = new Map<string, string[] | undefined>();
  const parts = (mention: string) => {
    if (!parsed.has(mention)) parsed.set(mention, mentionParts(mention));
    return parsed.get(mention);
  };
  const wanted = new Set<string>();
  for (const item of documented) for (const mention of item.doc.mentions ?? []) for (const part of parts(mention) ?? []) wanted.add(part);
  if (wanted.size === 0) return [];
  const entities = await graph.namesAmong([...wanted]);
  const missing = [...wanted].filter((name) => !entities.has(name));
  const modules = missing.length > 0 ? await moduleNamesAmong(graph, new Set(missing)) : new Set<string>();
  const known = (name: string) => entities.has(name) || modules.has(name);
  const found: Found[] = [];
  for (const item of documented) {
    const { doc, entity, imported } = item;
    const builtin = familyOf(langOfEntity(item))?.isBuiltinName;
    const params = new Set((entity.paramNames ?? []).map(bareParam));
    const seen = new Set<string>(doc.declared);
    for (const mention of doc.mentions ?? []) {
      if (seen.has(mention)) continue;
      seen.add(mention);
      const names = parts(mention);
      if (!names) continue;
      const last = names[names.length - 1]!;
      const first = names[0]!;
      if (known(last) || imported.has(first) || builtin?.(first)) continue;
      // A bare name: a parameter of its own. A dotted one is checked only under a module
      // (`utils.gone`): a qualifier the graph does not hold is another library's (`os.path.join`,
      // `z.ZodType`), and under an entity the last part may be a property, which no entity is
      // (`CheckOptions.replay`).
      const qualifiers = names.slice(0, -1);
      if (names.length === 1 ? params.has(first) : !qualifiers.some((q) => modules.has(q)) || qualifiers.some((q) => entities.has(q))) continue;
      found.push({
        rule: "stale_mention",
        item,
        line: doc.startLine,
        claim: `mentions ${mention}`,
        code: names.length === 1 ? `no entity or module is named ${last}` : `${names.slice(0, -1).join(".")} holds no ${last}`,
        recommendation: `point the mention at the name that replaced ${last}, or remove it`,
      });
    }
  }
  return found;
}

/** Of `names`, those naming a module: a file's stem or a directory of some path. */
async function moduleNamesAmong(graph: GraphReader, names: ReadonlySet<string>): Promise<Set<string>> {
  const found = new Set<string>();
  for (const path of await graph.filePaths()) {
    const segments = path.split("/");
    const base = segments.pop()!;
    const dot = base.indexOf(".");
    for (const name of [dot > 0 ? base.slice(0, dot) : base, ...segments]) if (names.has(name)) found.add(name);
  }
  return found;
}

/** The language of an entity's file, by its path. */
function langOfEntity(item: Documented): string | undefined {
  return item.node?.lang ?? langOfPath(item.path);
}

// Claims the code contradicts: what a doc comment says about its entity (answers/claims) checked
// against what the graph and the entity's facts say it is. Each rule is a pure check over one
// documented entity (its doc, its parameters as the signature names them, whether its body
// gives back a value), plus two graph questions: who calls a deprecated entity, and which names
// the graph holds. Conflicts come in a fixed order: by path, line, rule, then the claim.
import { familyOf } from "../lang/registry";
import type { DocFact, EntityFact, FileFacts } from "../model/facts";
import { TEST_ROLES } from "../model/roles";
import type { GraphNode, GraphReader } from "../store";
import { entityFactOf } from "./claims";
import type { Session } from "./session";

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

/** One documented entity with what the rules read of it. */
interface Documented {
  node: GraphNode;
  entity: EntityFact;
  doc: DocFact;
  /** Names the entity's file binds by import: a mention of one is no stale mention. */
  imported: ReadonlySet<string>;
}

/**
 * Every conflict about `nodes` (each node's own doc comment), or about every documented entity
 * of the graph when none are given.
 */
export async function conflictsAmong(session: Pick<Session, "graph">, nodes?: readonly GraphNode[]): Promise<Conflict[]> {
  const { graph } = session;
  const documented = nodes ? await documentedOf(graph, nodes) : await allDocumented(graph);
  const conflicts: Conflict[] = [];
  let names: GraphNames | undefined;
  for (const item of documented) {
    const param = paramMismatch(item);
    if (param) conflicts.push(param);
    const returns = returnsNothing(item);
    if (returns) conflicts.push(returns);
    if (item.doc.deprecated !== undefined) {
      const use = await deprecatedInUse(graph, item);
      if (use) conflicts.push(use);
    }
    if (item.doc.mentions?.length) {
      names ??= await graphNames(graph);
      conflicts.push(...staleMentions(item, names));
    }
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

function importedNames(facts: FileFacts): Set<string> {
  const names = new Set<string>();
  for (const imp of facts.imports) for (const name of imp.names) if (name.local) names.add(name.local);
  return names;
}

async function documentedOf(graph: GraphReader, nodes: readonly GraphNode[]): Promise<Documented[]> {
  const byPath = new Map<string, GraphNode[]>();
  for (const node of nodes) {
    if (node.kind === "file") continue;
    const list = byPath.get(node.path);
    if (list) list.push(node);
    else byPath.set(node.path, [node]);
  }
  const out: Documented[] = [];
  for (const [path, list] of byPath) {
    const facts = await graph.facts(path);
    if (!facts) continue;
    let imported: Set<string> | undefined;
    for (const node of list) {
      const entity = entityFactOf(facts, node);
      if (!entity?.doc) continue;
      imported ??= importedNames(facts);
      out.push({ node, entity, doc: entity.doc, imported });
    }
  }
  return out;
}

async function allDocumented(graph: GraphReader): Promise<Documented[]> {
  const out: Documented[] = [];
  const rows = await graph.fileRows();
  for (const row of rows.values()) {
    if (row.lang === null) continue;
    const facts = await graph.facts(row.path);
    if (!facts || !facts.entities.some((e) => e.doc)) continue;
    const imported = importedNames(facts);
    const wanted = facts.entities.filter((e) => e.doc);
    const nodes = await nodesOfEntities(graph, row.path, wanted);
    for (const entity of wanted) {
      const node = nodes.get(entity);
      if (node) out.push({ node, entity, doc: entity.doc!, imported });
    }
  }
  return out;
}

/** The node each entity fact was made from, by its first line and qualified name. */
async function nodesOfEntities(graph: GraphReader, path: string, entities: readonly EntityFact[]): Promise<Map<EntityFact, GraphNode>> {
  const found = new Map<EntityFact, GraphNode>();
  for (const entity of entities) {
    const node = (await graph.startingAt(path, entity.startLine)).find((n) => n.qname === entity.qname && n.kind === entity.kind);
    if (node) found.set(entity, node);
  }
  return found;
}

// ── param_mismatch ──────────────────────────────────────────────────────────

const CALLABLE = new Set(["function", "method"]);

/** A parameter's bare name: `*args`, `**kwargs`, `...rest` and `[opt=1]` read as args, kwargs, rest, opt. */
function bareParam(name: string): string {
  return name.replace(/^(\*\*|\*|\.\.\.)/, "");
}

function paramMismatch({ node, entity, doc }: Documented): Conflict | undefined {
  if (!CALLABLE.has(node.kind) || !doc.params?.length || !entity.paramNames) return undefined;
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
  return { rule: "param_mismatch", node, line: doc.startLine, claim: `documents parameter${missing.length === 1 ? "" : "s"} ${missing.join(", ")}`, code: signature, recommendation };
}

// ── returns_nothing ─────────────────────────────────────────────────────────

/** A returns text that says there is nothing to return. */
const SAYS_NOTHING = /^(none|nothing|void|undefined|no value|`?none`?\b)/i;

function returnsNothing({ node, entity, doc }: Documented): Conflict | undefined {
  if (!CALLABLE.has(node.kind) || doc.returns === undefined || entity.returnsValue !== false) return undefined;
  if (SAYS_NOTHING.test(doc.returns.trim())) return undefined;
  const claim = doc.returns ? `returns ${clip(doc.returns)}` : "documents a result";
  return {
    rule: "returns_nothing",
    node,
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

async function deprecatedInUse(graph: GraphReader, item: Documented): Promise<Conflict | undefined> {
  const { node, doc } = item;
  const edges = await graph.usesInto(node.id, -1);
  const candidates = edges.filter((e) => !TEST_ROLES.has(e.node.role) && !inside(e.node, node));
  if (candidates.length === 0) return undefined;
  // Deprecated code calling deprecated code is one retirement, not a conflict.
  const callerDocs = await documentedOf(graph, candidates.map((e) => e.node));
  const retiring = new Set(callerDocs.filter((d) => d.doc.deprecated !== undefined).map((d) => d.node.id));
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
    node,
    line: doc.startLine,
    claim: `deprecated${reason}`,
    code: `${uses} production use${uses === 1 ? "" : "s"} by ${users.length} caller${users.length === 1 ? "" : "s"}: ${named}${more}`,
    recommendation: doc.deprecated ? "move its callers to what the deprecation names, then remove it" : "move its callers off it, or drop the deprecation",
    uses,
    users,
  };
}

/** A use from within the entity itself (recursion, a member calling a sibling) is no outside use. */
function inside(user: GraphNode, node: GraphNode): boolean {
  return user.path === node.path && user.startLine >= node.startLine && user.endLine <= node.endLine;
}

// ── stale_mention ───────────────────────────────────────────────────────────

/** What names the graph holds: every entity name, and every module (file stem, directory, package). */
interface GraphNames {
  entities: Set<string>;
  modules: Set<string>;
}

async function graphNames(graph: GraphReader): Promise<GraphNames> {
  const entities = new Set(await graph.distinctNames());
  const modules = new Set<string>();
  for (const path of (await graph.fileRows()).keys()) {
    const parts = path.split("/");
    const base = parts.pop()!;
    const dot = base.indexOf(".");
    modules.add(dot > 0 ? base.slice(0, dot) : base);
    for (const dir of parts) modules.add(dir);
  }
  return { entities, modules };
}

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

function staleMentions(item: Documented, names: GraphNames): Conflict[] {
  const { node, doc, entity, imported } = item;
  const builtin = familyOf(node.lang)?.isBuiltinName;
  const params = new Set((entity.paramNames ?? []).map(bareParam));
  const conflicts: Conflict[] = [];
  const seen = new Set<string>();
  for (const mention of doc.mentions ?? []) {
    if (seen.has(mention)) continue;
    seen.add(mention);
    const parts = mentionParts(mention);
    if (!parts) continue;
    const last = parts[parts.length - 1]!;
    const first = parts[0]!;
    const known = (name: string) => names.entities.has(name) || names.modules.has(name);
    if (known(last)) continue;
    if (parts.length === 1) {
      // A name the runtime provides, an import from elsewhere, or a parameter of its own.
      if (imported.has(first) || params.has(first) || builtin?.(first)) continue;
    } else {
      // `os.path.join`, `z.ZodType`: a qualifier the graph does not hold is another library's.
      if (!parts.slice(0, -1).some(known) || imported.has(first) || builtin?.(first)) continue;
    }
    conflicts.push({
      rule: "stale_mention",
      node,
      line: doc.startLine,
      claim: `mentions ${mention}`,
      code: parts.length === 1 ? `no entity or module is named ${last}` : `${parts.slice(0, -1).join(".")} holds no ${last}`,
      recommendation: `point the mention at the name that replaced ${last}, or remove it`,
    });
  }
  return conflicts;
}

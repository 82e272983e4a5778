// Name → lazy import: start-up does not grow with the number of commands, and the query path
// never evaluates the modules behind map (tree-sitter, grammars).
import type { IxCommand } from "./command";

export interface Entry {
  summary: string;
  load: () => Promise<IxCommand<any>>;
}

export const COMMANDS: Record<string, Entry> = {
  map: { summary: "Map a repository into the graph (incremental)", load: async () => (await import("./map")).default },
  status: { summary: "Graph health, revision and files changed since the map", load: async () => (await import("./status")).default },
  stats: { summary: "Count nodes and edges by kind", load: async () => (await import("./stats")).default },
  doctor: { summary: "Check store, schema, health and staleness", load: async () => (await import("./doctor")).default },
  reset: { summary: "Delete this workspace's graph (--yes), optionally re-map", load: async () => (await import("./reset")).default },
  search: { summary: "Find entities by name, ranked", load: async () => (await import("./search")).default },
  locate: { summary: "Where an entity is defined", load: async () => (await import("./locate")).default },
  entity: { summary: "One entity's facts and edge counts", load: async () => (await import("./entity")).default },
  explain: { summary: "What an entity is for, how much rests on it, and where it sits", load: async () => (await import("./explain")).default },
  read: { summary: "Source of a file, range or symbol, numbered", load: async () => (await import("./read")).default },
  text: { summary: "Regex search of file contents, with enclosing symbols", load: async () => (await import("./text")).default },
  inventory: { summary: "List entities by kind or path", load: async () => (await import("./inventory")).default },
  contains: { summary: "Members of a file, class or module", load: async () => (await import("./contains")).default },
  overview: { summary: "A container, or a region of the map, at a glance", load: async () => (await import("./overview")).default },
  subsystems: { summary: "The parts of the system (the map's regions) with their scores", load: async () => (await import("./subsystems")).default },
  callers: { summary: "Who calls a function or method, with call sites", load: async () => (await import("./edges")).callers },
  callees: { summary: "What a function or method calls, with call sites", load: async () => (await import("./edges")).callees },
  imports: { summary: "Files a file imports", load: async () => (await import("./edges")).imports },
  "imported-by": { summary: "Files that import a file", load: async () => (await import("./edges")).importedBy },
  smells: { summary: "Architecture smells: god modules, import cycles, orphan files, dead exports, weak region members", load: async () => (await import("./smells")).default },
  conflicts: { summary: "Doc comments the code contradicts, each with both sides and a fix", load: async () => (await import("./conflicts")).default },
  rank: { summary: "The most depended-on entities, by dependents, callers, importers, members or PageRank", load: async () => (await import("./rank")).default },
  impact: { summary: "What a change to an entity can break, with a risk level", load: async () => (await import("./impact")).default },
  depends: { summary: "The tree of what depends on an entity", load: async () => (await import("./depends")).default },
  trace: { summary: "What an entity reaches and what reaches it; --to: a shortest path", load: async () => (await import("./trace")).default },
  context: { summary: "A bounded bundle about one target: entities, relationships, claims, ranked evidence; saved and compared", load: async () => (await import("./context")).default },
  around: { summary: "Dependents of the code at path[:line], within a token budget", load: async () => (await import("./around")).default },
  history: { summary: "When an entity appeared, changed and went, revision by revision", load: async () => (await import("./history")).default },
  patches: { summary: "The revisions kept, newest first, with what made them", load: async () => (await import("./patches")).default },
  diff: { summary: "What changed between two revisions; --content: the text from git", load: async () => (await import("./diff")).default },
  mcp: { summary: "Serve the query commands as MCP tools over stdio; install, doctor", load: async () => (await import("./mcp")).default },
  watch: { summary: "Map again whenever files change, until stopped", load: async () => (await import("./watch")).default },
  hook: { summary: "Hooks for agent hosts: claude-post-edit", load: async () => (await import("./hook")).default },
  savings: { summary: "Tokens, money and water ix has spared, this session and in all", load: async () => (await import("./savings")).default },
  config: { summary: "Show, get or set ix's configuration", load: async () => (await import("./config")).default },
};

export const ROOT_EXAMPLES = [
  { run: "ix map .", why: "map the repository holding this directory" },
  { run: "ix status --format llm", why: "is the graph current?" },
  { run: "ix config set format llm", why: "answer in llm records by default" },
];

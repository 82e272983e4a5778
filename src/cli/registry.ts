// Name → lazy import: start-up does not grow with the number of commands, and the query path
// never evaluates the modules behind map (tree-sitter, grammars).
import type { IxCommand } from "./command";

export interface Entry {
  summary: string;
  load: () => Promise<IxCommand<any>>;
}

export const COMMANDS: Record<string, Entry> = {
  map: { summary: "Map a repository into the graph (incremental)", load: async () => (await import("../cmd/map")).default },
  status: { summary: "Graph health, revision and files changed since the map", load: async () => (await import("../cmd/status")).default },
  stats: { summary: "Count nodes and edges by kind", load: async () => (await import("../cmd/stats")).default },
  doctor: { summary: "Check store, schema, health and staleness", load: async () => (await import("../cmd/doctor")).default },
  reset: { summary: "Delete this workspace's graph (--yes), optionally re-map", load: async () => (await import("../cmd/reset")).default },
  config: { summary: "Show, get or set ix's configuration", load: async () => (await import("../cmd/config")).default },
};

export const ROOT_EXAMPLES = [
  { run: "ix map .", why: "map the repository holding this directory" },
  { run: "ix status --format llm", why: "is the graph current?" },
  { run: "ix config set format llm", why: "answer in llm records by default" },
];

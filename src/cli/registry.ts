// Name → lazy import: start-up does not grow with the number of commands, and the query path
// never evaluates the modules behind map (tree-sitter, grammars).
import type { IxCommand } from "./command";

export interface Entry {
  summary: string;
  load: () => Promise<IxCommand<any>>;
}

export const COMMANDS: Record<string, Entry> = {
  config: { summary: "Show, get or set ix's configuration", load: async () => (await import("../cmd/config")).default },
};

export const ROOT_EXAMPLES = [
  { run: "ix config set format llm", why: "answer in llm records by default" },
  { run: "ix config --format llm", why: "the configuration as compact records" },
];

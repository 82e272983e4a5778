// The MCP tools are the query commands themselves: a tool's input schema is read from its
// command's arguments, and a call is that command's line run in this process with `--format
// llm`, so a tool answers exactly what the CLI answers, through the same adapter and writer.
import type { ArgsDef } from "citty";
import type { IxCommand } from "./command";
import { COMMANDS } from "./index";

/** The commands an agent asks as tools: every question, and map to bring the graph current. */
export const TOOL_COMMANDS = [
  "search", "locate", "entity", "explain", "read", "text", "inventory", "contains", "overview", "subsystems",
  "callers", "callees", "imports", "imported-by", "smells", "conflicts", "rank", "impact", "depends", "trace", "around", "context",
  "status", "stats", "doctor", "map", "history", "diff",
] as const;

export interface ToolDef {
  name: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, unknown>; required?: string[] };
  /** The command line this tool's arguments make. */
  line(args: Record<string, unknown>): string[];
}

export async function toolDefs(): Promise<ToolDef[]> {
  return Promise.all(TOOL_COMMANDS.map(async (name) => toolOf(name, COMMANDS[name]!.summary, await COMMANDS[name]!.load())));
}

// Schemas stay small (every tool's schema is sent to the model on every turn): types only, no
// descriptions; the command's summary names the question and the option names say the rest.
// A wrong value is the command's own usage error, returned as an error record.
function toolOf(name: string, summary: string, command: IxCommand<any>): ToolDef {
  const args: ArgsDef = command.args ?? {};
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const positionals: string[] = [];
  for (const [key, def] of Object.entries(args)) {
    if (key === "format" || key === "help") continue;
    properties[key] = { type: def.type === "boolean" ? "boolean" : "string" };
    if (def.type === "positional") {
      positionals.push(key);
      if (def.required) required.push(key);
    }
  }
  return {
    name,
    description: summary,
    inputSchema: { type: "object", properties, ...(required.length ? { required } : {}) },
    line: (values) => {
      const line = [name];
      for (const key of positionals) if (values[key] !== undefined) line.push(String(values[key]));
      for (const [key, value] of Object.entries(values)) {
        if (positionals.includes(key) || value === undefined || value === false || value === null) continue;
        line.push(`--${key}`);
        if (value !== true) line.push(String(value));
      }
      return [...line, "--format", "llm"];
    },
  };
}

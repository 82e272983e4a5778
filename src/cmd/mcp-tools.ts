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

/**
 * What one string argument may hold, in UTF-8 bytes: a name, a path, a pattern or a reason is
 * far shorter. A longer one is refused before any work, since a 9 MB term made one search take
 * 12 s, answer 27 MB and leave the server at 1.5 GB.
 */
export const MAX_ARG_BYTES = 4096;

/** Options a person may pass on the command line that a tool never offers an agent. */
const CLI_ONLY = new Set(["format", "help", "allow-broad-root"]);

/** Arguments that do not fit a tool's schema: which parameter, and why, in a line that never quotes a large value. */
export interface ParamProblem {
  parameter?: string;
  message: string;
}

export interface ToolDef {
  name: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, unknown>; required?: string[] };
  /** The first way `args` do not fit the schema, if they do not. */
  check(args: Record<string, unknown>): ParamProblem | undefined;
  /** The command line this tool's arguments make (arguments that passed `check`). */
  line(args: Record<string, unknown>): string[];
}

export async function toolDefs(): Promise<ToolDef[]> {
  return Promise.all(TOOL_COMMANDS.map(async (name) => toolOf(name, COMMANDS[name]!.summary, await COMMANDS[name]!.load())));
}

/** A name or value as a message may show it: at most 40 characters, escaped, marked when cut. */
export function shown(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${shown(value)}`;
  return typeof value === "object" ? "an object" : `${typeof value === "number" ? "the number" : `the ${typeof value}`} ${String(value).slice(0, 40)}`;
}

// Schemas stay small (every tool's schema is sent to the model on every turn): types only, no
// descriptions; the command's summary names the question and the option names say the rest.
// Arguments are checked against the schema before the command runs (a wrong type, an unknown
// or missing parameter, a value past MAX_ARG_BYTES); a wrong value the schema cannot say (a
// kind that is no kind) is the command's own error record.
function toolOf(name: string, summary: string, command: IxCommand<any>): ToolDef {
  const args: ArgsDef = command.args ?? {};
  const types = new Map<string, "string" | "boolean">();
  const required: string[] = [];
  const positionals: string[] = [];
  for (const [key, def] of Object.entries(args)) {
    if (CLI_ONLY.has(key)) continue;
    types.set(key, def.type === "boolean" ? "boolean" : "string");
    if (def.type === "positional") {
      positionals.push(key);
      if (def.required) required.push(key);
    }
  }
  const properties = Object.fromEntries([...types].map(([key, type]) => [key, { type }]));
  const present = (value: unknown) => value !== undefined && value !== null;
  return {
    name,
    description: summary,
    inputSchema: { type: "object", properties, ...(required.length ? { required } : {}) },
    check: (values) => {
      for (const [key, value] of Object.entries(values)) {
        const type = types.get(key);
        if (!type) {
          const known = [...types.keys()];
          return { parameter: key.slice(0, 64), message: `${name} has no parameter ${shown(key)}; it takes ${known.length ? known.join(", ") : "none"}` };
        }
        if (!present(value)) continue;
        if (type === "boolean") {
          if (typeof value !== "boolean") return { parameter: key, message: `${key} must be a boolean (true or false), not ${kindOf(value)}` };
          continue;
        }
        // A number is a string's spelling here (limit: 5); any other type is not.
        if (typeof value === "number" && Number.isFinite(value)) continue;
        if (typeof value !== "string") return { parameter: key, message: `${key} must be a string, not ${kindOf(value)}` };
        const bytes = Buffer.byteLength(value);
        if (bytes > MAX_ARG_BYTES) return { parameter: key, message: `${key} is ${bytes} bytes; a parameter holds at most ${MAX_ARG_BYTES}` };
      }
      for (const key of required) if (!present(values[key])) return { parameter: key, message: `${key} is required` };
      return undefined;
    },
    line: (values) => {
      // Options as --name=value, so a value that starts with dashes stays a value; positionals
      // after `--`, so a term such as "--help" is a term, not an option.
      const options: string[] = [];
      for (const [key, value] of Object.entries(values)) {
        if (positionals.includes(key) || !present(value) || value === false) continue;
        options.push(value === true ? `--${key}` : `--${key}=${String(value)}`);
      }
      const words = positionals.filter((key) => present(values[key])).map((key) => String(values[key]));
      return [name, ...options, "--format", "llm", "--", ...words];
    },
  };
}

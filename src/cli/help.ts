// --help is scoped to the node it is asked on (AXI change 2): that command's usage, options and
// examples; for a group, its verbs with their signatures. Emitted as records like any answer.
import type { ArgsDef } from "citty";
import type { Writer } from "../wire/writer";
import { ROOT_ARGS, usageLine } from "./args";
import { GLOBAL_ARGS, type IxCommand } from "../cmd/command";
import { COMMANDS, ROOT_EXAMPLES } from "../cmd/index";

function optionRows(def: ArgsDef) {
  return Object.entries(def)
    .filter(([, arg]) => arg.type !== "positional")
    .map(([key, arg]) => ({
      name: `--${key}`,
      value: arg.type === "boolean" ? undefined : (arg.valueHint ?? (arg.type === "enum" ? arg.options?.join("|") : "value")),
      default: arg.default === undefined ? undefined : String(arg.default),
      description: arg.description,
    }));
}

function argumentRows(def: ArgsDef) {
  return Object.entries(def)
    .filter(([, arg]) => arg.type === "positional")
    .map(([key, arg]) => ({ name: key, required: arg.required !== false && arg.default === undefined, description: arg.description }));
}

export function writeCommandHelp(writer: Writer, command: IxCommand<any>, path: string): void {
  const def: ArgsDef = { ...command.args, ...GLOBAL_ARGS };
  writer.record("command", { name: `ix ${path}`, usage: usageLine(path, def), description: command.meta.description });
  if (command.subCommands) {
    writer.rows(
      "subcommand",
      Object.entries(command.subCommands).map(([name, sub]) => ({
        name,
        usage: usageLine(`${path} ${name}`, { ...sub.args }),
        description: sub.meta.description,
      })),
    );
  }
  writer.rows("argument", argumentRows(command.args ?? {}));
  writer.rows("option", optionRows(def));
  if (command.notes) writer.rows("note", command.notes);
  writer.rows("example", (command.examples ?? []).map((e) => ({ run: e.run, why: e.why })));
}

export function writeRootHelp(writer: Writer, version: string): void {
  writer.record("command", {
    name: "ix",
    usage: "ix <command> [options]",
    version,
    description: "A code map for AI coding agents. Bare `ix` shows this directory's state.",
  });
  writer.rows(
    "subcommand",
    Object.entries(COMMANDS).map(([name, entry]) => ({ name, description: entry.summary })),
  );
  writer.rows("option", [...optionRows(GLOBAL_ARGS), ...optionRows(ROOT_ARGS)]);
  writer.rows("example", ROOT_EXAMPLES);
}

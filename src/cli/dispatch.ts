// The one way a command line becomes records: choose the format, find the command, check the
// arguments, run, and turn any failure into an error record with the right exit code.
import { ixHome } from "../config/store";
import { Writer } from "../wire/writer";
import { checkArgs, commandArgs, helpAsked, readArgs, readRootArgs, versionAsked } from "./args";
import type { Context, IxCommand, LineScope } from "../cmd/command";
import { invalidRequest, IxError } from "../model/errors";
import { errorRecord } from "../present/errors";
import { writeFailure } from "../model/write-failure";
import { LockError } from "../util/lock";
import { exitCodeOf } from "./errors";
import { chooseFormat } from "./format";
import { writeCommandHelp, writeRootHelp } from "./help";
import { writeVersion } from "./version";
import { resolveCommand } from "./command-words";
import { writeStdout } from "./stdout";
import { isTerminal, writeStderr } from "../util/tty";
import { recordAnswer, SparedFiles } from "./savings";

/** Checks a command line this CLI suggests (a next step, an example) against the command tree. */
export async function checkCommandLine(words: string[]): Promise<void> {
  if (words[0] !== "ix") throw new Error(`not an ix command line: ${words.join(" ")}`);
  const resolved = await resolveCommand(words.slice(1));
  if (!resolved) return;
  const { def, tokens } = readArgs(resolved.command, resolved.rest);
  checkArgs(tokens, def, resolved.path);
}

export async function dispatch(argv: string[], env: Record<string, string | undefined>, cwd: string, version: string): Promise<number> {
  return execute(argv, env, cwd, version, writeStdout, true);
}

/**
 * One command line, its records written to `sink`. The process's own line is `interactive`
 * (notes, a status line and colour when a terminal watches); a line run inside the process
 * for a surface such as the MCP server is not, and gets no terminal's attention.
 */
async function execute(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string,
  version: string,
  sink: (chunk: string) => void,
  interactive: boolean,
  roots?: readonly string[],
): Promise<number> {
  const home = ixHome(env);
  const choice = chooseFormat(argv, env, home);
  const color = interactive && choice.format === "text" && !env.NO_COLOR && isTerminal(1);
  // What the answer printed, for the savings ledger.
  let printed = 0;
  const counted = (chunk: string) => {
    printed += Buffer.byteLength(chunk);
    sink(chunk);
  };
  const spared = new SparedFiles();
  const writer = new Writer(choice.format, counted, color, (rec) => spared.record(rec));
  const note = (message: string) => {
    if (interactive && isTerminal(2)) writeStderr(`ix: ${message}\n`);
  };
  for (const message of choice.notes) note(message);

  try {
    if (choice.invalidFlag) throw choice.invalidFlag;
    const resolved = await resolveCommand(argv);
    if (!resolved) {
      const root = readRootArgs(argv);
      if (helpAsked(root.tokens)) {
        writeRootHelp(writer, version);
        writer.end();
        return 0;
      }
      // `ix --version` in a format (src/main.ts answers the bare one); any other word is checked.
      if (versionAsked(root.tokens)) {
        checkArgs(root.tokens, root.def, "");
        writeVersion(writer, version);
        writer.end();
        return 0;
      }
    }
    const { command, path, rest } = resolved ?? { command: await loadHome(), path: "", rest: argv };
    const { def, tokens } = readArgs(command, rest);
    if (helpAsked(tokens)) {
      writeCommandHelp(writer, command, path);
      writer.end();
      return 0;
    }
    const args = commandArgs(tokens, def, path);
    if (!command.run) {
      const verbs = Object.keys(command.subCommands ?? {});
      throw invalidRequest("missing_command", `ix ${path} needs a command: ${verbs.join(", ")}`, {}, [`Run ix ${path} --help.`]);
    }
    const status = interactive && isTerminal(2)
      ? { show: (text: string) => writeStderr(`\r\x1b[K${text}`), clear: () => writeStderr("\r\x1b[K") }
      : undefined;
    // A line run for another surface (the MCP server) says so on any revision it makes.
    const runLine = (line: string[], lineSink: (chunk: string) => void, scope?: LineScope) =>
      execute(line, { ...env, IX_SOURCE: "mcp" }, scope?.cwd ?? cwd, version, lineSink, false, scope?.roots);
    const ctx: Context = { writer, format: choice.format, cwd, env, home, note, stderr: writeStderr, status, runLine, version, input: readStdin, stdout: counted, onStop, meter: spared, roots };
    await command.run(args, ctx);
    writer.end();
    recordAnswer(home, env, { command: path || "ix", stdoutBytes: printed, spares: command.savings, files: spared }, (message) => env.IX_TRACE && writeStderr(`ix: ${message}\n`));
    return 0;
  } catch (error) {
    // A write that no command caught itself still says what the disk or the home refused, never the raw errno.
    const failure = error instanceof IxError
      ? error
      : error instanceof LockError
        ? new IxError(error.reason === "held" ? "lock_held" : "lock_unusable", error.message, { path: error.path })
        : (writeFailure(error, { what: "its files", kept: "what ix had written before is as it was" }) ??
          new IxError("internal_error", error instanceof Error ? error.message : String(error)));
    if (!(error instanceof IxError) && env.IX_DEBUG) writeStderr(`${(error as Error)?.stack}\n`);
    writer.error(errorRecord(failure));
    writer.end();
    return exitCodeOf(failure);
  }
}

/** Standard input up to `maxBytes`; what comes after is not read. */
async function readStdin(maxBytes: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of Bun.stdin.stream()) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size >= maxBytes) break;
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, maxBytes));
}

function onStop(stop: () => void): void {
  let stopped = false;
  const once = () => {
    if (stopped) return;
    stopped = true;
    stop();
  };
  process.on("SIGINT", once);
  process.on("SIGTERM", once);
}

async function loadHome(): Promise<IxCommand<any>> {
  return (await import("../cmd/home")).default;
}

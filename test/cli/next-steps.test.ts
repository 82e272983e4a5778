// AXI change 3: every next step a command emits must name a command and options that exist.
// This walks the states each command can answer from, collects every `next` record and every
// help example, and checks each command line against the command tree.
import { expect, test } from "bun:test";
import { checkCommandLine } from "../../src/cli/dispatch";
import { COMMANDS } from "../../src/cmd/index";
import { decodeLlmStream } from "../../src/wire/llm";
import { BIN, ensureBinary, ix, tempDir, writeTree } from "../helpers/cli";
import { shellSplit } from "../helpers/shell";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";

/** A suggested command line as the shell an agent runs it in splits it. */
const words = shellSplit;

async function scenarios(): Promise<string[]> {
  const repo = await writeTree(tempDir("ix-next-"), {
    "src/a.ts": "import { b } from './b';\nexport function a() { return b(); }\n",
    "src/b.ts": "export function b() { return 1; }\n",
  });
  const outputs: string[] = [];
  const home = tempDir();
  const run = (args: string[]) => outputs.push(ix([...args, "--format", "llm"], { cwd: repo, home }).stdout);
  run([]); // bare, nothing mapped
  run(["config"]);
  run(["map", "."]);
  run([]);
  for (const args of [
    ["status"],
    ["stats"],
    ["doctor"],
    ["search", "a"],
    ["search", "nothing here"],
    ["locate", "a"],
    ["entity", "a"],
    ["entity", "b"],
    ["explain", "a"],
    ["explain", "src/b.ts"],
    ["rank"],
    ["rank", "--by", "pagerank"],
    ["callers", "b"],
    ["callees", "a"],
    ["imports", "src/a.ts"],
    ["imported-by", "src/b.ts"],
    ["read", "src/a.ts:1-1"],
    ["contains", "src/a.ts"],
    ["overview", "src/a.ts"],
    ["inventory"],
    ["around", "src/b.ts:1"],
    ["impact", "b"],
    ["impact", "src/b.ts"],
    ["depends", "b"],
    ["trace", "a"],
    ["trace", "a", "--to", "b"],
    ["text", "b\\("],
    ["context", "a"],
    ["context", "a", "--save", "first look"],
    ["context", "--list"],
    ["context", "--resume", "first look"],
    ["context", "--diff", "first look"],
    ["reset", "--workspace", "--yes"],
    ["doctor"],
    [],
  ])
    run(args);
  return outputs;
}

test("every next step names a real command with real options", async () => {
  const suggested = new Set<string>();
  for (const output of await scenarios())
    for (const rec of decodeLlmStream(output)) if (rec.kind === "next") suggested.add(rec.fields.run as string);
  expect(suggested.size).toBeGreaterThan(0);
  for (const run of suggested) {
    await expect(checkCommandLine(words(run))).resolves.toBeUndefined();
  }
}, 60_000);

test("every help example of every command is a valid command line", async () => {
  let checked = 0;
  for (const entry of Object.values(COMMANDS)) {
    const command = await entry.load();
    const nodes = [command, ...Object.values(command.subCommands ?? {})];
    for (const node of nodes)
      for (const example of node.examples ?? []) {
        await expect(checkCommandLine(words(example.run))).resolves.toBeUndefined();
        checked++;
      }
  }
  expect(checked).toBeGreaterThan(0);
});

test("the checker itself rejects an unknown command and an unknown option", async () => {
  await expect(checkCommandLine(["ix", "nosuch"])).rejects.toMatchObject({ code: "unknown_command" });
  await expect(checkCommandLine(["ix", "config", "--nosuch"])).rejects.toMatchObject({ code: "unknown_option" });
});

// Paths a shell reads otherwise than as one word: a space, a quote, a dollar, a backtick. Every
// next step and every command a hint names is run as an agent runs it, through `sh -c`, and
// must answer about the same file.
test("every suggested command runs through a shell on paths with spaces, quotes, $ and backticks", async () => {
  const names = ["src/sp ace.ts", "src/it's.ts", "src/$HOME.ts", "src/back`tick`.ts"];
  const files: Record<string, string> = {};
  names.forEach((name, i) => {
    files[name] = `export function f${i}() { return ${i}; }\nexport function g${i}() { return f${i}(); }\n`;
  });
  const repo = await writeTree(tempDir("ix-next-shell-"), files);
  const home = tempDir();
  // `ix` on PATH is the binary under test, as an agent's shell finds it.
  const bin = tempDir("ix-bin-");
  ensureBinary();
  symlinkSync(BIN, join(bin, "ix"));
  expect(ix(["map", "."], { cwd: repo, home }).code).toBe(0);
  const suggested = new Map<string, string>();
  const collect = (args: string[]) => {
    for (const rec of decodeLlmStream(ix([...args, "--format", "llm"], { cwd: repo, home }).stdout)) {
      if (rec.kind === "next") suggested.set(rec.fields.run as string, args.join(" "));
      if (rec.kind === "hint") for (const m of String(rec.fields.text).matchAll(/\bix (?:text|around|contains) ('[^']*(?:'\\''[^']*)*'|\S+)/g)) suggested.set(m[0], args.join(" "));
    }
  };
  names.forEach((name, i) => {
    for (const args of [["explain", `f${i}`], ["callers", `f${i}`], ["entity", `g${i}`], ["impact", `f${i}`], ["depends", `f${i}`], ["read", name], ["search", `g${i}`], ["around", `${name}:1`]]) collect(args);
  });
  const quoted = [...suggested.keys()].filter((run) => names.some((name) => run.includes(name.replaceAll("'", "'\\''"))));
  expect(quoted.length).toBeGreaterThanOrEqual(names.length);
  for (const [run, from] of suggested) {
    const result = Bun.spawnSync(["sh", "-c", `${run} --format llm`], { cwd: repo, env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, IX_HOME: home, IX_FORMAT: undefined }, stdout: "pipe", stderr: "pipe" });
    const out = result.stdout.toString();
    expect({ run, from, code: result.exitCode, error: out.startsWith("error ") ? out.split("\n")[0] : undefined }).toEqual({ run, from, code: 0, error: undefined });
    // An `ix read path:a-b` step reads that very file.
    const read = /^ix read (.+)$/.exec(run);
    if (read) expect(decodeLlmStream(out)[0]!.fields.path).toBe(shellSplit(read[1]!)[0]!.replace(/:\d+-\d+$/, ""));
  }
}, 60_000);

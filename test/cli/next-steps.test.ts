// AXI change 3: every next step a command emits must name a command and options that exist.
// This walks the states each command can answer from, collects every `next` record and every
// help example, and checks each command line against the command tree.
import { expect, test } from "bun:test";
import { checkCommandLine } from "../../src/cli/dispatch";
import { COMMANDS } from "../../src/cmd/index";
import { decodeLlmStream } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";

/** Splits a suggested command line the way a shell would (double quotes only). */
function words(run: string): string[] {
  return [...run.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] as string)));
}

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

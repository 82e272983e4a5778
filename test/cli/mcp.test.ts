// ix mcp as an agent host meets it: the SDK's own client over stdio to the compiled binary, on a
// repository the test writes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ensureBinary, ix, tempDir, writeTree } from "../helpers/cli";

const FILES = {
  "src/util.ts": "export function parse(x: string): number {\n  return Number(x);\n}\n",
  "src/app.ts": 'import { parse } from "./util";\n\nexport function run(): number {\n  return parse("1") + parse("2");\n}\n',
  "src/main.ts": 'import { run } from "./app";\n\nexport function main(): void {\n  run();\n}\n',
};

// One call per tool, with the arguments it needs on this repository.
const CALLS: Record<string, Record<string, unknown>> = {
  search: { term: "parse" }, locate: { target: "parse" }, entity: { target: "parse" }, explain: { target: "parse" },
  read: { target: "parse" }, text: { pattern: "Number" }, inventory: {}, contains: { target: "src/app.ts" },
  overview: { target: "src/app.ts" }, subsystems: {}, callers: { target: "parse" }, callees: { target: "run" },
  imports: { target: "src/app.ts" }, "imported-by": { target: "src/util.ts" }, smells: {}, conflicts: {}, rank: {},
  impact: { target: "parse" }, depends: { target: "parse" }, trace: { target: "run" }, around: { location: "src/util.ts:2" },
  context: { target: "parse" }, status: {}, stats: {}, doctor: {}, map: {}, history: { target: "parse" }, diff: { from: "0", to: "1" },
};

type Text = { content: { type: string; text: string }[]; isError?: boolean };
const textOf = (r: unknown) => (r as Text).content[0]!.text;

async function connect(root: string, home: string): Promise<Client> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("IX_")) env[k] = v;
  env.IX_HOME = home;
  const client = new Client({ name: "ix-test", version: "0" });
  await client.connect(new StdioClientTransport({ command: ensureBinary(), args: ["mcp"], cwd: root, env, stderr: "ignore" }));
  return client;
}

let root: string;
let home: string;
let client: Client;

beforeAll(async () => {
  root = await writeTree(tempDir("ix-mcp-"), FILES);
  home = tempDir("ix-mcp-home-");
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
  client = await connect(root, home);
});

afterAll(async () => {
  await client?.close();
});

describe("ix mcp", () => {
  test("lists one tool per query command, all schemas together within 2,500 tokens", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(CALLS).sort());
    // ≈ 4 characters a token, what a host sends the model for the whole list.
    expect(JSON.stringify(tools).length / 4).toBeLessThanOrEqual(2500);
    const callers = tools.find((t) => t.name === "callers")!;
    expect(callers.inputSchema.required).toEqual(["target"]);
  });

  test("every tool answers with llm records, and a tool's answer is the CLI's", async () => {
    for (const [name, args] of Object.entries(CALLS)) {
      const r = (await client.callTool({ name, arguments: args })) as Text;
      expect({ name, isError: r.isError }).toEqual({ name, isError: false });
      expect(textOf(r)).toMatch(/^[a-z_-]+ [a-z_]+=/);
    }
    const cli = ix(["callers", "parse", "--format", "llm"], { cwd: root, home });
    expect(textOf(await client.callTool({ name: "callers", arguments: { target: "parse" } }))).toBe(cli.stdout);
    expect(cli.stdout).toContain("ref name=run ");
  });

  test("an error record comes back with isError", async () => {
    const missing = (await client.callTool({ name: "callers", arguments: { target: "nosuch" } })) as Text;
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toStartWith("error code=unresolved_target ");
    const usage = (await client.callTool({ name: "callers", arguments: { target: "parse", limit: "zero" } })) as Text;
    expect(usage.isError).toBe(true);
    expect(textOf(usage)).toStartWith("error code=");
    const unknown = (await client.callTool({ name: "nosuch", arguments: {} })) as Text;
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toStartWith("error code=unknown_tool ");
  });

  test("parallel calls each get their own answer", async () => {
    const asks = ["parse", "run", "main", "parse", "run", "main", "parse", "run"].map((target, i) => ({
      name: i % 2 ? "callees" : "callers",
      arguments: { target },
    }));
    const alone: string[] = [];
    for (const ask of asks) alone.push(textOf(await client.callTool(ask)));
    const together = await Promise.all(asks.map((ask) => client.callTool(ask)));
    expect(together.map(textOf)).toEqual(alone);
  });

  test("a map committed by another process is seen by the next call, and the map tool's too", async () => {
    const before = textOf(await client.callTool({ name: "callers", arguments: { target: "parse" } }));
    expect(before).not.toContain("name=again");
    await Bun.write(`${root}/src/again.ts`, 'import { parse } from "./util";\n\nexport function again(): number {\n  return parse("3");\n}\n');
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(textOf(await client.callTool({ name: "callers", arguments: { target: "parse" } }))).toContain("ref name=again ");

    await Bun.write(`${root}/src/more.ts`, 'import { parse } from "./util";\n\nexport function more(): number {\n  return parse("4");\n}\n');
    const mapped = (await client.callTool({ name: "map", arguments: {} })) as Text;
    expect(mapped.isError).toBe(false);
    expect(textOf(mapped)).toStartWith("map ");
    expect(textOf(await client.callTool({ name: "callers", arguments: { target: "parse" } }))).toContain("ref name=more ");
    // The revision says which surface made it, and the history tool finds the entity it added.
    expect(ix(["patches", "--limit", "1", "--format", "llm"], { cwd: root, home }).stdout).toContain("source=mcp");
    expect(textOf(await client.callTool({ name: "history", arguments: { target: "more" } }))).toContain("change=added");
  });

  test("the server ends when its client closes stdin", async () => {
    const proc = Bun.spawn([ensureBinary(), "mcp"], { cwd: root, env: { ...process.env, IX_HOME: home }, stdin: "pipe", stdout: "pipe", stderr: "ignore" });
    proc.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } } })}\n`);
    await proc.stdin.end();
    const exited = await Promise.race([proc.exited, Bun.sleep(10_000).then(() => "still running")]);
    if (exited === "still running") proc.kill();
    expect(exited).toBe(0);
    expect(await new Response(proc.stdout).text()).toContain('"serverInfo":{"name":"ix"');
  });
});

// An MCP tool call against the CLI for the same answer: the SDK's own client over stdio to
// `ix mcp`, a callers call's round trip, alternated in one run with the wall time of `ix callers`
// as a process. Both must give the same records.
//   bun bench/mcp.ts [corpus] [runs]      (default: zod, 40)
// Goal: the tool call's median ≤ 0.2× the CLI's.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ixBinary } from "./binary";
import { ensureCorpus } from "./corpora";
import { edgesOf, withGraph } from "./graph";

const corpus = process.argv[2] ?? "zod";
const runs = Number(process.argv[3] ?? 40);
const bin = ixBinary();
const dir = await ensureCorpus(corpus);
const home = mkdtempSync(join(tmpdir(), "ix-bench-mcp-"));
const env: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("IX_")) env[k] = v;
env.IX_HOME = home;
const map = Bun.spawnSync([bin, "map", ".", "--silent", "--format", "llm"], { cwd: dir, env });
console.log(map.stdout.toString().trim());

// The most-called function, named by its place so the answer is one entity.
const hub = await withGraph(home, dir, async (graph) => {
  const counts = new Map<string, { at: string; name: string; n: number }>();
  for (const e of await edgesOf(graph, "CALLS")) {
    if (e.dst.kind !== "function" && e.dst.kind !== "method") continue;
    const c = counts.get(e.dst.id) ?? { at: `${e.dst.path}:${e.dst.startLine}`, name: e.dst.name, n: 0 };
    c.n++;
    counts.set(e.dst.id, c);
  }
  return [...counts.values()].sort((a, b) => b.n - a.n)[0]!;
});
console.log(`target: ${hub.name} at ${hub.at} (${hub.n} calls), runs: ${runs}`);

const client = new Client({ name: "ix-bench", version: "0" });
await client.connect(new StdioClientTransport({ command: bin, args: ["mcp"], cwd: dir, env, stderr: "ignore" }));
const textOf = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;

const cliLine = [bin, "callers", hub.at, "--format", "llm"];
const cli = (): [number, string] => {
  const start = performance.now();
  const out = Bun.spawnSync(cliLine, { cwd: dir, env });
  return [performance.now() - start, out.stdout.toString()];
};
const tool = async (): Promise<[number, string]> => {
  const start = performance.now();
  const r = await client.callTool({ name: "callers", arguments: { target: hub.at } });
  return [performance.now() - start, textOf(r)];
};

const samples = { cli: [] as number[], tool: [] as number[] };
for (let i = 0; i < runs + 3; i++) {
  // Alternating which goes first, so neither always meets a warmer cache.
  const pair = i % 2 ? [await tool(), cli()] : [cli(), await tool()];
  const [c, t] = i % 2 ? [pair[1]!, pair[0]!] : [pair[0]!, pair[1]!];
  if (c[1] !== t[1]) throw new Error(`the tool's answer differs from the CLI's:\n${t[1].slice(0, 400)}\n---\n${c[1].slice(0, 400)}`);
  if (i >= 3) {
    samples.cli.push(c[0]);
    samples.tool.push(t[0]);
  }
}
await client.close();

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const p95 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length * 0.95)]!;
const ratio = median(samples.tool) / median(samples.cli);
console.log(`ix callers (process)   p50 ${median(samples.cli).toFixed(1)} ms  p95 ${p95(samples.cli).toFixed(1)} ms`);
console.log(`mcp callers (tool)     p50 ${median(samples.tool).toFixed(1)} ms  p95 ${p95(samples.tool).toFixed(1)} ms`);
console.log(`ratio tool/cli         ${ratio.toFixed(3)}  (goal ≤ 0.2) ${ratio <= 0.2 ? "ok" : "MISSED"}`);

// bun bench/hook.ts [corpus] [runs]: the post-edit hook's wall time on a mapped corpus, for an
// edit inside a body and for an edit that adds an import between two modules (the map then
// costs the smells and region work too), with the map's phases from IX_TRACE and the reply's
// size in tokens.
import { cpSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { openGraphReader } from "../src/store";
import { findWorkspace } from "../src/workspace/registry";
import { ixBinary } from "./binary";
import { ensureCorpus } from "./corpora";

const corpus = process.argv[2] ?? "stack";
const runs = Number(process.argv[3] ?? 5);
const bin = ixBinary();
const source = await ensureCorpus(corpus);
const dir = join(mkdtempSync(join(tmpdir(), "ix-bench-hook-")), corpus);
cpSync(source, dir, { recursive: true, verbatimSymlinks: true });
const home = mkdtempSync(join(tmpdir(), "ix-bench-hook-home-"));
const env = { ...process.env, IX_HOME: home };

const cold = Bun.spawnSync([bin, "map", ".", "--silent"], { cwd: dir, env });
if (cold.exitCode !== 0) throw new Error(`map failed: ${cold.stderr}`);

const ws = findWorkspace(home, realpathSync(dir))!;
const graph = openGraphReader(ws.dbPath);
const files = await graph.regionFiles();
graph.close();
const edited = files.find((f) => f.path.endsWith(".ts") && !f.path.endsWith(".d.ts") && f.edgesInside > 0)!;
const target = files.find((f) => f.path.endsWith(".ts") && !f.path.endsWith(".d.ts") && f.region !== edited.region && f.path.split("/")[0] === edited.path.split("/")[0])!;
const file = join(dir, edited.path);

/** Runs the hook on an Edit event whose new_string is `inserted`, after writing `text`. */
async function hook(text: string, inserted: string, budgetMs?: number): Promise<{ ms: number; phases: Map<string, number>; tokens: number; said: boolean }> {
  await Bun.write(file, text);
  const event = { hook_event_name: "PostToolUse", cwd: dir, tool_name: "Edit", tool_input: { file_path: file, old_string: "", new_string: inserted } };
  const started = performance.now();
  const r = Bun.spawnSync([bin, "hook", "claude-post-edit"], { cwd: dir, env: { ...env, IX_TRACE: "1", ...(budgetMs ? { IX_HOOK_BUDGET_MS: String(budgetMs) } : {}) }, stdin: Buffer.from(JSON.stringify(event)) });
  const ms = performance.now() - started;
  const reply = JSON.parse(r.stdout.toString());
  const context: string = reply.hookSpecificOutput?.additionalContext ?? "";
  const phases = new Map([...r.stderr.toString().matchAll(/ix map: (\w+) at (\d+) ms/g)].map((m) => [m[1]!, Number(m[2])]));
  return { ms, phases, tokens: Math.ceil(context.length / 4), said: context !== "" };
}

const original = await Bun.file(file).text();
const lines = original.split("\n");
const at = lines.findIndex((l) => /^\s+return\b/.test(l));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function report(name: string, results: Awaited<ReturnType<typeof hook>>[]): void {
  const phase = (p: string, q: string) => median(results.map((r) => (r.phases.get(q) ?? 0) - (r.phases.get(p) ?? 0)));
  console.log(
    `| ${name} | ${median(results.map((r) => r.ms)).toFixed(0)} | ${phase("discover", "parse")} | ${phase("parse", "commit")} | ${phase("commit", "smells")} | ${phase("smells", "regions")} | ${phase("regions", "done")} | ${Math.max(...results.map((r) => r.tokens))} | ${results.every((r) => r.said)} |`,
  );
}

console.log(`corpus ${corpus}: ${files.length} files; edited ${edited.path}${at >= 0 ? `:${at + 1}` : ""}; import of ${target.path}; ${runs} runs each, medians`);
console.log("| edit | hook wall ms | discover ms | parse+resolve ms | commit ms | smells ms | regions ms | max tokens | answered |");
console.log("|---|---|---|---|---|---|---|---|---|");
const body: Awaited<ReturnType<typeof hook>>[] = [];
for (let i = 0; i < runs; i++) {
  const changed = [...lines];
  changed[at] = `${lines[at]} // edited ${i}`;
  body.push(await hook(changed.join("\n"), changed[at]!.trim()));
}
report("a line inside a body", body);
let spec = relative(dirname(edited.path), target.path).replace(/\.ts$/, "");
if (!spec.startsWith(".")) spec = `./${spec}`;
const linked: Awaited<ReturnType<typeof hook>>[] = [];
for (let i = 0; i < runs; i++) {
  // Each run adds the import to the original: every run is a new link between the two modules.
  await hook(original, "");
  const line = `import "${spec}";`;
  linked.push(await hook(`${line}\n${original}`, line));
}
report("an import between two modules", linked);
// Past the hook's budget the map is cut off and its phases are not all seen: one run without a
// budget shows what that map costs.
await hook(original, "", 600_000);
report("the same, unbounded (IX_HOOK_BUDGET_MS=600000)", [await hook(`import "${spec}";\n${original}`, `import "${spec}";`, 600_000)]);
rmSync(dirname(dir), { recursive: true, force: true });
rmSync(home, { recursive: true, force: true });

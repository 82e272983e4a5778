// Precision and recall of ix's callers and importers against the TypeScript compiler's own
// answer on real code.   bun bench/accuracy.ts [corpus…]   (default: rxjs)
// Goals: callers ≥ 0.97 precision / ≥ 0.90 recall; importers ≥ 0.99 / ≥ 0.98.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ixBinary, ROOT } from "./binary";
import { compareCallers, compareImporters, formatScores, type IxCall, type IxImport } from "./compare";
import { ensureCorpus } from "./corpora";
import { edgesOf, withGraph } from "./graph";
import { buildTruth, type Truth } from "./truth-ts";

const OUT = join(ROOT, "bench/.out");
const names = process.argv.slice(2).length ? process.argv.slice(2) : ["rxjs"];

function truthFor(name: string, dir: string): Truth {
  // Versioned: a truth that models more (v2: variables holding functions; v3: only module-level
  // ones, and only a function-making call's) must not be read from an old cache.
  const cached = join(OUT, `truth-${name}-v3.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, "utf8")) as Truth;
  const started = performance.now();
  const truth = buildTruth(dir);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(cached, JSON.stringify(truth));
  console.log(`truth for ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return truth;
}

const BIN = ixBinary();

async function ixGraph(dir: string): Promise<{ calls: IxCall[]; imports: IxImport[] }> {
  const home = mkdtempSync(join(tmpdir(), "ix-accuracy-"));
  const map = Bun.spawnSync([BIN, "map", dir, "--format", "llm"], { env: { ...process.env, IX_HOME: home } });
  if (map.exitCode !== 0) throw new Error(`ix map failed: ${map.stdout}`);
  console.log(map.stdout.toString().split("\n")[0]);
  return withGraph(home, dir, async (graph) => ({
    imports: (await edgesOf(graph, "IMPORTS")).map((e) => ({ from: e.src.path, to: e.dst.path })),
    calls: (await edgesOf(graph, "CALLS")).map((e) => ({
      callerPath: e.src.path,
      callerName: e.src.kind === "file" ? "<file>" : e.src.name,
      callerStart: e.src.startLine,
      callerEnd: e.src.endLine,
      calleePath: e.dst.path,
      calleeName: e.dst.name,
      calleeStart: e.dst.startLine,
      calleeEnd: e.dst.endLine,
    })),
  }));
}

for (const name of names) {
  const dir = await ensureCorpus(name);
  const truth = truthFor(name, dir);
  const graph = await ixGraph(dir);
  console.log(`\n# ${name}: ${truth.calls.length} truth call sites, ${graph.calls.length} ix call edges`);
  console.log(formatScores("callers", compareCallers(truth, graph.calls)));
  console.log(formatScores("importers", compareImporters(truth, graph.imports)));
}

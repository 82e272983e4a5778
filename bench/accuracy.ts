// Precision and recall of ix's callers and importers against the TypeScript compiler's own
// answer on real code.   bun bench/accuracy.ts [corpus…]   (default: rxjs)
// Goals: callers ≥ 0.97 precision / ≥ 0.90 recall; importers ≥ 0.99 / ≥ 0.98.
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { findWorkspace } from "../src/workspace/registry";
import { compareCallers, compareImporters, formatScores, type IxCall, type IxImport } from "./compare";
import { ensureCorpus } from "./corpora";
import { buildTruth, type Truth } from "./truth-ts";

const ROOT = resolve(import.meta.dir, "..");
const OUT = join(ROOT, "bench/.out");
const names = process.argv.slice(2).length ? process.argv.slice(2) : ["rxjs"];

function truthFor(name: string, dir: string): Truth {
  // Versioned: a truth that models more (v2: variables holding functions) must not be read from an old cache.
  const cached = join(OUT, `truth-${name}-v2.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, "utf8")) as Truth;
  const started = performance.now();
  const truth = buildTruth(dir);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(cached, JSON.stringify(truth));
  console.log(`truth for ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return truth;
}

function ixGraph(dir: string): { calls: IxCall[]; imports: IxImport[] } {
  const home = mkdtempSync(join(tmpdir(), "ix-accuracy-"));
  if (Bun.spawnSync(["bun", "build.ts"], { cwd: ROOT }).exitCode !== 0) throw new Error("build failed");
  const map = Bun.spawnSync([join(ROOT, "dist/ix"), "map", dir, "--format", "llm"], { env: { ...process.env, IX_HOME: home } });
  if (map.exitCode !== 0) throw new Error(`ix map failed: ${map.stdout}`);
  console.log(map.stdout.toString().split("\n")[0]);
  const db = new Database(findWorkspace(home, realpathSync(dir))!.dbPath, { readonly: true });
  const rows = db
    .query(
      `SELECT s.path sp, s.kind sk, s.name sn, s.start_line ss, s.end_line se,
              d.path dp, d.kind dk, d.name dn, d.start_line ds, d.end_line de, e.kind k
       FROM edges e JOIN nodes s ON s.rowid = e.src JOIN nodes d ON d.rowid = e.dst
       WHERE e.kind IN ('CALLS', 'IMPORTS')`,
    )
    .all() as Record<string, string | number>[];
  db.close();
  const calls: IxCall[] = [];
  const imports: IxImport[] = [];
  for (const r of rows) {
    if (r.k === "IMPORTS") {
      imports.push({ from: r.sp as string, to: r.dp as string });
      continue;
    }
    calls.push({
      callerPath: r.sp as string,
      callerName: r.sk === "file" ? "<file>" : (r.sn as string),
      callerStart: r.ss as number,
      callerEnd: r.se as number,
      calleePath: r.dp as string,
      calleeName: r.dn as string,
      calleeStart: r.ds as number,
      calleeEnd: r.de as number,
    });
  }
  return { calls, imports };
}

for (const name of names) {
  const dir = await ensureCorpus(name);
  const truth = truthFor(name, dir);
  const graph = ixGraph(dir);
  console.log(`\n# ${name}: ${truth.calls.length} truth call sites, ${graph.calls.length} ix call edges`);
  console.log(formatScores("callers", compareCallers(truth, graph.calls)));
  console.log(formatScores("importers", compareImporters(truth, graph.imports)));
}

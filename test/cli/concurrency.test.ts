// Parallel use, as agents make it: queries fired while `ix map` re-maps after edits, maps
// started while queries read. No answer may be an error a wait would have avoided, and none may
// report a half-written graph's absences as facts.
import { describe, expect, test } from "bun:test";
import { appendFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ensureBinary, ix, tempDir, writeTree } from "../helpers/cli";
import { dbPath } from "../helpers/graph";

const FILES = 120;

/** A chain of modules, each calling the one before: enough source that a map takes a while. */
function chainFixture(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) {
    const previous = i === 0 ? "" : `import { f${i - 1} } from "./m${i - 1}";\n`;
    const body = Array.from({ length: 30 }, (_, k) => `  helper${k}(n: number): number {\n    return n * ${k} + ${i};\n  }\n`).join("");
    files[`src/m${i}.ts`] =
      `${previous}export function f${i}(n: number): number {\n  return ${i === 0 ? "n" : `f${i - 1}(n) + 1`};\n}\n\n` +
      `export class C${i} {\n${body}  run(): number {\n    return f${i}(${i});\n  }\n}\n`;
  }
  return files;
}

function registered(home: string, root: string): boolean {
  try {
    dbPath(home, root);
    return true;
  } catch {
    return false;
  }
}

interface Outcome {
  args: string[];
  code: number;
  first: string;
}

function envOf(home: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith("IX_")) env[key] = value;
  return { ...env, IX_HOME: home, IX_FORMAT: "llm" };
}

async function run(args: string[], cwd: string, home: string): Promise<Outcome> {
  const proc = Bun.spawn([ensureBinary(), ...args], { cwd, env: envOf(home), stdout: "pipe", stderr: "pipe" });
  const out = await new Response(proc.stdout).text();
  const code = await proc.exited;
  return { args, code, first: out.split("\n")[0] ?? "" };
}

/** An answer a query may give while maps run: a real answer, or "a map is writing the graph". */
function acceptable(o: Outcome): boolean {
  if (o.code === 0) return !(o.args[0] === "doctor" && /\bstatus=fail\b/.test(o.first));
  return o.code === 1 && o.first.startsWith("error code=graph_mapping ");
}

const QUERIES = [
  [],
  ["status"],
  ["stats"],
  ["doctor"],
  ["callers", "f10"],
  ["callees", "f10"],
  ["entity", "f10"],
  ["around", "src/m10.ts:2"],
  ["read", "f10"],
  ["locate", "C10"],
  ["search", "helper1"],
  ["imported-by", "src/m10.ts"],
  ["imports", "src/m10.ts"],
  ["contains", "src/m10.ts"],
  ["overview", "C10"],
  ["inventory", "--kind", "function", "--limit", "3"],
  ["text", "export", "--limit", "2"],
];

describe("queries beside maps", () => {
  test(
    "16 readers of every kind through cold and incremental maps: no error, every map succeeds",
    async () => {
      const root = await writeTree(tempDir("ix-conc-"), chainFixture());
      const home = tempDir("ix-conc-home-");
      const outcomes: Outcome[] = [];
      let stop = false;
      const maps: Outcome[] = [];
      // The first map runs with the readers asking from the moment it has registered the
      // workspace (before, "no workspace covers this directory" is the truth).
      const first = run(["map", ".", "--silent"], root, home);
      while (!registered(home, root)) await Bun.sleep(2);
      const readers = Array.from({ length: 16 }, async (_, index) => {
        for (let i = index; !stop; i++) outcomes.push(await run(QUERIES[i % QUERIES.length]!, root, home));
      });
      maps.push(await first);
      for (let round = 0; round < 10; round++) {
        if (round % 3 === 2) maps.push(await run(["reset", "--workspace", "--yes", "--ingest"], root, home));
        else {
          const edited = round % 3 === 0 ? 1 : 40;
          for (let k = 0; k < edited; k++) appendFileSync(join(root, `src/m${(round * 7 + k) % FILES}.ts`), `\nexport function g${round}x${k}(): number {\n  return ${k};\n}\n`);
          maps.push(await run(["map", ".", "--silent"], root, home));
        }
      }
      stop = true;
      await Promise.all(readers);

      expect(maps.filter((m) => m.code !== 0)).toEqual([]);
      expect(outcomes.length).toBeGreaterThan(100);
      const wrong = outcomes.filter((o) => !acceptable(o)).map((o) => `ix ${o.args.join(" ")} → ${o.first}`);
      expect(wrong).toEqual([]);
      // The edits are all in the final graph.
      const last = await run(["search", "g9x0"], root, home);
      expect(last.code).toBe(0);
    },
    300_000,
  );
});

/**
 * A process that holds the graph's database exclusively for `ms`: what a connection cleaning
 * up the write-ahead log, or rebuilding its index, does for a moment.
 */
function holdDatabase(db: string, ms: number): { ready: Promise<void>; done: Promise<number> } {
  const script = join(tempDir("ix-hold-"), "hold.ts");
  writeFileSync(
    script,
    `import { Database } from "bun:sqlite";
const db = new Database(${JSON.stringify(db)}, { readwrite: true });
db.run("PRAGMA locking_mode = EXCLUSIVE");
db.run("BEGIN EXCLUSIVE");
db.run("COMMIT");
console.log("held");
await Bun.sleep(${ms});
db.close();
`,
  );
  const proc = Bun.spawn([process.execPath, script], { stdout: "pipe", stderr: "inherit" });
  const reader = proc.stdout.getReader();
  const ready = reader.read().then(() => undefined);
  return { ready, done: proc.exited };
}

describe("a graph held by another process for a moment", () => {
  test("a map and a query started meanwhile wait for it instead of failing", async () => {
    const root = await writeTree(tempDir("ix-held-"), chainFixture());
    const home = tempDir("ix-held-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    appendFileSync(join(root, "src/m3.ts"), "\nexport function late(): number {\n  return 3;\n}\n");
    const hold = holdDatabase(dbPath(home, root), 700);
    await hold.ready;
    const [map, query] = await Promise.all([run(["map", ".", "--silent"], root, home), run(["stats"], root, home)]);
    expect(await hold.done).toBe(0);
    expect(map).toMatchObject({ code: 0 });
    expect(query).toMatchObject({ code: 0 });
    expect(ix(["locate", "late"], { cwd: root, home }).code).toBe(0);
  }, 60_000);
});

describe("a map under way", () => {
  /** Marks a map as running the way a map does: its lock file, holding a live process's pid. */
  function mapRunning(home: string, root: string): void {
    writeFileSync(join(dirname(dbPath(home, root)), "map.lock"), String(process.pid));
  }

  test("queries while a map writes the first graph say so instead of inventing an absence", async () => {
    const root = await writeTree(tempDir("ix-first-"), chainFixture());
    const home = tempDir("ix-first-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(ix(["reset", "--workspace", "--yes"], { cwd: root, home }).code).toBe(0);
    // Registered, no graph, and a live map holding the lock: the moment before a first map commits.
    mapRunning(home, root);
    for (const args of [["callers", "f10"], ["status"], [], ["stats"], ["around", "src/m1.ts"]]) {
      const r = ix([...args, "--format", "llm"], { cwd: root, home });
      expect(r.code).toBe(1);
      expect(r.lines[0]).toStartWith("error code=graph_mapping ");
      expect(r.lines[1]).toMatch(new RegExp(`^graph status=mapping started=\\S+ pid=${process.pid}$`));
    }
    const json = JSON.parse(ix(["callers", "f10", "--format", "json"], { cwd: root, home }).stdout);
    expect(json.code).toBe("graph_mapping");

    const doctor = ix(["doctor", "--format", "llm"], { cwd: root, home });
    expect(doctor.lines[0]).toContain("status=warn");
    expect(doctor.stdout).toContain(`check name=map status=warn pid=${process.pid}`);
    expect(doctor.stdout).not.toContain("ix reset");
  });

  test("a lock left by a dead map is no map under way", async () => {
    const root = await writeTree(tempDir("ix-dead-"), chainFixture());
    const home = tempDir("ix-dead-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(ix(["reset", "--workspace", "--yes"], { cwd: root, home }).code).toBe(0);
    const dead = Bun.spawnSync(["true"]).pid;
    writeFileSync(join(dirname(dbPath(home, root)), "map.lock"), String(dead));
    const r = ix(["callers", "f10", "--format", "llm"], { cwd: root, home });
    expect(r.lines[0]).toStartWith("error code=workspace_not_mapped ");
    // And the next map takes the dead map's lock over.
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(ix(["callers", "f10"], { cwd: root, home }).code).toBe(0);
  });
});

// Call sites after an edit, on real code. For a few files of a corpus: every holder (the file
// and each entity nested in it) is asked `ix callees <holder>` on the file as mapped (sites from
// the recorded lines), then after each edit; a row agrees when its site= and also= are the
// recorded lines moved by the edit.
//   bun bench/sites.ts            (rxjs, a django package, go/ssa; IX_BINS=a,b compares builds)
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { binaryLabel, ixBinaries } from "./binary";
import { ensureCorpus } from "./corpora";

/** Part of a corpus (mapped alone, which keeps a run short) and the files edited in it. */
const SAMPLES = [
  {
    corpus: "rxjs",
    dir: "",
    files: [
      "src/internal/testing/TestScheduler.ts",
      "src/internal/ajax/ajax.ts",
      "src/internal/Observable.ts",
      "src/internal/observable/dom/WebSocketSubject.ts",
      "src/internal/operators/groupBy.ts",
      "src/internal/Subscriber.ts",
    ],
  },
  { corpus: "django", dir: "django/db", files: ["models/query.py", "models/base.py", "models/sql/query.py", "models/fields/related.py"] },
  { corpus: "go-tools", dir: "golang.org/x/tools/go/ssa", files: ["builder.go", "func.go", "ssa.go", "emit.go"] },
];

interface Edit {
  name: string;
  apply: (lines: string[]) => string[];
  /** Where a line of the file as mapped is after the edit; undefined when it was deleted. */
  map: (line: number) => number | undefined;
}

function editsOf(lines: string[]): Edit[] {
  const middle = Math.floor(lines.length / 2);
  const blank = lines.findIndex((l, i) => i > lines.length / 3 && l.trim() === "") + 1;
  return [
    { name: "3 lines at the top", apply: (l) => ["", "", "", ...l], map: (n) => n + 3 },
    { name: "3 lines in the middle", apply: (l) => [...l.slice(0, middle), "", "", "", ...l.slice(middle)], map: (n) => (n <= middle ? n : n + 3) },
    { name: "a blank line deleted at a third", apply: (l) => l.filter((_, i) => i !== blank - 1), map: (n) => (n < blank ? n : n === blank ? undefined : n - 1) },
  ];
}

type Row = { site: number; also: number[] };
type Score = { rows: number; site: number; both: number };

async function measure(bin: string, sample: (typeof SAMPLES)[number]): Promise<Map<string, Score>> {
  const work = mkdtempSync(join(tmpdir(), "ix-bench-sites-"));
  const root = join(work, "repo");
  cpSync(join(await ensureCorpus(sample.corpus), sample.dir), root, { recursive: true });
  const env = { ...process.env, IX_HOME: join(work, "home") };
  const run = (args: string[]) => Bun.spawnSync([bin, ...args, "--format", "llm"], { cwd: root, env }).stdout.toString().split("\n");
  const field = (line: string, key: string) => line.match(new RegExp(` ${key}=("(?:[^"\\\\]|\\\\.)*"|\\S+)`))?.[1];
  run(["map", ".", "--silent"]);

  const holdersOf = (path: string): string[] => {
    const ids = [path];
    for (let i = 0; i < ids.length; i++) {
      for (const line of run(["contains", ids[i]!, "--full", "--fields", "id"])) if (line.startsWith("member ")) ids.push(field(line, "id")!);
    }
    return ids;
  };
  const sitesIn = (holder: string, path: string): Map<string, Row> => {
    const rows = new Map<string, Row>();
    for (const line of run(["callees", holder, "--full", "--fields", "id,site,also"])) {
      const site = line.startsWith("ref ") ? field(line, "site") : undefined;
      if (!site?.startsWith(`${path}:`)) continue;
      rows.set(field(line, "id")!, { site: Number(site.slice(path.length + 1)), also: (field(line, "also") ?? "").split(",").filter(Boolean).map(Number) });
    }
    return rows;
  };

  const scores = new Map<string, Score>();
  for (const path of sample.files) {
    const original = readFileSync(join(root, path), "utf8");
    const holders = holdersOf(path);
    const before = new Map(holders.map((h) => [h, sitesIn(h, path)]));
    for (const edit of editsOf(original.split("\n"))) {
      writeFileSync(join(root, path), edit.apply(original.split("\n")).join("\n"));
      const score = scores.get(edit.name) ?? { rows: 0, site: 0, both: 0 };
      for (const holder of holders) {
        const after = sitesIn(holder, path);
        for (const [id, was] of before.get(holder)!) {
          const now = after.get(id);
          score.rows++;
          if (!now || now.site !== edit.map(was.site)) continue;
          score.site++;
          if (was.also.map(edit.map).join(",") === now.also.join(",")) score.both++;
        }
      }
      scores.set(edit.name, score);
    }
    writeFileSync(join(root, path), original);
  }
  rmSync(work, { recursive: true, force: true });
  return scores;
}

console.log("| corpus | binary | edit | rows | site right | site and also right |\n|---|---|---|---|---|---|");
for (const sample of SAMPLES) {
  for (const bin of ixBinaries()) {
    for (const [edit, s] of await measure(bin, sample)) {
      console.log(`| ${sample.corpus} | ${binaryLabel(bin)} | ${edit} | ${s.rows} | ${s.site} | ${s.both} |`);
    }
  }
}

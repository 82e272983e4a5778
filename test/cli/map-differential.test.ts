// Incremental maps against cold ones: a seeded run of adds, deletes, rewrites and saves by
// rename over a small TS / Python / Go repository. After every step the incrementally kept
// graph must hold exactly the edges, unresolved sites, file-level graph and rank figures of a
// graph mapped from scratch.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { ix, tempDir, writeTree } from "../helpers/cli";
import { countedFigures, edges, fileGraph, rankFigures, unresolved } from "../helpers/graph";

/** mulberry32: a small seeded generator, so a failure replays. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** src/all.ts is a barrel: its importers reach the files behind it only through re-exports. */
const TS = ["src/a.ts", "src/b.ts", "src/b/index.ts", "src/c.ts", "src/deep/d.ts", "src/deep/index.ts", "lib/e.ts", "src/all.ts"];
const PY = ["py/pkg/__init__.py", "py/pkg/one.py", "py/pkg/two.py", "py/pkg/sub/__init__.py", "py/pkg/sub/three.py", "py/main.py"];
const GO = ["go/p/x.go", "go/p/y.go", "go/q/z.go", "go/main.go"];
const NAMES = ["run", "load", "save"];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

/** A TS module importing one or two others by relative specifier, present or not. */
function tsSource(next: () => number, path: string, version: number): string {
  const lines: string[] = [];
  const calls: string[] = [];
  for (let i = 0; i < 1 + Math.floor(next() * 2); i++) {
    const target = pick(next, TS).replace(/(\/index)?\.ts$/, "");
    if (target === path.replace(/(\/index)?\.ts$/, "")) continue;
    let spec = relative(dirname(path), target);
    if (!spec.startsWith(".")) spec = `./${spec}`;
    const name = pick(next, NAMES);
    const alias = `${name}${i}`;
    lines.push(`import { ${name} as ${alias} } from '${spec}';`);
    calls.push(`${alias}()`);
  }
  const own = pick(next, NAMES);
  lines.push(`export function ${own}() { return ${calls.join(" + ") || "0"}; }`);
  lines.push(`export function v${version}() { return ${own}(); }`);
  return `${lines.join("\n")}\n`;
}

function pyModule(path: string): string {
  return path.replace(/^py\//, "").replace(/(\/__init__)?\.py$/, "").replaceAll("/", ".");
}

function pySource(next: () => number, path: string, version: number): string {
  const target = pick(next, PY.filter((p) => p !== path));
  const name = pick(next, NAMES);
  return [
    `from ${pyModule(target)} import ${name}`,
    "",
    `def ${pick(next, NAMES)}():`,
    `    return ${name}()`,
    "",
    `def v${version}():`,
    `    return ${name}()`,
    "",
  ].join("\n");
}

function goSource(next: () => number, path: string, version: number): string {
  const pkg = path === "go/main.go" ? "main" : path.split("/")[1]!;
  const other = pick(next, ["p", "q"].filter((p) => p !== pkg));
  const name = pick(next, NAMES);
  const exported = name[0]!.toUpperCase() + name.slice(1);
  return [
    `package ${pkg}`,
    "",
    `import "example.com/d/go/${other}"`,
    "",
    `func ${exported}${pkg === "main" ? "" : version}() int { return ${other}.${pick(next, ["Run", "Load", "Save"])}${version % 2}() }`,
    "",
    `func V${version}() int { return ${other}.${exported}${version % 2}() + local${version}() }`,
    "",
    `func local${version}() int { return 1 }`,
    "",
  ].join("\n");
}

/** Base and K, K extending Base, Base extending a class imported from another module (or not). */
function tsClassSource(next: () => number, path: string, version: number): string {
  const target = pick(next, TS).replace(/(\/index)?\.ts$/, "");
  let spec = relative(dirname(path), target);
  if (!spec.startsWith(".")) spec = `./${spec}`;
  const selfish = target === path.replace(/(\/index)?\.ts$/, "");
  const [m1, m2, m3] = [pick(next, NAMES), pick(next, NAMES), pick(next, NAMES)];
  const lines = selfish ? [] : [`import { Base as B0, K as K0 } from '${spec}';`];
  lines.push(selfish || next() < 0.3 ? "export class Base {" : "export class Base extends B0 {");
  lines.push(`  ${m1}() { return 1; }`, "}");
  lines.push("export class K extends Base {", `  ${m2}() { return this.${m1}() + this.${m3}(); }`, "}");
  lines.push(`export function ${pick(next, NAMES)}() { const k = new K(); return k.${m2}() + k.${m3}(); }`);
  if (!selfish) lines.push(`export function v${version}() { const o: K0 = new K0(); return new B0().${m1}() + o.${m3}(); }`);
  return `${lines.join("\n")}\n`;
}

function pyClassSource(next: () => number, path: string, version: number): string {
  const target = pick(next, PY.filter((p) => p !== path));
  const [m1, m2, m3] = [pick(next, NAMES), pick(next, NAMES), pick(next, NAMES)];
  return [
    `from ${pyModule(target)} import Base as B0, K as K0`,
    "",
    next() < 0.3 ? "class Base:" : "class Base(B0):",
    `    def ${m1}(self):`,
    "        return 1",
    "",
    "class K(Base):",
    `    def ${m2}(self):`,
    `        return self.${m1}() + self.${m3}()`,
    "",
    `def v${version}():`,
    "    k = K()",
    `    return k.${m2}() + K0().${m3}()`,
    "",
  ].join("\n");
}

/**
 * An interface and a struct per file, each with some of the same methods (some declared in the
 * package's other file), and a call through an interface of the imported package: which types
 * satisfy which interfaces moves with every edit, in this package and across the import.
 */
function goInterfaceSource(next: () => number, path: string, version: number): string {
  const pkg = path === "go/main.go" ? "main" : path.split("/")[1]!;
  const tag = (name: string) => name.replace(/^.*\//, "").replace(/\.go$/, "").toUpperCase();
  const other = pick(next, ["p", "q"].filter((p) => p !== pkg));
  const otherFile = pick(next, GO.filter((p) => p.startsWith(`go/${other}/`)));
  const sibling = pick(next, GO.filter((p) => p.startsWith(`go/${pkg}/`) && p !== path));
  const methods = (count: number) => [...new Set(Array.from({ length: count }, () => pick(next, ["Run", "Load", "Save"])))];
  const lines = [`package ${pkg}`, "", `import "example.com/d/go/${other}"`, ""];
  lines.push(`type Api${tag(path)} interface {`, ...methods(1 + Math.floor(next() * 2)).map((m) => `\t${m}() int`), "}", "");
  lines.push(`type Impl${tag(path)} struct{}`, "");
  for (const m of methods(1 + Math.floor(next() * 3))) lines.push(`func (Impl${tag(path)}) ${m}() int { return ${version} }`);
  if (sibling && next() < 0.5) lines.push(`func (Impl${tag(sibling)}) ${pick(next, ["Run", "Load", "Save"])}() int { return 0 }`);
  lines.push("", `func Use${version}(a ${other}.Api${tag(otherFile)}) int { return a.${pick(next, ["Run", "Load", "Save"])}() }`, "");
  return lines.join("\n");
}

function sourceFor(next: () => number, path: string, version: number, classes: boolean | "go"): string {
  if (classes === "go") return path.endsWith(".go") ? goInterfaceSource(next, path, version) : "";
  if (classes && path.endsWith(".ts") && path !== "src/all.ts" && next() < 0.6) return tsClassSource(next, path, version);
  if (classes && path.endsWith(".py") && next() < 0.6) return pyClassSource(next, path, version);
  if (path === "src/all.ts") return next() < 0.5 ? "export * from './a';\nexport * from './c';\n" : "export * from './b';\nexport * from './deep';\nexport * from './a';\n";
  if (path.endsWith(".ts")) return tsSource(next, path, version);
  if (path.endsWith(".py")) return pySource(next, path, version);
  return goSource(next, path, version);
}

function map(root: string, home: string): Record<string, string> {
  const r = ix(["map", ".", "--format", "llm"], { cwd: root, home });
  expect(r.code).toBe(0);
  return Object.fromEntries(r.lines[0]!.split(" ").slice(1).map((kv) => kv.split("=") as [string, string]));
}

describe("incremental maps agree with cold maps", () => {
  // Seed 2 caught a deletion (py/main.py) that changed calls in py/pkg/__init__.py, which neither
  // imported it nor had edges into it: only its questions about the file set found that file. Seed 10 caught
  // a rewrite of py/pkg/sub/__init__.py that moved a call of py/pkg/__init__.py, which reached it
  // only through a re-export: only the reads of its resolution found that file.
  // With classes: methods called through this/self, new and annotated receivers, inherited
  // from classes in other modules, through the barrel too.
  // Go interfaces: which types satisfy them (IMPLEMENTS) rests on other files' methods.
  const runs: [number, boolean | "go"][] = [[2, false], [7, false], [10, false], [1234, false], [100, true], [105, true], [31, "go"], [62, "go"]];
  for (const [seed, classes] of runs) {
    test(`seed ${seed}${classes === "go" ? ", Go interfaces" : classes ? ", with classes" : ""}: adds, deletes, rewrites and saves by rename`, async () => {
      const next = random(seed);
      const all = classes === "go" ? GO : [...TS, ...PY, ...GO];
      const start = Object.fromEntries(all.filter(() => next() < 0.6).map((p, i) => [p, sourceFor(next, p, i, classes)]));
      const root = await writeTree(tempDir("ix-diff-"), { ...start, "go.mod": "module example.com/d\n\ngo 1.22\n" });
      expect(Bun.spawnSync(["git", "init", "-q"], { cwd: root }).exitCode).toBe(0);
      const home = tempDir();
      map(root, home);
      let version = 100;
      const kinds = new Set<string>();
      let implementing = 0;
      for (let step = 0; step < 14; step++) {
        const path = pick(next, all);
        const abs = join(root, path);
        const present = existsSync(abs);
        const roll = next();
        let kind: string;
        if (!present) {
          kind = "add";
          mkdirSync(dirname(abs), { recursive: true });
          writeFileSync(abs, sourceFor(next, path, version++, classes));
        } else if (roll < 0.35) {
          kind = "delete";
          rmSync(abs);
        } else if (roll < 0.7) {
          kind = "rewrite";
          writeFileSync(abs, sourceFor(next, path, version++, classes));
        } else {
          kind = "rename-save";
          writeFileSync(`${abs}.tmp`, sourceFor(next, path, version++, classes));
          renameSync(`${abs}.tmp`, abs);
        }
        kinds.add(kind);
        map(root, home);
        const fresh = tempDir();
        map(root, fresh);
        const context = `seed ${seed}, step ${step}: ${kind} ${path}`;
        const kept = await edges(home, root);
        implementing += kept.filter((e) => e.includes(" IMPLEMENTS ")).length;
        expect({ context, edges: kept }).toEqual({ context, edges: await edges(fresh, root) });
        expect({ context, unresolved: await unresolved(home, root) }).toEqual({ context, unresolved: await unresolved(fresh, root) });
        // The file-level graph the revision writer keeps beside the edges counts what they hold.
        expect({ context, fileGraph: await fileGraph(home, root) }).toEqual({ context, fileGraph: await fileGraph(fresh, root) });
        // So are the rank figures it keeps per node: what the edges count now, as a cold map counts them.
        const figures = await rankFigures(home, root);
        expect({ context, figures }).toEqual({ context, figures: countedFigures(home, root) });
        expect({ context, figures }).toEqual({ context, figures: await rankFigures(fresh, root) });
      }
      // The run exercised every kind of change at least once.
      expect([...kinds].sort()).toEqual(["add", "delete", "rename-save", "rewrite"]);
      if (classes === "go") expect(implementing).toBeGreaterThan(0);
    });
  }
});

// Scale: a cold map resolves 10k synthetic files; an edit re-resolves one. Both must bind
// every call the same way; the timings are printed, never asserted.
import { expect, test } from "bun:test";
import type { FileFacts } from "../../src/model/facts.ts";
import { FactsBuilder, memoryProject } from "../helpers/facts-builder.ts";
import { resolveEach, resolveFiles } from "../../src/resolve/index.ts";

const FILES = 10_000;
const PER_DIR = 100;

function pathOf(i: number): string {
  return `src/d${Math.floor(i / PER_DIR)}/m${i % PER_DIR}.ts`;
}

function specifier(from: number, to: number): string {
  return `../d${Math.floor(to / PER_DIR)}/m${to % PER_DIR}`;
}

/** 5 entities, 3 imports, 10 calls: 8 bound, 1 unresolved, 1 external. */
function syntheticFile(i: number): FileFacts {
  const [a, b, c] = [(i + 1) % FILES, (i + 7) % FILES, (i + 31) % FILES];
  const f = new FactsBuilder(pathOf(i));
  f.import(specifier(i, a), [[`f${a}`, `f${a}`]]).import(specifier(i, b), [["*", "ns"]]).import(specifier(i, c), [[`C${c}`, `C${c}`]]);
  const cls = f.entity(`C${i}`, "class", { exported: true });
  const run = f.entity("run", "method", { parent: cls });
  const fn = f.entity(`f${i}`, "function", { exported: true });
  const g = f.entity(`g${i}`, "function", { exported: true });
  f.entity(`h${i}`, "function");
  f.typedVar(g, "x", `C${c}`)
    .call(fn, `g${i}`).call(fn, `h${i}`).call(fn, `f${a}`).call(fn, `g${b}`, "ns").call(fn, `C${c}`, undefined, { isNew: true })
    .call(g, "run", "x").call(run, "run", "this").call(run, `f${i}`).call(run, "log", "console").call(run, "bar", "foo");
  return f.build();
}

test("10k synthetic files: every call bound, the same cold and for one target", () => {
  const files = Array.from({ length: FILES }, (_, i) => syntheticFile(i));
  const project = memoryProject(files);
  const targets = files.map((f) => f.path);

  const coldStart = performance.now();
  const all = resolveFiles(targets, project);
  const coldMs = performance.now() - coldStart;

  let calls = 0;
  let unresolved = 0;
  let imports = 0;
  for (const result of all.values()) {
    calls += result.edges.filter((e) => e.kind === "CALLS").length;
    imports += result.edges.filter((e) => e.kind === "IMPORTS").length;
    unresolved += result.unresolved.length;
  }
  expect(calls).toBe(FILES * 8);
  expect(imports).toBe(FILES * 3);
  expect(unresolved).toBe(FILES);

  const one = pathOf(4242);
  const loadsBefore = project.loads;
  const warmStart = performance.now();
  const single = resolveFiles([one], project).get(one)!;
  const singleMs = performance.now() - warmStart;
  expect(single).toEqual(all.get(one)!);
  const loads = project.loads - loadsBefore;
  expect(loads).toBeLessThanOrEqual(4);

  console.log(`resolve: ${FILES} files cold ${(coldMs / 1000).toFixed(2)} s; 1 target ${singleMs.toFixed(2)} ms (${loads} facts loaded)`);
});

test("resolving in chunks, with caches dropped between them, binds every call the same way", () => {
  const files = Array.from({ length: FILES }, (_, i) => syntheticFile(i));
  const targets = files.slice(0, 1200).map((f) => f.path);
  // Probes are left out: they belong to a chunk, so they differ by design.
  const withoutProbes = (chunk: number) =>
    [...resolveEach(targets, memoryProject(files), chunk)].map(([path, resolution]) => [path, resolution] as const);
  const whole = withoutProbes(Number.POSITIVE_INFINITY);
  const chunked = withoutProbes(97);
  expect(chunked.map(([path]) => path)).toEqual(targets);
  expect(chunked).toEqual(whole);
  expect(whole.flatMap(([, r]) => r.edges).filter((e) => e.kind === "CALLS").length).toBe(targets.length * 8);
});

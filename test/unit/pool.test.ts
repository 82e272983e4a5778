// The parse pool: every requested file comes back exactly once, with its own facts, whether
// large and small files are spread over the workers or parsed on the calling thread.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ParseResult } from "../../src/ingest/parse";
import { parseEach } from "../../src/ingest/pool";

const root = mkdtempSync(join(tmpdir(), "ix-pool-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(path: string, functions: number): { path: string; size: number } {
  const text = Array.from({ length: functions }, (_, i) => `export function f${i}(x: number): number { return x + ${i}; }`).join("\n");
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
  return { path, size: Buffer.byteLength(text) };
}

// Forced either way: which one a map takes depends on how much source there is and on the cores.
const MODES = [
  ["in workers", { inlineBytes: 0 }],
  ["on this thread", { inlineBytes: Number.POSITIVE_INFINITY }],
] as const;

for (const [mode, opts] of MODES) {
  test(`large and small files ${mode}: each parsed once, with its own facts`, async () => {
    const dir = mode.replaceAll(" ", "-");
    const large = Array.from({ length: 3 }, (_, i) => file(`${dir}/big/b${i}.ts`, 5_000 + i)); // ~300 KB each
    const small = Array.from({ length: 70 }, (_, i) => file(`${dir}/src/s${i}.ts`, 1 + (i % 5)));
    expect(large.every((f) => f.size >= 256 * 1024)).toBe(true);
    const requests = [...small, ...large];
    const results: ParseResult[] = [];
    await parseEach(root, requests, (result) => results.push(result), undefined, opts);
    expect(results.map((r) => r.path).sort()).toEqual(requests.map((r) => r.path).sort());
    for (const result of results) {
      expect(result.status).toBe("parsed");
      if (result.status !== "parsed") continue;
      const name = result.path.slice(dir.length + 1);
      const expected = name.startsWith("big/") ? 5_000 + Number(name.slice(5, 6)) : 1 + (Number(name.slice(5, -3)) % 5);
      expect(result.facts.entities.length).toBe(expected);
    }
  });

  test(`a consumer that throws ${mode} stops the work and rejects`, async () => {
    const dir = `stop-${mode.replaceAll(" ", "-")}`;
    const requests = Array.from({ length: 40 }, (_, i) => file(`${dir}/s${i}.ts`, 1));
    let seen = 0;
    const run = parseEach(root, requests, () => {
      if (++seen === 3) throw new Error("disk full");
    }, undefined, opts);
    await expect(run).rejects.toThrow("disk full");
    expect(seen).toBeLessThan(requests.length);
  });
}

test("a consumer that throws on the very last result still rejects", async () => {
  const requests = Array.from({ length: 40 }, (_, i) => file(`last/s${i}.ts`, 1));
  let seen = 0;
  const run = parseEach(root, requests, () => {
    if (++seen === requests.length) throw new Error("disk full at the end");
  }, undefined, { inlineBytes: 0 });
  await expect(run).rejects.toThrow("disk full at the end");
});

for (const [mode, opts] of MODES) {
  test(`a file out of its time budget ${mode} is parsed again alone, with more time, and comes back once`, async () => {
    const dir = `retry-${mode.replaceAll(" ", "-")}`;
    const big = file(`${dir}/big.ts`, 3_000); // ~180 KB: parses under a time budget
    const small = Array.from({ length: 30 }, (_, i) => file(`${dir}/s${i}.ts`, 2));
    const results: ParseResult[] = [];
    // A budget of 1 ms stands for a loaded machine: the first try runs out of time.
    await parseEach(root, [{ ...big, budgetMs: 1 }, ...small], (r) => results.push(r), undefined, opts);
    expect(results.filter((r) => r.path === big.path).map((r) => r.status)).toEqual(["parsed"]);
    expect(results.length).toBe(31);
  });
}

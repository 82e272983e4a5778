// The parse pool: every requested file comes back exactly once, with its own facts, when
// large and small files are spread over the workers.
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

test("large and small files: each parsed once, with its own facts", async () => {
  const large = Array.from({ length: 3 }, (_, i) => file(`big/b${i}.ts`, 5_000 + i)); // ~300 KB each
  const small = Array.from({ length: 70 }, (_, i) => file(`src/s${i}.ts`, 1 + (i % 5)));
  expect(large.every((f) => f.size >= 256 * 1024)).toBe(true);
  const requests = [...small, ...large];
  const results: ParseResult[] = [];
  await parseEach(root, requests, (result) => results.push(result));
  expect(results.map((r) => r.path).sort()).toEqual(requests.map((r) => r.path).sort());
  for (const result of results) {
    expect(result.status).toBe("parsed");
    if (result.status !== "parsed") continue;
    const expected = result.path.startsWith("big/") ? 5_000 + Number(result.path.slice(5, 6)) : 1 + (Number(result.path.slice(5, -3)) % 5);
    expect(result.facts.entities.length).toBe(expected);
  }
});

test("a consumer that throws stops the work and rejects", async () => {
  const requests = Array.from({ length: 40 }, (_, i) => file(`stop/s${i}.ts`, 1));
  let seen = 0;
  const run = parseEach(root, requests, () => {
    if (++seen === 3) throw new Error("disk full");
  });
  await expect(run).rejects.toThrow("disk full");
  expect(seen).toBeLessThan(requests.length);
});

test("a consumer that throws on the very last result still rejects", async () => {
  const requests = Array.from({ length: 40 }, (_, i) => file(`last/s${i}.ts`, 1));
  let seen = 0;
  const run = parseEach(root, requests, () => {
    if (++seen === requests.length) throw new Error("disk full at the end");
  });
  await expect(run).rejects.toThrow("disk full at the end");
});

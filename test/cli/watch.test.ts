// ix watch: maps again after an edit, an add and a delete, and stops on SIGTERM with exit 0.
import { describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureBinary, ix, tempDir, writeTree } from "../helpers/cli";

/** Asks `ix callers foo` until `check` holds or the time runs out; the last answer. */
async function until(root: string, home: string, check: (out: string) => boolean, ms = 15_000): Promise<string> {
  const end = Date.now() + ms;
  let out = "";
  while (Date.now() < end) {
    out = ix(["callers", "foo", "--format", "llm"], { cwd: root, home }).stdout;
    if (check(out)) return out;
    await Bun.sleep(150);
  }
  return out;
}

/** `ix watch .` with its stderr gathered as it comes (`err()`: all of it so far). */
function start(root: string, home: string) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", IX_HOME: home };
  const child = Bun.spawn([ensureBinary(), "watch", "."], { cwd: root, env, stdout: "pipe", stderr: "pipe" });
  let text = "";
  const decoder = new TextDecoder();
  const read = (async () => {
    for await (const chunk of child.stderr) text += decoder.decode(chunk);
  })();
  return Object.assign(child, { err: async (settled = false) => (settled && (await read), text) });
}
const mapsIn = (stderr: string) => stderr.split("\n").filter((l) => l.includes("changed paths:"));

describe("ix watch", () => {
  test("an edit, an add and a delete each reach the graph; SIGTERM stops it with exit 0", async () => {
    const root = await writeTree(tempDir("ix-watch-"), {
      "a.ts": "export function foo(): number {\n  return 1;\n}\n",
      "b.ts": 'import { foo } from "./a";\nexport function bar(): number {\n  return 1;\n}\n',
      "node_modules/x/index.ts": "export const x = 1;\n",
    });
    const home = tempDir("ix-watch-home-");
    const child = start(root, home);
    try {
      expect(await until(root, home, (out) => out.startsWith("callers "))).toContain("total=0");
      writeFileSync(join(root, "b.ts"), 'import { foo } from "./a";\nexport function bar(): number {\n  return foo();\n}\n');
      expect(await until(root, home, (out) => out.includes("ref name=bar "))).toContain("ref name=bar ");
      writeFileSync(join(root, "c.ts"), 'import { foo } from "./a";\nexport function baz(): number {\n  return foo();\n}\n');
      expect(await until(root, home, (out) => out.includes("ref name=baz "))).toContain("ref name=baz ");
      rmSync(join(root, "c.ts"));
      expect(await until(root, home, (out) => out.includes("total=1 "))).not.toContain("ref name=baz ");
      // What no map looks at is no change: an edit under node_modules maps nothing.
      await Bun.sleep(500);
      const before = mapsIn(await child.err()).length;
      writeFileSync(join(root, "node_modules/x/index.ts"), "export const x = 2;\n");
      await Bun.sleep(1000);
      expect(mapsIn(await child.err()).length).toBe(before);
      child.kill("SIGTERM");
      expect(await child.exited).toBe(0);
      const stderr = await child.err(true);
      expect(stderr).toContain("ix watch: stopped");
      expect(await new Response(child.stdout).text()).toBe("");
    } finally {
      child.kill("SIGKILL");
    }
  });

  test("a burst of saves during a map is one trailing map, and SIGINT stops it too", async () => {
    const files: Record<string, string> = { "a.ts": "export function foo(): number {\n  return 1;\n}\n" };
    for (let i = 0; i < 30; i++) files[`src/f${i}.ts`] = `import { foo } from "../a";\nexport function g${i}(): number {\n  return foo();\n}\n`;
    const root = await writeTree(tempDir("ix-watch-burst-"), files);
    const home = tempDir("ix-watch-burst-home-");
    const child = start(root, home);
    try {
      expect(await until(root, home, (out) => out.includes("total=30 "))).toContain("total=30 ");
      for (let i = 0; i < 30; i++) {
        writeFileSync(join(root, `src/f${i}.ts`), `import { foo } from "../a";\nexport function h${i}(): number {\n  return foo() + ${i};\n}\n`);
        await Bun.sleep(20);
      }
      expect(await until(root, home, (out) => out.includes("ref name=h29 "))).toContain("ref name=h0 ");
      await Bun.sleep(700);
      child.kill("SIGINT");
      expect(await child.exited).toBe(0);
      const maps = mapsIn(await child.err(true));
      // 30 saves 20 ms apart, inside one debounce window or overlapping a map: at most a map and its trailer.
      expect(maps.length).toBeGreaterThanOrEqual(1);
      expect(maps.length).toBeLessThanOrEqual(2);
    } finally {
      child.kill("SIGKILL");
    }
  });
});

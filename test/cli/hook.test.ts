// ix hook claude-post-edit: Claude Code's PostToolUse event on stdin, the host's JSON reply on
// stdout, exit 0 whatever it is given.
import { describe, expect, test } from "bun:test";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ix, tempDir, writeTree } from "../helpers/cli";

const A = "export function foo(a: number): number {\n  return a + 1;\n}\n\nexport function other(): number {\n  return 0;\n}\n";
const B = 'import { foo } from "./a";\n\nexport function bar(): number {\n  return foo(2);\n}\n';

async function mapped(files: Record<string, string> = { "a.ts": A, "b.ts": B }) {
  const root = await writeTree(tempDir("ix-hook-"), files);
  const home = tempDir("ix-hook-home-");
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
  return { root, home };
}

const edit = (root: string, file: string, old: string, now: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ hook_event_name: "PostToolUse", cwd: root, tool_name: "Edit", tool_input: { file_path: join(root, file), old_string: old, new_string: now }, ...extra });

function hook(input: string, home: string, cwd = tempDir()) {
  const r = ix(["hook", "claude-post-edit"], { cwd, home, input, timeout: 20_000 });
  return { ...r, reply: JSON.parse(r.stdout) as { hookSpecificOutput?: { hookEventName: string; additionalContext: string } } };
}

describe("ix hook claude-post-edit", () => {
  test("an edit inside a called function answers its caller and importer as additionalContext", async () => {
    const { root, home } = await mapped();
    writeFileSync(join(root, "a.ts"), A.replace("a + 1", "a + 2"));
    const r = hook(edit(root, "a.ts", "a + 1", "a + 2"), home);
    expect(r.code).toBe(0);
    expect(r.reply.hookSpecificOutput?.hookEventName).toBe("PostToolUse");
    const context = r.reply.hookSpecificOutput!.additionalContext;
    expect(context).toContain("symbol name=foo ");
    expect(context).toContain("caller name=bar kind=function site=b.ts:4");
    expect(context).toContain("importer path=b.ts");
    // The edited line is foo's, not other's.
    expect(context).not.toContain("name=other");
  });

  test("the hook re-maps the edited file: a call the edit added is in the graph after it", async () => {
    const { root, home } = await mapped();
    const now = "export function baz(): number {\n  return foo(3);\n}\n";
    writeFileSync(join(root, "b.ts"), B + "\n" + now);
    expect(hook(edit(root, "b.ts", "", now), home).code).toBe(0);
    const callers = ix(["callers", "foo", "--format", "llm"], { cwd: root, home });
    expect(callers.stdout).toContain("ref name=baz ");
    expect(ix(["status", "--format", "llm"], { cwd: root, home }).stdout).not.toContain("modified=1");
  });

  test("the edited lines come from the patch the host gives (structuredPatch)", async () => {
    const { root, home } = await mapped();
    writeFileSync(join(root, "a.ts"), A.replace("return 0", "return 9"));
    const patch = [{ oldStart: 5, oldLines: 3, newStart: 5, newLines: 3, lines: [" export function other(): number {", "-  return 0;", "+  return 9;", " }"] }];
    const r = hook(edit(root, "a.ts", "0", "9", { tool_response: { filePath: join(root, "a.ts"), structuredPatch: patch } }), home);
    // other has no dependents, but its file has an importer: the answer is other's.
    const context = r.reply.hookSpecificOutput?.additionalContext ?? "";
    expect(context).toContain("symbol name=other ");
    expect(context).not.toContain("symbol name=foo ");
  });

  test("the answer stays within 300 tokens for a function with a hundred callers", async () => {
    const files: Record<string, string> = { "a.ts": A };
    for (let i = 0; i < 100; i++) files[`src/caller${i}.ts`] = `import { foo } from "../a";\n\nexport function useFoo${i}(): number {\n  return foo(${i});\n}\n`;
    const { root, home } = await mapped(files);
    writeFileSync(join(root, "a.ts"), A.replace("a + 1", "a + 2"));
    const context = hook(edit(root, "a.ts", "a + 1", "a + 2"), home).reply.hookSpecificOutput!.additionalContext;
    expect(context).toContain("caller name=useFoo");
    expect(Math.ceil(context.length / 4)).toBeLessThanOrEqual(300);
  });

  test("empty, malformed and non-edit input exit 0 with an empty reply", async () => {
    const { root, home } = await mapped();
    for (const input of ["", "not json", "[1,2]", '{"tool_name":"Edit"}', '{"tool_name":"Bash","tool_input":{"command":"ls"}}', '{"tool_name":"Edit","tool_input":{"file_path":42}}', "\u0000\u0001{"]) {
      const r = hook(input, home, root);
      expect(r.code).toBe(0);
      expect(r.reply).toEqual({});
    }
  });

  test("a file outside any workspace, a deleted file and an unmapped workspace exit 0 saying nothing", async () => {
    const { root, home } = await mapped();
    const elsewhere = await writeTree(tempDir("ix-hook-out-"), { "x.ts": A });
    expect(hook(edit(elsewhere, "x.ts", "a", "b"), home).reply).toEqual({});
    rmSync(join(root, "b.ts"));
    const deleted = hook(edit(root, "b.ts", "a", "b"), home);
    expect(deleted.code).toBe(0);
    expect(deleted.reply).toEqual({});
    // The deletion was mapped too.
    expect(ix(["imported-by", "a.ts", "--format", "llm"], { cwd: root, home }).stdout).not.toContain("b.ts");
    // Never a first map inside a hook.
    const fresh = await writeTree(tempDir("ix-hook-fresh-"), { "a.ts": A, "b.ts": B });
    const r = hook(edit(fresh, "a.ts", "a + 1", "a + 1"), home);
    expect(r.code).toBe(0);
    expect(r.reply).toEqual({});
    expect(ix(["status", "--format", "llm"], { cwd: fresh, home }).stdout).toContain("workspace=none");
  });

  test("past its time budget it answers {} with exit 0, and the graph it cut off is still whole", async () => {
    const { root, home } = await mapped();
    writeFileSync(join(root, "a.ts"), A.replace("a + 1", "a + 3"));
    const started = performance.now();
    const r = ix(["hook", "claude-post-edit"], { cwd: root, home, input: edit(root, "a.ts", "a + 1", "a + 3"), env: { IX_HOOK_BUDGET_MS: "1" }, timeout: 20_000 });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({});
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    expect(ix(["callers", "foo", "--format", "llm"], { cwd: root, home }).stdout).toContain("ref name=bar ");
  });

  test("a map another process holds the lock for is not waited for: the current graph answers", async () => {
    const { root, home } = await mapped();
    const [store] = readdirSync(join(home, "workspaces"));
    // A live holder: this test's own process.
    writeFileSync(join(home, "workspaces", store!, "map.lock"), String(process.pid));
    writeFileSync(join(root, "a.ts"), A.replace("a + 1", "a + 2"));
    const started = performance.now();
    const r = hook(edit(root, "a.ts", "a + 1", "a + 2"), home);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(r.code).toBe(0);
    expect(r.reply.hookSpecificOutput?.additionalContext).toContain("caller name=bar ");
  });

  test("a map the budget cut off is finished in the background: the graph catches up without another edit", async () => {
    const files: Record<string, string> = { "a.ts": A };
    for (let i = 0; i < 300; i++) files[`src/f${i}.ts`] = `import { foo } from "../a";\nexport function g${i}(): number {\n  return foo(${i});\n}\n`;
    const { root, home } = await mapped(files);
    for (let i = 0; i < 300; i++) writeFileSync(join(root, `src/f${i}.ts`), `import { foo } from "../a";\nexport function h${i}(): number {\n  return foo(${i});\n}\n`);
    const r = ix(["hook", "claude-post-edit"], { cwd: root, home, input: edit(root, "src/f0.ts", "g0", "h0"), env: { IX_HOOK_BUDGET_MS: "150" }, timeout: 20_000 });
    expect(r.code).toBe(0);
    const end = Date.now() + 30_000;
    let out = "";
    while (Date.now() < end) {
      out = ix(["callers", "foo", "--format", "llm", "--limit", "500"], { cwd: root, home }).stdout;
      if (out.includes("ref name=h299 ")) break;
      await Bun.sleep(200);
    }
    expect(out).toContain("ref name=h299 ");
    expect(out).not.toContain("ref name=g299 ");
  });
});

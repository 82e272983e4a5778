// ix history, patches and diff on the compiled binary: an entity's revisions across an edit, a
// file rename, a move and a delete; the revisions kept, with their origin and git's HEAD; what
// two revisions differ by, with git's hunks when both were mapped from clean commits.
import { describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeLlm } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";
import { git } from "../helpers/git";

type Rec = { kind: string; fields: Record<string, string> };
const records = (lines: string[]): Rec[] => lines.map((l) => decodeLlm(l) as Rec);

function llm(args: string[], root: string, home: string, code = 0): Rec[] {
  const r = ix([...args, "--format", "llm"], { cwd: root, home });
  if (r.code !== code) throw new Error(`ix ${args.join(" ")} exited ${r.code}: ${r.stdout}${r.stderr}`);
  return records(r.lines);
}

const map = (root: string, home: string, ...extra: string[]) => llm(["map", ".", "--silent", ...extra], root, home)[0]!.fields;
const commit = (root: string, message: string) => {
  git(root, "add", "-A");
  git(root, "commit", "-qm", message);
};
const rows = (recs: Rec[], kind: string) => recs.filter((r) => r.kind === kind).map((r) => r.fields);

const A1 = "export function alpha(x: number) {\n  return x + 1;\n}\n\nexport function beta() {\n  return alpha(2);\n}\n";

/** A git repository of two files, committed and mapped: revision 1. */
async function repo(): Promise<{ root: string; home: string }> {
  const root = await writeTree(tempDir("ix-history-"), {
    "src/a.ts": A1,
    "src/b.ts": 'import { alpha } from "./a";\nexport function gamma() {\n  return alpha(3);\n}\n',
  });
  git(root, "init", "-q");
  commit(root, "one");
  const home = tempDir();
  expect(map(root, home, "--intent", "first look")).toMatchObject({ rev: "1" });
  return { root, home };
}

describe("history", () => {
  test("an edit of the text is a change, a shift of lines is not, a new signature says so", async () => {
    const { root, home } = await repo();
    // Lines shift under alpha and beta; alpha's text also changes.
    writeFileSync(join(root, "src/a.ts"), "// a comment\n" + A1.replace("x + 1", "x + 2"));
    expect(map(root, home)).toMatchObject({ rev: "2" });
    writeFileSync(join(root, "src/a.ts"), "// a comment\n" + A1.replace("x + 1", "x + 2").replace("alpha(x: number)", "alpha(x: number, y = 0)"));
    expect(map(root, home)).toMatchObject({ rev: "3" });

    const alpha = llm(["history", "alpha"], root, home);
    expect(alpha[0]).toEqual({ kind: "history", fields: expect.objectContaining({ target: "alpha", kind: "function", path: "src/a.ts", count: "3" }) });
    const patches = rows(alpha, "patch");
    expect(patches.map((p) => [p.rev, p.change, p.what ?? ""])).toEqual([
      ["3", "changed", "signature,body"],
      ["2", "changed", "body"],
      ["1", "added", ""],
    ]);
    expect(patches[0]!.signature).toBe("function alpha(x: number, y = 0) {");
    expect(patches[2]).toMatchObject({ baseline: "true", source: "map", intent: "first look", dirty: "false" });
    expect(patches[2]!.head).toMatch(/^[0-9a-f]{12}$/);
    expect(patches[0]!.dirty).toBe("true");
    expect(patches.every((p) => /^\d{4}-\d\d-\d\dT/.test(p.ts!))).toBe(true);

    // beta only moved down a line: it has no change after it appeared.
    expect(rows(llm(["history", "beta"], root, home), "patch").map((p) => p.change)).toEqual(["added"]);
    // --limit cuts to the newest and says so.
    const cut = llm(["history", "alpha", "--limit", "1"], root, home);
    expect(cut[0]!.fields).toMatchObject({ count: "3", shown: "1" });
    expect(rows(cut, "diagnostic")[0]).toMatchObject({ code: "results_truncated" });
  });

  test("a renamed file and the entities in it keep their history, naming what they were", async () => {
    const { root, home } = await repo();
    writeFileSync(join(root, "src/b.ts"), 'import { alpha } from "./a";\nexport function gamma() {\n  return alpha(4);\n}\n');
    expect(map(root, home)).toMatchObject({ rev: "2" });
    git(root, "mv", "src/b.ts", "src/c.ts");
    expect(map(root, home)).toMatchObject({ rev: "3" });

    const gamma = rows(llm(["history", "gamma"], root, home), "patch");
    expect(gamma.map((p) => [p.rev, p.change, p.path ?? "", p.renamed_from ?? "", p.renamed_from_path ?? ""])).toEqual([
      ["3", "moved", "", "gamma", "src/b.ts"],
      ["2", "changed", "src/b.ts", "", ""],
      ["1", "added", "src/b.ts", "", ""],
    ]);
    const file = llm(["history", "src/c.ts"], root, home);
    expect(file[0]!.fields).toMatchObject({ target: "src/c.ts", kind: "file", count: "3" });
    expect(rows(file, "patch")[0]).toMatchObject({ change: "moved", renamed_from: "src/b.ts" });
  });

  test("an entity moved whole to another file is followed back to where it was", async () => {
    const { root, home } = await repo();
    writeFileSync(join(root, "src/a.ts"), A1.slice(A1.indexOf("\nexport function beta")).trimStart());
    writeFileSync(join(root, "src/d.ts"), A1.slice(0, A1.indexOf("\nexport function beta")));
    expect(map(root, home)).toMatchObject({ rev: "2" });
    const alpha = rows(llm(["history", "alpha"], root, home), "patch");
    expect(alpha.map((p) => [p.change, p.path ?? "", p.renamed_from_path ?? ""])).toEqual([
      ["moved", "", "src/a.ts"],
      ["added", "src/a.ts", ""],
    ]);
  });

  test("a deleted entity is still found by its name, with the revision that removed it", async () => {
    const { root, home } = await repo();
    rmSync(join(root, "src/b.ts"));
    expect(map(root, home)).toMatchObject({ rev: "2" });
    const gamma = llm(["history", "gamma"], root, home);
    expect(gamma[0]!.fields).toMatchObject({ target: "gamma", kind: "function", path: "src/b.ts", removed_at: "2", count: "2" });
    expect(rows(gamma, "patch").map((p) => p.change)).toEqual(["removed", "added"]);
    expect(llm(["history", "src/b.ts"], root, home)[0]!.fields).toMatchObject({ kind: "file", removed_at: "2" });
    // A name nothing ever had is the resolver's miss.
    const miss = llm(["history", "zzNothing"], root, home, 1);
    expect(miss[0]).toMatchObject({ kind: "error", fields: { code: "unresolved_target" } });
  });

  test("answers in every format", async () => {
    const { root, home } = await repo();
    const json = ix(["history", "alpha", "--format", "json"], { cwd: root, home });
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout);
    expect(doc.history).toMatchObject({ target: "alpha", kind: "function", count: 1 });
    expect(doc.patch[0]).toMatchObject({ rev: 1, change: "added", baseline: true });
    expect(doc.patch[0].head).toMatch(/^[0-9a-f]{40}$/);
    for (const format of ["text", "toon"]) {
      const r = ix(["history", "alpha", "--format", format], { cwd: root, home });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("alpha");
    }
  });
});

describe("patches", () => {
  test("the revisions kept, newest first, and history_keep drops the oldest in the map's transaction", async () => {
    const { root, home } = await repo();
    for (let i = 2; i <= 4; i++) {
      writeFileSync(join(root, "src/a.ts"), A1.replace("x + 1", `x + ${i}`));
      expect(map(root, home)).toMatchObject({ rev: String(i) });
    }
    const all = llm(["patches"], root, home);
    expect(all[0]!.fields).toMatchObject({ rev: "4", shown: "4", total: "4" });
    expect(rows(all, "patch").map((p) => p.rev)).toEqual(["4", "3", "2", "1"]);
    expect(rows(all, "patch")[3]).toMatchObject({ files_added: "2", baseline: "true", intent: "first look" });

    expect(ix(["config", "set", "history_keep", "many"], { home }).code).toBe(2);
    expect(ix(["config", "set", "history_keep", "2"], { home }).code).toBe(0);
    writeFileSync(join(root, "src/a.ts"), A1.replace("x + 1", "x + 5"));
    expect(map(root, home)).toMatchObject({ rev: "5" });
    expect(rows(llm(["patches"], root, home), "patch").map((p) => p.rev)).toEqual(["5", "4"]);
    const alpha = llm(["history", "alpha"], root, home);
    expect(rows(alpha, "patch").map((p) => p.rev)).toEqual(["5", "4"]);
    expect(alpha[0]!.fields).toMatchObject({ since: "4" });
    expect(rows(alpha, "note")[0]!.text).toContain("older than revision 4");
    const pruned = llm(["diff", "1", "5"], root, home, 1);
    expect(pruned[0]!.fields).toMatchObject({ code: "revision_pruned" });
  });
});

describe("diff", () => {
  test("counts and rows between two revisions, each entity once", async () => {
    const { root, home } = await repo();
    writeFileSync(join(root, "src/a.ts"), A1.replace("x + 1", "x + 2") + "export function delta() {}\n");
    map(root, home);
    writeFileSync(join(root, "src/a.ts"), A1.replace("x + 1", "x + 3"));
    map(root, home);
    const both = llm(["diff", "1", "3"], root, home);
    expect(both[0]!.fields).toMatchObject({ from: "1", to: "3", added: "0", changed: "2", removed: "0", files_modified: "1" });
    expect(rows(both, "entity").map((e) => `${e.change} ${e.name ?? e.path}`).sort()).toEqual(["changed alpha", "changed src/a.ts"]);
    const summary = llm(["diff", "1", "2", "--summary"], root, home);
    expect(summary[0]!.fields).toMatchObject({ added: "1", changed: "2" });
    expect(rows(summary, "entity")).toEqual([]);
    expect(rows(llm(["diff", "0", "1"], root, home), "note")[0]!.text).toContain("first map");
  });

  test("--content shows git's hunks for the target's lines when both revisions map clean commits, else says why not", async () => {
    const { root, home } = await repo();
    writeFileSync(join(root, "src/a.ts"), A1.replace("x + 1", "x + 2").replace("alpha(2)", "alpha(5)"));
    commit(root, "two");
    map(root, home);
    const alpha = llm(["diff", "1", "2", "alpha", "--content"], root, home);
    expect(alpha[0]!.fields).toMatchObject({ target: "alpha", changed: "1" });
    const content = rows(alpha, "content")[0]!;
    expect(content.from_head).toBe(git(root, "rev-parse", "HEAD~1").slice(0, 12));
    expect(content.to_head).toBe(git(root, "rev-parse", "HEAD").slice(0, 12));
    const hunks = rows(alpha, "hunk");
    expect(hunks.length).toBe(1);
    expect(hunks[0]!.path).toBe("src/a.ts");
    expect(hunks[0]!.text).toContain("-  return x + 1;\n+  return x + 2;");

    // An edit not committed: the revision's text is no commit's.
    writeFileSync(join(root, "src/a.ts"), A1.replace("x + 1", "x + 9"));
    map(root, home);
    const dirty = rows(llm(["diff", "2", "3", "alpha", "--content"], root, home), "content")[0]!;
    expect(dirty).toMatchObject({ available: "false" });
    expect(dirty.reason).toContain("uncommitted changes");
    expect(rows(llm(["diff", "0", "1", "--content"], root, home), "content")[0]!.reason).toContain("empty graph");
  });

  test("--content of an entity that moved since takes its text from the file it was in then", async () => {
    const { root, home } = await repo();
    writeFileSync(join(root, "src/a.ts"), A1.replace("x + 1", "x + 2"));
    commit(root, "two");
    map(root, home);
    writeFileSync(join(root, "src/a.ts"), A1.slice(A1.indexOf("\nexport function beta")).trimStart());
    writeFileSync(join(root, "src/d.ts"), A1.replace("x + 1", "x + 2").slice(0, A1.indexOf("\nexport function beta")));
    commit(root, "three");
    map(root, home);
    expect(rows(llm(["history", "alpha"], root, home), "patch")[0]).toMatchObject({ change: "moved", renamed_from_path: "src/a.ts" });
    const hunks = rows(llm(["diff", "1", "2", "alpha", "--content"], root, home), "hunk");
    expect(hunks.map((h) => h.path)).toEqual(["src/a.ts"]);
    expect(hunks[0]!.text).toContain("+  return x + 2;");
  });

  test("wrong revisions are usage errors; a revision past the graph's is not found", async () => {
    const { root, home } = await repo();
    expect(llm(["diff", "1", "1"], root, home, 2)[0]!.fields).toMatchObject({ code: "invalid_value" });
    expect(llm(["diff", "x", "1"], root, home, 2)[0]!.fields).toMatchObject({ code: "invalid_value" });
    expect(llm(["diff", "0", "7"], root, home, 1)[0]!.fields).toMatchObject({ code: "revision_not_found" });
  });
});

// The pieces of history, patches and diff that need no binary: a range's rows folded per
// entity, git's hunks read, entity text hashed, the history_keep setting read, and git's HEAD
// read from its files.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fold, parseHunks } from "../../src/answers/diff";
import { historyKeep } from "../../src/config/settings";
import { bodyHashes } from "../../src/ingest/parse";
import type { FileFacts } from "../../src/model/facts";
import type { EntityChange } from "../../src/store";
import { dirtyPaths, headCommit } from "../../src/util/git";
import { git } from "../helpers/git";

const change = (rev: number, id: string, op: EntityChange["change"], extra: Partial<EntityChange> = {}): EntityChange => ({
  rev, id, kind: "function", name: id, qname: id, path: "a.ts", change: op, what: [], signature: "", ...extra,
});

describe("fold", () => {
  test("each entity once, by its first and last rows in the range", () => {
    const rows = [
      change(2, "came-went", "added"),
      change(2, "edited", "changed", { what: ["body"] }),
      change(3, "came-went", "removed"),
      change(3, "edited", "changed", { what: ["signature"] }),
      change(3, "gone", "removed"),
      change(3, "new", "added"),
      change(4, "old", "removed", { path: "a.ts" }),
      change(4, "moved", "added", { renamedFrom: "old", path: "b.ts" }),
    ];
    expect(fold(rows).map((e) => [e.id, e.change, e.what.join(","), e.renamedFrom?.path ?? ""])).toEqual([
      ["edited", "changed", "body,signature", ""],
      ["gone", "removed", "", ""],
      ["new", "added", "", ""],
      ["moved", "moved", "", "a.ts"],
    ]);
  });

  test("a move whose predecessor's removal lies outside the range is an addition", () => {
    expect(fold([change(5, "moved", "added", { renamedFrom: "old" })]).map((e) => e.change)).toEqual(["added"]);
  });
});

describe("parseHunks", () => {
  test("each hunk with its file, a deleted file by its old path, and a removed line that looks like a header stays a line", () => {
    const text = [
      "diff --git a/src/a.ts b/src/a.ts",
      "index 1..2 100644",
      "--- a/src/a.ts",
      "+++ b/src/a.ts",
      "@@ -1,3 +1,3 @@ export function a() {",
      " keep",
      "--- a removed line that starts with dashes",
      "+new",
      "@@ -10 +10,2 @@",
      "-x",
      "+y",
      "+z",
      "diff --git a/gone.ts b/gone.ts",
      "deleted file mode 100644",
      "--- a/gone.ts",
      "+++ /dev/null",
      "@@ -1 +0,0 @@",
      "-bye",
      "\\ No newline at end of file",
    ].join("\n");
    expect(parseHunks(text)).toEqual([
      { path: "src/a.ts", old: "1,3", new: "1,3", text: " keep\n--- a removed line that starts with dashes\n+new" },
      { path: "src/a.ts", old: "10", new: "10,2", text: "-x\n+y\n+z" },
      { path: "gone.ts", old: "1", new: "0,0", text: "-bye\n\\ No newline at end of file" },
    ]);
  });
});

describe("bodyHashes", () => {
  const facts = (spans: [number, number][]) => ({ entities: spans.map(([startLine, endLine]) => ({ startLine, endLine })) }) as unknown as FileFacts;

  test("an entity's hash follows its text, not its lines", () => {
    const [a1, b1] = bodyHashes("function a() {\n  return 1;\n}\nfunction b() {}\n", facts([[1, 3], [4, 4]]));
    const [a2, b2] = bodyHashes("// moved\nfunction a() {\n  return 1;\n}\nfunction b() {}\n", facts([[2, 4], [5, 5]]));
    expect(a2).toBe(a1!);
    expect(b2).toBe(b1!);
    const [a3] = bodyHashes("function a() {\n  return 2;\n}\n", facts([[1, 3]]));
    expect(a3).not.toBe(a1!);
    // The last line without a newline is still its text.
    expect(bodyHashes("function b() {}", facts([[1, 1]]))[0]).not.toBe(b1!);
    expect(bodyHashes("function b() {}", facts([[1, 1]]))[0]).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("history_keep", () => {
  test("a whole number from 1 is kept; anything else is ignored with a note", () => {
    expect(historyKeep({})).toEqual({});
    expect(historyKeep({ history_keep: 50 })).toEqual({ keep: 50 });
    expect(historyKeep({ history_keep: "12" })).toEqual({ keep: 12 });
    for (const bad of [0, -1, 2.5, "many", "", true]) {
      const read = historyKeep({ history_keep: bad });
      expect(read.keep).toBeUndefined();
      expect(read.note).toContain("ignoring history_keep");
    }
  });
});

describe("git HEAD", () => {
  test("read from the files: a branch, packed refs, a detached HEAD, a linked worktree, none before the first commit", async () => {
    const root = mkdtempSync(join(tmpdir(), "ix-head-"));
    git(root, "init", "-q");
    expect(headCommit(root)).toBeUndefined();
    writeFileSync(join(root, "a.ts"), "export const a = 1;\n");
    git(root, "add", "-A");
    git(root, "commit", "-qm", "one");
    const one = git(root, "rev-parse", "HEAD");
    expect(headCommit(root)).toBe(one);
    expect(headCommit(join(root, "."))).toBe(one);
    git(root, "pack-refs", "--all");
    expect(headCommit(root)).toBe(one);
    expect(await dirtyPaths(root)).toEqual([]);
    writeFileSync(join(root, "a.ts"), "export const a = 2;\n");
    writeFileSync(join(root, "b c.ts"), "untracked, so never dirty\n");
    expect(await dirtyPaths(root)).toEqual([{ path: "a.ts", deleted: false }]);
    // Narrowed to some paths, it answers for those alone.
    expect(await dirtyPaths(root, ["b c.ts"])).toEqual([]);
    expect(await dirtyPaths(root, ["a.ts", "b c.ts"])).toEqual([{ path: "a.ts", deleted: false }]);
    git(root, "commit", "-qam", "two");
    const two = git(root, "rev-parse", "HEAD");
    expect(headCommit(root)).toBe(two);
    git(root, "checkout", "-q", "--detach", one);
    expect(headCommit(root)).toBe(one);
    const linked = join(mkdtempSync(join(tmpdir(), "ix-head-wt-")), "wt");
    git(root, "worktree", "add", "-q", "-b", "side", linked, two);
    expect(headCommit(linked)).toBe(two);
    expect(headCommit(mkdtempSync(join(tmpdir(), "ix-no-git-")))).toBeUndefined();
  });
});

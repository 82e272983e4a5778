import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repositoryId } from "../../src/workspace/identity";
import { git, gitAt } from "../helpers/git";

const NO_GIT_ENV = {};


function dir(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), "ix-identity-")));
}

/** A repository whose one commit adds `<message>.ts`. */
function committed(message: string, date?: string): string {
  const root = dir();
  writeFileSync(join(root, `${message}.ts`), "export const m = 1;\n");
  git(root, "init", "-q");
  git(root, "add", ".");
  gitAt(date, root, "commit", "-q", "-m", message);
  return root;
}

describe("repositoryId", () => {
  test("outside git, the absolute root", () => {
    const root = dir();
    expect(repositoryId(root, NO_GIT_ENV)).toBe(root);
  });

  test("before the first commit, the absolute root", () => {
    const root = dir();
    git(root, "init", "-q");
    expect(repositoryId(root, NO_GIT_ENV)).toBe(root);
  });

  test("in a work tree, its root commit, wherever it is checked out", () => {
    const root = committed("first");
    const commit = git(root, "rev-parse", "HEAD");
    expect(repositoryId(root, NO_GIT_ENV)).toBe(`git:${commit}`);
    const copy = join(dir(), "elsewhere");
    git(root, "clone", "-q", root, copy);
    expect(repositoryId(copy, NO_GIT_ENV)).toBe(`git:${commit}`);
  });

  test("a root inside the work tree adds its path in the repository", () => {
    const root = committed("first");
    mkdirSync(join(root, "pkg/inner"), { recursive: true });
    const commit = git(root, "rev-parse", "HEAD");
    expect(repositoryId(join(root, "pkg/inner"), NO_GIT_ENV)).toBe(`git:${commit}/pkg/inner`);
  });

  test("of several root commits, the first-parent chain's", () => {
    const root = committed("mainline");
    const mainline = git(root, "rev-parse", "HEAD");
    // Newer than the mainline, so a walk by date meets its root first.
    const other = committed("other", "2090-01-01T00:00:00+0000");
    git(root, "pull", "-q", "--no-rebase", "--allow-unrelated-histories", "--no-edit", other, "HEAD");
    expect(git(root, "rev-list", "--max-parents=0", "HEAD").split("\n")).toHaveLength(2);
    expect(repositoryId(root, NO_GIT_ENV)).toBe(`git:${mainline}`);
  });
});

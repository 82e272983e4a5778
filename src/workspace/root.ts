// A workspace's root is the git work tree's top level when there is one, else the directory.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { git } from "../util/git";

export function workspaceRoot(dir: string, env: Record<string, string | undefined> = process.env): string {
  // A directory holding .git is its work tree's top level (the usual `ix map .`): asking git
  // costs a process, ~14 ms of a no-change map. GIT_DIR or GIT_WORK_TREE can say otherwise.
  if (!env.GIT_DIR && !env.GIT_WORK_TREE && existsSync(join(dir, ".git"))) return dir;
  const result = git(["rev-parse", "--show-toplevel"], dir);
  const top = result?.exitCode === 0 ? result.stdout.trim() : "";
  return top || dir;
}

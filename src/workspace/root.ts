// A workspace's root is the git work tree's top level when there is one, else the directory.
import { git } from "../util/git";

export function workspaceRoot(dir: string): string {
  const result = git(["rev-parse", "--show-toplevel"], dir);
  const top = result?.exitCode === 0 ? result.stdout.trim() : "";
  return top || dir;
}

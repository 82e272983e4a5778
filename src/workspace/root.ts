// A workspace's root is the git work tree's top level when there is one, else the directory.
export function workspaceRoot(dir: string): string {
  const git = Bun.spawnSync(["git", "rev-parse", "--show-toplevel"], { cwd: dir, stdout: "pipe", stderr: "ignore" });
  const top = git.exitCode === 0 ? git.stdout.toString().trim() : "";
  return top || dir;
}

// git for tests that build repositories: a fixed author, no signing, dates when asked.

/** git with its commits dated `date` (ISO 8601) when given. */
export function gitAt(date: string | undefined, cwd: string, ...args: string[]): string {
  const env = date ? { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : process.env;
  const result = Bun.spawnSync(["git", "-c", "user.name=ix", "-c", "user.email=ix@example.com", "-c", "commit.gpgsign=false", ...args], {
    cwd,
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (result.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.toString()}`);
  return result.stdout.toString().trim();
}

export function git(cwd: string, ...args: string[]): string {
  return gitAt(undefined, cwd, ...args);
}

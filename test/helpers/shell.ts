// A command line split into words by a real POSIX shell (dash or bash as `sh`), not by a regex:
// what a suggested command means is what the shell an agent runs it in makes of it.
export function shellSplit(line: string): string[] {
  const result = Bun.spawnSync(["sh", "-c", `printf '%s\\0' ${line}`], { stdout: "pipe", stderr: "pipe" });
  if (result.exitCode !== 0) throw new Error(`sh could not read ${JSON.stringify(line)}: ${result.stderr.toString()}`);
  const out = result.stdout.toString();
  return out === "" ? [] : out.slice(0, -1).split("\0");
}

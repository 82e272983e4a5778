// The release targets, named once: what Bun compiles for, what the archives, the npm platform
// packages and the Homebrew formula call each one.

export const TARGETS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "windows-x64"] as const;
export type Target = (typeof TARGETS)[number];

export interface TargetInfo {
  target: Target;
  /** `os` as Node and npm's `os` field name it. */
  nodeOs: "linux" | "darwin" | "win32";
  /** `cpu` as Node and npm's `cpu` field name it. */
  nodeCpu: "x64" | "arm64";
  /** The binary's file name inside an archive or package. */
  exe: "ix" | "ix.exe";
  /** The release archive: a zip on Windows (what Explorer opens), a tar.gz elsewhere. */
  archive: string;
}

export function targetInfo(target: Target): TargetInfo {
  const [os, cpu] = target.split("-") as [string, "x64" | "arm64"];
  const windows = os === "windows";
  return {
    target,
    nodeOs: windows ? "win32" : (os as "linux" | "darwin"),
    nodeCpu: cpu,
    exe: windows ? "ix.exe" : "ix",
    archive: `ix-${target}.${windows ? "zip" : "tar.gz"}`,
  };
}

/** The target this process runs on, or undefined where ix is not released. */
export function hostTarget(): Target | undefined {
  const name = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
  return (TARGETS as readonly string[]).includes(name) ? (name as Target) : undefined;
}

/** `--targets a,b` (or `all`) read strictly: an unknown name is an error, not a skip. */
export function parseTargets(value: string | undefined): Target[] {
  if (value === undefined || value === "all") return [...TARGETS];
  const names = value.split(",").map((s) => s.trim()).filter(Boolean);
  for (const name of names) {
    if (name === "host") continue;
    if (!(TARGETS as readonly string[]).includes(name)) throw new Error(`unknown target ${name}; the targets are ${TARGETS.join(", ")} (or host, all)`);
  }
  const resolved = names.map((name) => {
    if (name !== "host") return name as Target;
    const host = hostTarget();
    if (!host) throw new Error(`this machine (${process.platform}-${process.arch}) is not a release target`);
    return host;
  });
  return [...new Set(resolved)];
}

/** Where build.ts writes a target's binary. */
export function binaryPath(root: string, target: Target): string {
  return `${root}/dist/ix-${target}${target.startsWith("windows") ? ".exe" : ""}`;
}

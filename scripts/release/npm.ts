// The npm packages of a release: one per platform holding its binary (limited by os/cpu, and
// libc on Linux, so npm installs only the one that runs), and the wrapper that lists them as
// optional dependencies and carries the launcher. `npm install -g ix-codemap` gives a working
// `ix` with no Bun and no postinstall download (the pattern of esbuild and biome).
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { targetInfo, type Target } from "./targets.ts";

/** The name on the registry (free when checked with `npm view ix-codemap`; `ix` is taken). */
export const NPM_NAME = "ix-codemap";
const DESCRIPTION = "ix, a code map for AI coding agents: one binary, an embedded graph, bounded answers.";

export const platformPackage = (target: Target) => `${NPM_NAME}-${target}`;

/** Writes each package's folder under `outDir`; returns the folders, wrapper last. */
export function writeNpmPackages(outDir: string, version: string, binaries: Map<Target, string>, homepage: string | undefined): string[] {
  const common = { version, license: "MIT", ...(homepage ? { homepage } : {}) };
  const folders: string[] = [];
  for (const [target, binary] of binaries) {
    const info = targetInfo(target);
    const dir = join(outDir, platformPackage(target));
    mkdirSync(join(dir, "bin"), { recursive: true });
    copyFileSync(binary, join(dir, "bin", info.exe));
    chmodSync(join(dir, "bin", info.exe), 0o755);
    const manifest = {
      name: platformPackage(target),
      ...common,
      description: `The ${target} binary of ${NPM_NAME}. Install ${NPM_NAME}, not this.`,
      os: [info.nodeOs],
      cpu: [info.nodeCpu],
      // Bun's Linux binaries link glibc: on musl (Alpine) npm skips the package and the
      // launcher says so, rather than installing a binary that cannot start.
      ...(info.nodeOs === "linux" ? { libc: ["glibc"] } : {}),
      files: ["bin"],
      preferUnplugged: true,
    };
    writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(dir, "README.md"), `# ${manifest.name}\n\n${manifest.description}\n`);
    folders.push(dir);
  }

  const dir = join(outDir, NPM_NAME);
  mkdirSync(join(dir, "bin"), { recursive: true });
  const table = Object.fromEntries([...binaries.keys()].map((t) => [`${targetInfo(t).nodeOs} ${targetInfo(t).nodeCpu}`, platformPackage(t)]));
  const launcher = readFileSync(join(import.meta.dir, "npm-launcher.js"), "utf8")
    .replace(/^const PACKAGES = \{\};.*$/m, `const PACKAGES = ${JSON.stringify(table)};`)
    .replace(/^const WRAPPER = .*$/m, `const WRAPPER = ${JSON.stringify(NPM_NAME)};`);
  writeFileSync(join(dir, "bin/ix.js"), launcher, { mode: 0o755 });
  const manifest = {
    name: NPM_NAME,
    ...common,
    description: DESCRIPTION,
    keywords: ["code-graph", "callers", "impact", "mcp", "ai-agents", "tree-sitter"],
    bin: { ix: "bin/ix.js" },
    files: ["bin"],
    engines: { node: ">=18" },
    optionalDependencies: Object.fromEntries([...binaries.keys()].map((t) => [platformPackage(t), version])),
  };
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, "README.md"), `# ${NPM_NAME}\n\n${DESCRIPTION}\n\n\`npm install -g ${NPM_NAME}\`, then \`ix --help\`.\n`);
  folders.push(dir);
  return folders;
}

/** `npm pack` of each folder into `outDir`; returns the tarballs' paths. */
export function packNpmPackages(folders: string[], outDir: string): string[] {
  const tarballs: string[] = [];
  for (const folder of folders) {
    const r = Bun.spawnSync(["npm", "pack", "--json", "--pack-destination", outDir], { cwd: folder, stdout: "pipe", stderr: "pipe" });
    if (r.exitCode !== 0) throw new Error(`npm pack ${folder} failed: ${r.stderr.toString()}`);
    const [packed] = JSON.parse(r.stdout.toString()) as { filename: string }[];
    tarballs.push(join(outDir, packed!.filename));
  }
  return tarballs;
}

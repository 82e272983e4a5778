// bun run release [--targets all|host,linux-arm64,…] [--out dist/release]
//                 [--repo owner/name | --base-url URL] [--no-pack]
// Builds each target (build.ts), then writes into --out:
//   ix-<os>-<arch>.tar.gz (ix-windows-x64.zip)  the binary, mode 755, at the archive's root
//   SHA256SUMS                                  `sha256sum -c` lines for every archive
//   ix.rb                                       the Homebrew formula (macOS and Linux archives)
//   install.sh                                  the install script, this release's URL in it
//   npm/<package>/ and npm/*.tgz                the npm platform packages and the wrapper
// Downloads are named from --base-url, else from --repo (or git's origin remote, when it is on
// GitHub) as https://github.com/<owner>/<name>/releases/download/v<version>. Nothing is
// uploaded or published: the files are what a person publishes.
import { createHash } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { version } from "../package.json" with { type: "json" };
import { tarGz, zip } from "./release/archive.ts";
import { formula } from "./release/homebrew.ts";
import { packNpmPackages, writeNpmPackages } from "./release/npm.ts";
import { binaryPath, parseTargets, targetInfo, type Target } from "./release/targets.ts";

const ROOT = resolve(import.meta.dir, "..");

interface Options {
  targets: Target[];
  out: string;
  baseUrl: string;
  homepage: string;
  pack: boolean;
}

function usage(message: string): never {
  console.error(`release: ${message}\nusage: bun run release [--targets all|host,linux-arm64,…] [--out dir] [--repo owner/name | --base-url URL] [--no-pack]`);
  process.exit(2);
}

function readOptions(argv: string[]): Options {
  const values = new Map<string, string>();
  let pack = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--no-pack") pack = false;
    else if (["--targets", "--out", "--repo", "--base-url"].includes(arg)) {
      const value = argv[++i];
      if (value === undefined || value.startsWith("--")) usage(`${arg} needs a value`);
      values.set(arg, value);
    } else usage(`unknown argument ${arg}`);
  }
  let targets: Target[];
  try {
    targets = parseTargets(values.get("--targets"));
  } catch (error) {
    usage((error as Error).message);
  }
  if (!targets.length) usage("--targets names no target");
  const repo = values.get("--repo") ?? originRepo();
  if (repo !== undefined && !/^[\w.-]+\/[\w.-]+$/.test(repo)) usage(`--repo ${repo} is not owner/name`);
  const baseUrl = values.get("--base-url") ?? (repo ? `https://github.com/${repo}/releases/download/v${version}` : undefined);
  if (!baseUrl) usage("no download URL: pass --repo owner/name or --base-url URL (git has no GitHub origin remote)");
  if (!/^https?:\/\//.test(baseUrl)) usage(`--base-url ${baseUrl} is not an http(s) URL`);
  return { targets, out: resolve(values.get("--out") ?? join(ROOT, "dist/release")), baseUrl: baseUrl.replace(/\/+$/, ""), homepage: repo ? `https://github.com/${repo}` : baseUrl, pack };
}

/** owner/name of git's origin remote when it is on GitHub. */
function originRepo(): string | undefined {
  const r = Bun.spawnSync(["git", "remote", "get-url", "origin"], { cwd: ROOT, stdout: "pipe", stderr: "ignore" });
  const match = /github\.com[:/]([\w.-]+\/[\w.-]+?)(?:\.git)?$/.exec(r.stdout.toString().trim());
  return match?.[1];
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const started = performance.now();
  const build = Bun.spawnSync(["bun", "build.ts", "--targets", options.targets.join(",")], { cwd: ROOT, stdout: "inherit", stderr: "inherit" });
  if (build.exitCode !== 0) throw new Error("build.ts failed");

  rmSync(options.out, { recursive: true, force: true });
  mkdirSync(options.out, { recursive: true });
  const sums: [string, string][] = [];
  const binaries = new Map<Target, string>();
  for (const target of options.targets) {
    const info = targetInfo(target);
    const binary = binaryPath(ROOT, target);
    binaries.set(target, binary);
    const entries = [{ name: info.exe, data: new Uint8Array(readFileSync(binary)), mode: 0o755 }];
    const archive = info.archive.endsWith(".zip") ? zip(entries) : tarGz(entries);
    writeFileSync(join(options.out, info.archive), archive);
    sums.push([info.archive, sha256(archive)]);
    console.error(`wrote ${info.archive} (${(archive.length / 1e6).toFixed(1)} MB)`);
  }
  sums.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  writeFileSync(join(options.out, "SHA256SUMS"), sums.map(([name, sum]) => `${sum}  ${name}\n`).join(""));

  const rb = formula(
    version,
    options.homepage,
    sums.flatMap(([name, sum]) => {
      const target = options.targets.find((t) => targetInfo(t).archive === name)!;
      return [{ target, url: `${options.baseUrl}/${name}`, sha256: sum }];
    }),
  );
  if (rb) writeFileSync(join(options.out, "ix.rb"), rb);

  const script = readFileSync(join(ROOT, "install.sh"), "utf8").replace(/^IX_RELEASE_URL=""$/m, `IX_RELEASE_URL=${shellQuote(options.baseUrl)}`);
  writeFileSync(join(options.out, "install.sh"), script);
  chmodSync(join(options.out, "install.sh"), 0o755);

  const npmDir = join(options.out, "npm");
  const folders = writeNpmPackages(npmDir, version, binaries, options.homepage);
  if (options.pack) for (const tarball of packNpmPackages(folders, npmDir)) console.error(`packed npm/${tarball.slice(npmDir.length + 1)}`);
  console.error(`release ${version}: ${options.targets.length} target(s) in ${options.out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

await main();

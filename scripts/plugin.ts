// bun run plugin                    → plugin/bin/<os>-<arch>/ix from dist/ix, for this machine
// bun run plugin --all              → every target from `bun build.ts --all` (dist/ix-<os>-<arch>[.exe])
// bun scripts/plugin.ts --release D → every archive of a release folder (`bun run release`),
//                                     each checked against its SHA256SUMS: the released binaries
//                     [--into <plugin folder>] (default plugin/)
// The plugin's launcher (plugin/bin/ix) runs the binary for the platform it finds itself on, or
// the ix on PATH when none is bundled (a plugin installed from the repository).
import { createHash } from "node:crypto";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { binaryPath, TARGETS, targetInfo } from "./release/targets.ts";

const ROOT = join(import.meta.dir, "..");
// --into <plugin folder>: bundle into a copy of the plugin rather than the repository's.
const intoAt = process.argv.indexOf("--into");
const BIN = join(intoAt >= 0 ? resolve(process.argv[intoAt + 1] ?? "") : join(ROOT, "plugin"), "bin");

function bundle(from: string, target: string): void {
  const exe = target.startsWith("windows") ? "ix.exe" : "ix";
  mkdirSync(join(BIN, target), { recursive: true });
  copyFileSync(from, join(BIN, target, exe));
  chmodSync(join(BIN, target, exe), 0o755);
  console.error(`bundled ${from} as plugin/bin/${target}/${exe}`);
}

/** Unpacks each archive SHA256SUMS lists into plugin/bin/<target>/, refusing one whose sum differs. */
async function bundleRelease(dir: string): Promise<void> {
  const sums = new Map(readFileSync(join(dir, "SHA256SUMS"), "utf8").split("\n").filter(Boolean).map((line) => line.split(/ [ *]/) as [string, string]).map(([sum, name]) => [name, sum]));
  for (const target of TARGETS) {
    const info = targetInfo(target);
    const expected = sums.get(info.archive);
    if (!expected) continue;
    const bytes = readFileSync(join(dir, info.archive));
    if (createHash("sha256").update(bytes).digest("hex") !== expected) throw new Error(`${info.archive} does not match SHA256SUMS`);
    let binary: Uint8Array;
    if (info.archive.endsWith(".zip")) {
      const r = Bun.spawnSync(["unzip", "-p", join(dir, info.archive), info.exe], { stdout: "pipe", stderr: "pipe" });
      if (r.exitCode !== 0) throw new Error(`unzip ${info.archive}: ${r.stderr.toString()}`);
      binary = r.stdout;
    } else {
      const files = await new Bun.Archive(bytes).files();
      const file = files.get(info.exe);
      if (!file) throw new Error(`${info.archive} holds no ${info.exe}`);
      binary = await file.bytes();
    }
    mkdirSync(join(BIN, target), { recursive: true });
    writeFileSync(join(BIN, target, info.exe), binary, { mode: 0o755 });
    chmodSync(join(BIN, target, info.exe), 0o755);
    console.error(`bundled ${info.archive} as plugin/bin/${target}/${info.exe}`);
  }
}

const host = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
const releaseAt = process.argv.indexOf("--release");
if (releaseAt >= 0) {
  const dir = process.argv[releaseAt + 1];
  if (!dir) throw new Error("--release needs the release folder (dist/release)");
  await bundleRelease(resolve(dir));
} else if (process.argv.includes("--all")) {
  for (const target of TARGETS) {
    const from = binaryPath(ROOT, target);
    if (!existsSync(from)) throw new Error(`${from} is missing: run bun build.ts --all first`);
    bundle(from, target);
  }
} else {
  bundle(join(ROOT, "dist", process.platform === "win32" ? "ix.exe" : "ix"), host);
}

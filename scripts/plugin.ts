// bun run plugin        → plugin/bin/<os>-<arch>/ix from dist/ix, for this machine
// bun run plugin --all  → every target from `bun build.ts --all` (dist/ix-<os>-<arch>[.exe])
// The plugin's launcher (plugin/bin/ix) runs the binary for the platform it finds itself on.
import { chmodSync, copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const BIN = join(ROOT, "plugin/bin");
const TARGETS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "windows-x64"];

function bundle(from: string, target: string): void {
  const exe = target.startsWith("windows") ? "ix.exe" : "ix";
  mkdirSync(join(BIN, target), { recursive: true });
  copyFileSync(from, join(BIN, target, exe));
  chmodSync(join(BIN, target, exe), 0o755);
  console.error(`bundled ${from} as plugin/bin/${target}/${exe}`);
}

const host = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
if (process.argv.includes("--all")) {
  for (const target of TARGETS) {
    const from = join(ROOT, "dist", `ix-${target}${target.startsWith("windows") ? ".exe" : ""}`);
    if (!existsSync(from)) throw new Error(`${from} is missing: run bun build.ts --all first`);
    bundle(from, target);
  }
} else {
  bundle(join(ROOT, "dist", process.platform === "win32" ? "ix.exe" : "ix"), host);
}

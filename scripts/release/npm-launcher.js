#!/usr/bin/env node
// ix from npm: runs the binary of the platform package npm installed beside this one (one
// optional dependency per platform, each limited by its os/cpu fields, so npm fetches only the
// one that runs here). No Bun, no postinstall download. The table below is written by
// scripts/release.ts for the platforms the release built.
"use strict";
const { spawn } = require("node:child_process");

const PACKAGES = {}; // "<platform> <arch>": "<package>"; replaced when the release is made
const WRAPPER = "ix-codemap"; // replaced when the release is made

function fail(message) {
  process.stderr.write(`ix: ${message}\n`);
  process.exit(127);
}

const pkg = PACKAGES[`${process.platform} ${process.arch}`];
if (!pkg) fail(`no ix binary is released for ${process.platform}-${process.arch}`);
let binary;
try {
  binary = require.resolve(`${pkg}/bin/${process.platform === "win32" ? "ix.exe" : "ix"}`);
} catch {
  fail(`the package ${pkg}, which holds the binary for this machine, is not installed (optional dependencies omitted?); reinstall with: npm install -g ${WRAPPER}`);
}

const child = spawn(binary, process.argv.slice(2), { stdio: "inherit", windowsHide: true });
// A terminal's Ctrl-C reaches ix itself (same process group), so this process only waits for it
// to stop; a signal sent to this process alone (a host ending its MCP server) is passed on.
process.on("SIGINT", () => {});
for (const signal of ["SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}
child.on("error", (error) => fail(`could not run ${binary}: ${error.message}`));
child.on("exit", (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});

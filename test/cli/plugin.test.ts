// The Claude Code plugin: its manifests parse and name files that exist, its launcher runs the
// bundled binary from wherever the plugin is copied, and its hook command answers JSON.
import { describe, expect, test } from "bun:test";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { version } from "../../package.json" with { type: "json" };
import { BIN, ensureBinary, ix, ROOT, tempDir, writeTree } from "../helpers/cli";

const json = (path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8"));
const host = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;

/** The plugin folder as a host installs it: copied elsewhere, with the binary bundled for this machine. */
function installedPlugin(): string {
  ensureBinary();
  const r = Bun.spawnSync(["bun", "scripts/plugin.ts"], { cwd: ROOT, stderr: "pipe" });
  expect(r.exitCode).toBe(0);
  const dir = join(tempDir("ix-plugin-"), "ix");
  cpSync(join(ROOT, "plugin"), dir, { recursive: true });
  return dir;
}

describe("the Claude Code plugin", () => {
  test("the marketplace and plugin manifests parse and name what exists", () => {
    const market = json(".claude-plugin/marketplace.json");
    expect(market.name).toBe("ix");
    expect(market.owner.name).toBeString();
    const entry = market.plugins.find((p: { name: string }) => p.name === "ix");
    expect(existsSync(join(ROOT, entry.source, ".claude-plugin/plugin.json"))).toBe(true);
    const plugin = json(join(entry.source, ".claude-plugin/plugin.json"));
    expect(plugin.name).toBe(entry.name);
    expect(plugin.version).toBe(version);
    expect(entry.version).toBe(version);
    const hooks = json(join(entry.source, "hooks/hooks.json"));
    const post = hooks.hooks.PostToolUse[0];
    expect(post.matcher).toBe("Edit|MultiEdit|Write");
    expect(post.hooks[0].command).toContain("${CLAUDE_PLUGIN_ROOT}/bin/ix");
    expect(existsSync(join(ROOT, entry.source, "bin/ix"))).toBe(true);
    const skill = readFileSync(join(ROOT, entry.source, "skills/ix/SKILL.md"), "utf8");
    expect(skill).toMatch(/^---\nname: ix\ndescription: .+\n---\n/);
    expect(skill).toContain("--format llm");
  });

  test("every command the skill names is one ix has", () => {
    const skill = readFileSync(join(ROOT, "plugin/skills/ix/SKILL.md"), "utf8");
    const named = [...skill.matchAll(/`ix ([a-z-]+)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(10);
    for (const command of new Set(named)) expect(ix([command, "--help"]).code).toBe(0);
  });

  test("the launcher runs the binary bundled for this platform, from a copy of the plugin", () => {
    const dir = installedPlugin();
    expect(existsSync(join(dir, "bin", host, "ix"))).toBe(true);
    const r = Bun.spawnSync([join(dir, "bin/ix"), "--version"], { cwd: tempDir(), env: { PATH: "/usr/bin:/bin" }, stdout: "pipe" });
    expect(r.exitCode).toBe(0);
    expect(r.stdout.toString().trim()).toBe(version);
  });

  test("with no binary bundled (installed from the repository), the launcher runs the ix on PATH, never itself", () => {
    ensureBinary();
    const dir = join(tempDir("ix-plugin-bare-"), "ix");
    cpSync(join(ROOT, "plugin"), dir, { recursive: true, filter: (from) => !/\/bin\/[a-z]+-(x64|arm64)$/.test(from) });
    const launcherCopy = tempDir("ix-plugin-copy-");
    cpSync(join(dir, "bin/ix"), join(launcherCopy, "ix"));
    const installed = tempDir("ix-plugin-path-");
    cpSync(BIN, join(installed, "ix"));
    const run = (path: string) => Bun.spawnSync([join(dir, "bin/ix"), "--version"], { cwd: tempDir(), env: { PATH: path }, stdout: "pipe", stderr: "pipe", timeout: 20_000 });
    const found = run(`${join(dir, "bin")}:${launcherCopy}:${installed}:/usr/bin:/bin`);
    expect(found.exitCode).toBe(0);
    expect(found.stdout.toString().trim()).toBe(version);
    const none = run(`${join(dir, "bin")}:${launcherCopy}:/usr/bin:/bin`);
    expect(none.exitCode).toBe(127);
    expect(none.stderr.toString()).toContain("there is no ix on PATH; install one: npm install -g ix-codemap");
  });

  test("the hooks.json command, fed a PostToolUse event, exits 0 and prints the host's JSON", async () => {
    const dir = installedPlugin();
    const command = json("plugin/hooks/hooks.json").hooks.PostToolUse[0].hooks[0].command as string;
    const root = await writeTree(tempDir("ix-plugin-repo-"), {
      "a.ts": "export function foo(): number {\n  return 1;\n}\n",
      "b.ts": 'import { foo } from "./a";\nexport function bar(): number {\n  return foo();\n}\n',
    });
    const home = tempDir("ix-plugin-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    writeFileSync(join(root, "a.ts"), "export function foo(): number {\n  return 2;\n}\n");
    const run = (input: string) =>
      Bun.spawnSync(["sh", "-c", command], { cwd: root, env: { PATH: "/usr/bin:/bin", CLAUDE_PLUGIN_ROOT: dir, IX_HOME: home }, stdin: Buffer.from(input), stdout: "pipe" });
    const event = { hook_event_name: "PostToolUse", cwd: root, tool_name: "Edit", tool_input: { file_path: join(root, "a.ts"), old_string: "return 1", new_string: "return 2" } };
    const r = run(JSON.stringify(event));
    expect(r.exitCode).toBe(0);
    const reply = JSON.parse(r.stdout.toString());
    expect(reply.hookSpecificOutput.additionalContext).toContain("caller name=bar ");
    const bad = run("{oops");
    expect(bad.exitCode).toBe(0);
    expect(JSON.parse(bad.stdout.toString())).toEqual({});
  });
});

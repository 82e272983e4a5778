// ix mcp install and ix mcp doctor on temporary home directories that already hold other
// servers' entries, in each host's own file and format.
import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { ix, tempDir, writeTree } from "../helpers/cli";

const OTHER = { command: "npx", args: ["-y", "other-server"], env: { TOKEN: "x" } };

interface Case {
  file: string;
  seed: string;
  entryOf(text: string): unknown;
  othersOf(text: string): unknown;
}

const json = (table: string[], seed: Record<string, unknown>): Case => {
  const at = (text: string) => table.reduce((o: any, k) => o?.[k], JSON.parse(text));
  return {
    file: "",
    seed: JSON.stringify(seed, null, 4),
    entryOf: (text) => at(text)?.ix,
    othersOf: (text) => {
      const { ix: _ix, ...rest } = at(text) ?? {};
      const doc = JSON.parse(text);
      return { servers: rest, keys: Object.keys(doc).sort(), theme: doc.theme };
    },
  };
};

const CASES: Record<string, Case> = {
  claude: { ...json(["mcpServers"], { theme: "dark", mcpServers: { other: { type: "stdio", ...OTHER } }, projects: { "/x": { allowedTools: [] } } }), file: ".claude.json" },
  cursor: { ...json(["mcpServers"], { mcpServers: { other: OTHER } }), file: ".cursor/mcp.json" },
  gemini: { ...json(["mcpServers"], { theme: "GitHub", mcpServers: { other: OTHER } }), file: ".gemini/settings.json" },
  vscode: { ...json(["servers"], { servers: { other: { type: "stdio", ...OTHER } }, inputs: [] }), file: ".config/Code/User/mcp.json" },
  opencode: { ...json(["mcp"], { $schema: "https://opencode.ai/config.json", mcp: { other: { type: "local", command: ["npx", "other"], enabled: true } } }), file: ".config/opencode/opencode.json" },
  windsurf: { ...json(["mcpServers"], { mcpServers: { other: OTHER } }), file: ".codeium/windsurf/mcp_config.json" },
  codex: {
    file: ".codex/config.toml",
    seed: '# my settings\nmodel = "o3"\n\n[mcp_servers.other]\ncommand = "npx"\nargs = ["-y", "other-server"]\n\n[mcp_servers.other.env]\nTOKEN = "x"\n',
    entryOf: (text) => (Bun.TOML.parse(text) as any).mcp_servers?.ix,
    othersOf: (text) => {
      const { ix: _ix, ...rest } = (Bun.TOML.parse(text) as any).mcp_servers ?? {};
      return { servers: rest, model: (Bun.TOML.parse(text) as any).model, comment: text.includes("# my settings") };
    },
  },
};

async function fakeBin(dir: string): Promise<string> {
  const bin = join(dir, "bin", "ix");
  await writeTree(dir, { "bin/ix": "#!/bin/sh\nexit 0\n" });
  chmodSync(bin, 0o755);
  return bin;
}

const run = (home: string, args: string[], path?: string) => ix(["mcp", ...args, "--format", "llm"], { env: { HOME: home, ...(path ? { PATH: path } : {}) } });

describe("ix mcp install", () => {
  for (const [host, c] of Object.entries(CASES)) {
    test(`${host}: writes its entry beside the others, idempotent, backed up, conflict unless --force`, async () => {
      const home = tempDir(`ix-mcp-${host}-`);
      const bin = await fakeBin(home);
      const path = join(home, c.file);
      await writeTree(home, { [c.file]: c.seed });
      const others = c.othersOf(c.seed);

      const dry = run(home, ["install", "--host", host, "--bin", bin, "--dry-run"]);
      expect(dry.lines[0]).toContain(`mcp_install host=${host} outcome=installed`);
      expect(readFileSync(path, "utf8")).toBe(c.seed);

      const first = run(home, ["install", "--host", host, "--bin", bin]);
      expect(first.code).toBe(0);
      expect(first.lines[0]).toContain("outcome=installed");
      const written = readFileSync(path, "utf8");
      expect(JSON.stringify(c.entryOf(written))).toContain(bin);
      expect(c.othersOf(written)).toEqual(others);
      const backups = readdirSync(dirname(path)).filter((f) => f.startsWith(`${basename(path)}.ix-backup-`));
      expect(backups.length).toBe(1);
      expect(readFileSync(join(dirname(path), backups[0]!), "utf8")).toBe(c.seed);

      const again = run(home, ["install", "--host", host, "--bin", bin]);
      expect(again.lines[0]).toContain("outcome=unchanged");
      expect(readFileSync(path, "utf8")).toBe(written);

      const otherBin = await fakeBin(join(home, "elsewhere"));
      const conflict = run(home, ["install", "--host", host, "--bin", otherBin]);
      expect(conflict.lines[0]).toContain("outcome=conflict");
      expect(conflict.lines[0]).toContain(`existing=${bin}`);
      expect(readFileSync(path, "utf8")).toBe(written);

      const forced = run(home, ["install", "--host", host, "--bin", otherBin, "--force"]);
      expect(forced.lines[0]).toContain("outcome=replaced");
      const replaced = readFileSync(path, "utf8");
      expect(JSON.stringify(c.entryOf(replaced))).toContain(otherBin);
      expect(c.othersOf(replaced)).toEqual(others);
    });
  }

  test("a host's file that cannot be read is left alone", async () => {
    const home = tempDir("ix-mcp-bad-");
    await writeTree(home, { ".cursor/mcp.json": "{ not json" });
    const r = run(home, ["install", "--host", "cursor", "--bin", "/bin/sh"]);
    expect(r.lines[0]).toContain("outcome=unreadable");
    expect(readFileSync(join(home, ".cursor/mcp.json"), "utf8")).toBe("{ not json");
  });

  test("a host that has no file yet gets one, with no backup", async () => {
    const home = tempDir("ix-mcp-new-");
    const r = run(home, ["install", "--host", "windsurf", "--bin", "/bin/sh"]);
    expect(r.lines[0]).toContain("outcome=installed");
    expect(r.lines[0]).not.toContain("backup=");
    expect(JSON.parse(readFileSync(join(home, ".codeium/windsurf/mcp_config.json"), "utf8"))).toEqual({ mcpServers: { ix: { command: "/bin/sh", args: ["mcp"] } } });
  });

  test("an unknown host is a usage error", () => {
    const r = run(tempDir("ix-mcp-host-"), ["install", "--host", "emacs"]);
    expect(r.code).toBe(2);
    expect(r.lines[0]).toStartWith("error code=invalid_value ");
  });
});

describe("ix mcp doctor", () => {
  test("checks ix on PATH and each host's entry, and names an entry whose binary is gone", async () => {
    const home = tempDir("ix-mcp-doc-");
    const bin = await fakeBin(home);
    expect(run(home, ["install", "--host", "cursor", "--bin", bin]).code).toBe(0);
    expect(run(home, ["install", "--host", "codex", "--bin", join(home, "gone", "ix")]).code).toBe(0);
    const r = run(home, ["doctor"], `${dirname(bin)}:/usr/bin:/bin`);
    expect(r.code).toBe(0);
    expect(r.lines[0]).toBe(`mcp_doctor status=warn on_path=${bin} hosts=1`);
    expect(r.lines).toContain(`host host=cursor status=ok command=${bin} file=${join(home, ".cursor/mcp.json")}`);
    expect(r.lines.find((l) => l.startsWith("host host=codex "))).toContain("status=broken");
    expect(r.lines.find((l) => l.startsWith("host host=claude "))).toContain("status=no_file");
    expect(existsSync(join(home, ".claude.json"))).toBe(false);
    const none = run(tempDir("ix-mcp-doc2-"), ["doctor"], "/usr/bin:/bin");
    expect(none.lines[0]).toContain("on_path=false");
  });
});

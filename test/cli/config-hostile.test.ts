// A config.yaml a person broke (or something that is not a file at all) costs the settings,
// never the workspaces, never a hang and never a stack trace; the registry is ix's own file.
// Black-box, on the compiled binary.
import { describe, expect, test } from "bun:test";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { decodeLlm } from "../../src/wire/llm";
import { ensureBinary, ix, onTerminal, tempDir, writeTree, type RunResult } from "../helpers/cli";

const FILES = {
  "src/a.ts": "import { b } from './b';\nexport function a() { return b(); }\n",
  "src/b.ts": "export function b() { return 1; }\n",
};

/** Every command here must answer well inside this; a FIFO once hung them all. */
const TIMEOUT = 8_000;

const run = (args: string[], home: string, cwd: string): RunResult => ix(args, { home, cwd, timeout: TIMEOUT });

async function mapped(home = tempDir("ix-home-")): Promise<{ home: string; root: string }> {
  const root = realpathSync(await writeTree(tempDir("ix-repo-"), FILES));
  const r = run(["map", ".", "--format", "llm"], home, root);
  expect(r.code).toBe(0);
  return { home, root };
}

const registry = (home: string) => JSON.parse(readFileSync(join(home, "workspaces.json"), "utf8")) as { workspaces: { root: string; id?: string }[] };
const roots = (home: string) => registry(home).workspaces.map((e) => e.root).sort();

function noStackTrace(r: RunResult): void {
  expect(r.stderr).not.toMatch(/\n\s+at |Maximum call stack|RangeError|ReferenceError/);
  expect(r.stdout).not.toMatch(/Maximum call stack|internal_error/);
}

/** The alias bomb: nine anchors, each a list of nine aliases of the one before. */
function billionLaughs(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < 9; i++) {
    const [prev, name] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)];
    lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(", ")}]`);
  }
  return `${lines.join("\n")}\n`;
}

function socketAt(path: string): Promise<() => void> {
  const server = createServer();
  return new Promise((resolve) => server.listen(path, () => resolve(() => server.close())));
}

interface Shape {
  name: string;
  /** What the note says was found. */
  note: RegExp;
  make(path: string): void | Promise<() => void>;
}

const SHAPES: Shape[] = [
  { name: "an unclosed bracket", note: /config\.yaml is not valid YAML/, make: (p) => writeFileSync(p, "format: [llm\n") },
  { name: "a tab as indentation", note: /config\.yaml is not valid YAML/, make: (p) => writeFileSync(p, "team:\n\tname: blue\n") },
  { name: "a duplicated key", note: /config\.yaml is not valid YAML/, make: (p) => writeFileSync(p, "format: llm\nformat: json\n") },
  { name: "binary garbage", note: /config\.yaml is not valid YAML/, make: (p) => writeFileSync(p, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256))) },
  { name: "a FIFO", note: /config\.yaml is a FIFO, not a file; using defaults/, make: (p) => void Bun.spawnSync(["mkfifo", p]) },
  { name: "a directory", note: /config\.yaml is a directory, not a file; using defaults/, make: (p) => mkdirSync(p) },
  { name: "a socket", note: /config\.yaml is a socket, not a file; using defaults/, make: (p) => socketAt(p) },
  { name: "a symlink to /dev/zero", note: /config\.yaml is a symlink to a character device, not a file; using defaults/, make: (p) => symlinkSync("/dev/zero", p) },
  { name: "an alias bomb", note: /config\.yaml expands aliases past the limit of \d+; using defaults/, make: (p) => writeFileSync(p, billionLaughs()) },
  { name: "30 MB", note: /config\.yaml is larger than 64 KB \(30 MB\); using defaults/, make: (p) => writeFileSync(p, `format: llm\n${"k: [1, 2, {a: b}]\n".repeat(30 * 1024 * 1024 / 18)}`) },
  { name: "10k nested brackets", note: /config\.yaml nests deeper than \d+ levels; using defaults/, make: (p) => writeFileSync(p, `x: ${"[".repeat(10_000)}${"]".repeat(10_000)}\n`) },
];

describe("a config.yaml that cannot be used", () => {
  for (const shape of SHAPES) {
    test(`${shape.name}: every command answers, the workspace is still found, a note says what was found`, async () => {
      const { home, root } = await mapped();
      const path = join(home, "config.yaml");
      rmSync(path, { force: true });
      const close = await shape.make(path);
      try {
        const started = performance.now();
        const status = run(["status", "--format", "llm"], home, root);
        expect(status.code).toBe(0);
        expect(decodeLlm(status.lines[0]!).fields.root).toBe(root);
        noStackTrace(status);
        expect(performance.now() - started).toBeLessThan(3_000);

        const json = run(["status", "--format", "json"], home, root);
        expect(json.code).toBe(0);
        expect(JSON.parse(json.stdout).status.root).toBe(root);

        const bare = run(["--format", "llm"], home, root);
        expect(bare.code).toBe(0);
        expect(decodeLlm(bare.lines[0]!).fields.root).toBe(root);

        // Without --format the format comes from the settings: the defaults', text.
        const text = run(["callers", "b"], home, root);
        expect(text.code).toBe(0);
        expect(text.stdout).toContain("src/a.ts");
        noStackTrace(text);

        const callers = run(["callers", "b", "--format", "llm"], home, root);
        expect(callers.code).toBe(0);
        expect(callers.stdout).toContain("ref name=a ");

        writeFileSync(join(root, "src/c.ts"), "export function c() { return 3; }\n");
        const map = run(["map", ".", "--format", "llm"], home, root);
        expect(map.code).toBe(0);
        expect(decodeLlm(map.lines[0]!).fields).toMatchObject({ added: "1" });
        noStackTrace(map);

        const config = run(["config", "--format", "llm"], home, root);
        expect(config.code).toBe(0);
        const diagnostic = config.lines.map((l) => decodeLlm(l)).find((r) => r.kind === "diagnostic");
        expect(diagnostic?.fields.code).toBe("config_malformed");
        expect(diagnostic?.fields.message).toMatch(shape.note);

        const doctor = run(["doctor", "--format", "llm"], home, root);
        const check = doctor.lines.map((l) => decodeLlm(l)).find((r) => r.kind === "check" && r.fields.name === "config");
        expect(check?.fields).toMatchObject({ status: "warn" });
        expect(check?.fields.message).toMatch(shape.note);

        // A setting cannot be written over what is there; what is there is left as it was.
        const before = lstatSync(path);
        const set = run(["config", "set", "format", "llm", "--format", "llm"], home, root);
        expect(set.code).toBe(1);
        expect(decodeLlm(set.lines[0]!).fields.code).toBe("config_malformed");
        expect(lstatSync(path).ino).toBe(before.ino);
        noStackTrace(set);

        // A person at a terminal is told, once.
        const shown = await onTerminal(["status"], home, root);
        expect(shown).toMatch(shape.note);
        expect(shown.match(new RegExp(shape.note.source, "g"))?.length).toBe(1);
      } finally {
        close?.();
      }
    });
  }

  test("a symlink to a regular file is followed, and a setting is written through it", async () => {
    const { home, root } = await mapped();
    const real = join(tempDir("ix-dotfiles-"), "ix.yaml");
    writeFileSync(real, "# mine\nformat: json\n");
    symlinkSync(real, join(home, "config.yaml"));
    expect(JSON.parse(run(["status"], home, root).stdout).status.root).toBe(root);
    expect(run(["config", "set", "format", "llm"], home, root).code).toBe(0);
    expect(lstatSync(join(home, "config.yaml")).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, "utf8")).toBe("# mine\nformat: llm\n");
    expect(statSync(real).mode & 0o777).toBe(0o600);
  });

  test("a malformed config is read once: later commands do not parse it again", async () => {
    const { home, root } = await mapped();
    // 60 KB of distinct keys takes the YAML parser about a second (its key check is quadratic).
    let text = "format: [llm\n";
    for (let i = 0; text.length < 60_000; i++) text += `key${i}: v\n`;
    writeFileSync(join(home, "config.yaml"), text);
    run(["status", "--format", "llm"], home, root);
    const started = performance.now();
    for (let i = 0; i < 3; i++) expect(run(["status", "--format", "llm"], home, root).code).toBe(0);
    expect((performance.now() - started) / 3).toBeLessThan(400);
  });
});

describe("the registry, workspaces.json", () => {
  test("is ix's own file: private, JSON, separate from the settings", async () => {
    const { home, root } = await mapped();
    expect(statSync(join(home, "workspaces.json")).mode & 0o777).toBe(0o600);
    expect(registry(home).workspaces).toEqual([{ root, id: expect.stringMatching(/^[0-9a-f]{8}$/) }]);
    expect(existsSync(join(home, "config.yaml"))).toBe(false);
  });

  for (const [name, make, note] of [
    ["a FIFO", (p: string) => void Bun.spawnSync(["mkfifo", p]), /workspaces\.json is a FIFO, not a file/],
    ["a directory", (p: string) => mkdirSync(p), /workspaces\.json is a directory, not a file/],
    ["not JSON", (p: string) => writeFileSync(p, '{"workspaces": [{"root": '), /workspaces\.json is not valid JSON/],
  ] as const) {
    test(`${name}: queries answer at once, a map sets it aside and registers again`, async () => {
      const { home, root } = await mapped();
      const path = join(home, "workspaces.json");
      rmSync(path, { force: true });
      make(path);
      const stats = run(["stats", "--format", "llm"], home, root);
      expect(stats.code).toBe(1);
      expect(decodeLlm(stats.lines[0]!).fields.code).toBe("workspace_not_mapped");
      const status = run(["status", "--format", "llm"], home, root);
      expect(decodeLlm(status.lines[0]!).fields).toMatchObject({ workspace: "none", graph_health: "unverified" });
      expect(await onTerminal(["status"], home, root)).toMatch(note);
      const map = run(["map", ".", "--format", "llm"], home, root);
      expect(map.code).toBe(0);
      expect(roots(home)).toEqual([root]);
      expect(run(["callers", "b", "--format", "llm"], home, root).stdout).toContain("ref name=a ");
      expect(readdirSync(home).filter((name) => name.startsWith("workspaces.json.bad-")).length).toBe(1);
    });
  }

  test("a FIFO or a directory by a lock's name: the write that needs it answers at once, naming it, and nothing else is touched", async () => {
    const { home, root } = await mapped();
    const before = readFileSync(join(home, "workspaces.json"), "utf8");
    for (const [lock, line] of [
      ["config.yaml.lock", ["config", "set", "format", "json"]],
      ["workspaces.json.lock", ["map", "."]],
    ] as const) {
      for (const kind of ["FIFO", "directory"] as const) {
        const path = join(home, lock);
        if (kind === "FIFO") Bun.spawnSync(["mkfifo", path]);
        else mkdirSync(path);
        // A new root, so the map must register it.
        const cwd = lock === "workspaces.json.lock" ? realpathSync(await writeTree(tempDir("ix-repo-"), FILES)) : root;
        const r = run([...line, "--format", "llm"], home, cwd);
        expect(r.code).toBe(1);
        expect(decodeLlm(r.lines[0]!).fields).toMatchObject({ code: "lock_unusable", message: `${path} is a ${kind}, not a file: remove it` });
        rmSync(path, { recursive: true });
      }
    }
    expect(readFileSync(join(home, "workspaces.json"), "utf8")).toBe(before);
    expect(existsSync(join(home, "config.yaml"))).toBe(false);
  });

  test("concurrent first maps of different workspaces are all registered", async () => {
    const home = tempDir("ix-home-");
    const repos = await Promise.all(Array.from({ length: 8 }, async () => realpathSync(await writeTree(tempDir("ix-repo-"), FILES))));
    const env = { ...process.env, IX_HOME: home };
    const children = repos.map((root) => Bun.spawn([ensureBinary(), "map", ".", "--format", "llm"], { cwd: root, env, stdout: "pipe", stderr: "pipe" }));
    expect(await Promise.all(children.map((c) => c.exited))).toEqual(repos.map(() => 0));
    expect(roots(home)).toEqual([...repos].sort());
    for (const root of repos) expect(run(["status", "--format", "llm"], home, root).code).toBe(0);
  });
});

describe("a registry an older ix kept in config.yaml", () => {
  /** Two mapped repositories whose entries are written as an older ix wrote them. */
  async function legacyHome(config: (a: string, b: string, ids: Record<string, string>) => string) {
    const home = tempDir("ix-home-");
    const [a, b] = [(await mapped(home)).root, (await mapped(home)).root];
    const ids = Object.fromEntries(registry(home).workspaces.map((e) => [e.root, e.id!]));
    rmSync(join(home, "workspaces.json"));
    rmSync(join(home, "config.mirror.json"), { force: true });
    writeFileSync(join(home, "config.yaml"), config(a, b, ids));
    return { home, a, b, ids };
  }

  test("is moved into workspaces.json on first need, both entry shapes, keeping the other keys and comments", async () => {
    const { home, a, b, ids } = await legacyHome(
      (a, b, ids) => `# my settings\nformat: text # the default\nteam: blue\nworkspaces:\n  - root: ${a}\n    id: "${ids[a]}"\n  # an old one\n  - ${b}\nextra:\n  nested: [1, 2]\n`,
    );
    const status = run(["status", "--format", "llm"], home, b);
    expect(status.code).toBe(0);
    expect(decodeLlm(status.lines[0]!).fields.root).toBe(b);
    expect(registry(home).workspaces).toEqual(expect.arrayContaining([{ root: a, id: ids[a] }, expect.objectContaining({ root: b })]));
    expect(roots(home)).toEqual([a, b].sort());
    const text = readFileSync(join(home, "config.yaml"), "utf8");
    expect(text).not.toContain("workspaces");
    expect(text).not.toContain(a);
    for (const kept of ["# my settings", "format: text # the default", "team: blue", "extra:", "nested: [ 1, 2 ]"]) expect(text).toContain(kept);
    expect(run(["callers", "b", "--format", "llm"], home, a).stdout).toContain("ref name=a ");
    // The bare root keeps its workspace id (outside git, the store's name).
    expect(decodeLlm(status.lines[0]!).fields.workspace).toBe(ids[b]);
    writeFileSync(join(b, "src/c.ts"), "export function c() {}\n");
    expect(run(["map", ".", "--format", "llm"], home, b).code).toBe(0);
    expect(decodeLlm(run(["status", "--format", "llm"], home, b).lines[0]!).fields.workspace).toBe(ids[b]);
  });

  test("in a malformed config.yaml is left as it is, and moved once the file is fixed", async () => {
    const broken = (a: string, b: string) => `team: [blue\nworkspaces:\n  - root: ${a}\n  - ${b}\n`;
    const { home, a, b } = await legacyHome(broken);
    const before = readFileSync(join(home, "config.yaml"), "utf8");
    expect(run(["stats", "--format", "llm"], home, a).code).toBe(1);
    const map = run(["map", ".", "--format", "llm"], home, a);
    expect(map.code).toBe(0);
    expect(readFileSync(join(home, "config.yaml"), "utf8")).toBe(before);
    expect(roots(home)).toEqual([a]);
    writeFileSync(join(home, "config.yaml"), before.replace("[blue", "blue"));
    const status = run(["status", "--format", "llm"], home, b);
    expect(status.code).toBe(0);
    expect(decodeLlm(status.lines[0]!).fields.workspace).not.toBe("none");
    expect(roots(home)).toEqual([a, b].sort());
    expect(readFileSync(join(home, "config.yaml"), "utf8")).toBe("team: blue\n");
  });

  test("concurrent maps while it is moved lose no entry", async () => {
    const { home, a, b } = await legacyHome((a, b) => `workspaces:\n  - ${a}\n  - ${b}\n`);
    const repos = await Promise.all(Array.from({ length: 6 }, async () => realpathSync(await writeTree(tempDir("ix-repo-"), FILES))));
    const env = { ...process.env, IX_HOME: home };
    const children = repos.map((root) => Bun.spawn([ensureBinary(), "map", ".", "--format", "llm"], { cwd: root, env, stdout: "pipe", stderr: "pipe" }));
    expect(await Promise.all(children.map((c) => c.exited))).toEqual(repos.map(() => 0));
    expect(roots(home)).toEqual([a, b, ...repos].sort());
  });
});

describe("keys are looked up in the settings table alone", () => {
  for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
    test(`${key} is an unknown key for set and get`, () => {
      const home = tempDir("ix-home-");
      for (const args of [["set", key, "llm"], ["get", key], ["get", `${key}.name`]]) {
        const r = ix(["config", ...args, "--format", "llm"], { home });
        expect(r.code).toBe(2);
        expect(decodeLlm(r.lines[0]!).fields.code).toBe("unknown_key");
        expect(r.stdout).not.toContain("native code");
      }
    });
  }

  test("a key of the user's own is unknown; a known key unset, or a path into its value, is unset", () => {
    const home = tempDir("ix-home-");
    writeFileSync(join(home, "config.yaml"), "team: blue\n");
    expect(decodeLlm(ix(["config", "get", "team", "--format", "llm"], { home }).lines[0]!).fields.code).toBe("unknown_key");
    const unset = ix(["config", "get", "format", "--format", "llm"], { home });
    expect(unset.code).toBe(1);
    expect(decodeLlm(unset.lines[0]!).fields.code).toBe("config_key_unset");
    ix(["config", "set", "format", "llm"], { home });
    expect(decodeLlm(ix(["config", "get", "format", "--format", "llm"], { home }).lines[0]!).fields.value).toBe("llm");
    expect(decodeLlm(ix(["config", "get", "format.constructor", "--format", "llm"], { home }).lines[0]!).fields.code).toBe("config_key_unset");
  });
});

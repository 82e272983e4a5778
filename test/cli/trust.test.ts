// Answers an agent can trust (issue 16): each test is named for the answer that misled.
import { describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";

describe("a caller row with many sites", () => {
  test("also= lists four further sites and more_sites= counts the rest", async () => {
    const root = await writeTree(tempDir("ix-also-"), {
      "src/a.ts": `export function parse(x: number): number {\n  return x;\n}\n\nexport function run(): void {\n${Array.from({ length: 7 }, (_, i) => `  parse(${i});\n`).join("")}}\n`,
    });
    const home = tempDir("ix-also-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const r = ix(["callers", "parse", "--format", "llm"], { cwd: root, home });
    expect(r.code).toBe(0);
    const row = r.lines.find((l) => l.startsWith("ref name=run "));
    expect(row).toContain("site=src/a.ts:6 also=7,8,9,10 more_sites=2 ");
    const json = JSON.parse(ix(["callers", "parse", "--format", "json"], { cwd: root, home }).stdout);
    expect(json.ref[0].site).toMatchObject({ also: [7, 8, 9, 10], more_sites: 2 });
    // Four sites or fewer: nothing is left out, so nothing is said.
    const one = ix(["callers", "run", "--format", "llm"], { cwd: root, home });
    expect(one.stdout).not.toContain("more_sites");
  });
});

describe("list commands' help", () => {
  test("--help states the default --limit each command applies", () => {
    const defaults: Record<string, number> = { search: 20, overview: 30, contains: 100, callers: 50, inventory: 50 };
    for (const [command, limit] of Object.entries(defaults)) {
      const help = ix([command, "--help"]).stdout;
      expect(help).toContain(`(default ${limit})`);
    }
  });

  test("the stated default is the one applied", async () => {
    const root = await writeTree(tempDir("ix-limit-"), {
      "src/a.ts": Array.from({ length: 40 }, (_, i) => `export function helper${i}(): number {\n  return ${i};\n}\n`).join(""),
    });
    const home = tempDir("ix-limit-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const search = ix(["search", "helper", "--format", "llm"], { cwd: root, home });
    expect(search.lines.filter((l) => l.startsWith("node ")).length).toBe(20);
    const overview = ix(["contains", "src/a.ts", "--format", "llm"], { cwd: root, home });
    expect(overview.lines.filter((l) => l.startsWith("member ") || l.startsWith("node ")).length).toBe(40);
  });
});

describe("search with an empty term", () => {
  test("is a usage error, not 500 arbitrary candidates", async () => {
    const root = await writeTree(tempDir("ix-empty-"), { "src/a.ts": "export function a(): void {}\n" });
    const home = tempDir("ix-empty-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    for (const term of ["", "   "]) {
      const r = ix(["search", term, "--format", "llm"], { cwd: root, home });
      expect(r.code).toBe(2);
      expect(r.lines[0]).toStartWith("error code=missing_argument ");
    }
  });
});

describe("status where no workspace covers the directory", () => {
  test("answers the status record with graph_health=unverified and the command that maps here", () => {
    const dir = tempDir("ix-nows-");
    const r = ix(["status", "--format", "llm"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.lines[0]).toBe(`status dir=${dir} workspace=none graph_health=unverified reason=no_workspace graph_complete=false map_complete=false hint="ix map ."`);
    const json = JSON.parse(ix(["status", "--format", "json"], { cwd: dir }).stdout);
    expect(json.status).toMatchObject({ workspace: "none", graph_health: "unverified", graph_complete: false });
    // Other graph reads keep the error.
    expect(ix(["stats", "--format", "llm"], { cwd: dir }).lines[0]).toStartWith("error code=workspace_not_mapped ");
  });
});

describe("a target that names no file of the graph", () => {
  async function mappedTree() {
    const root = await writeTree(tempDir("ix-miss-"), {
      "src/sub/a.ts": "export function a(): void {}\n",
      "data.json": "{}\n",
      "notes.md": "# notes\n",
    });
    const home = tempDir("ix-miss-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    return { root, home };
  }

  test("a directory that exists is reason=is_directory, with the question that lists what is under it", async () => {
    const { root, home } = await mappedTree();
    for (const args of [["overview", "src/sub"], ["callers", "src/sub/"], ["around", "src/sub"]]) {
      const r = ix([...args, "--format", "llm"], { cwd: root, home });
      expect(r.code).toBe(1);
      expect(r.lines[0]).toContain(" reason=is_directory ");
      expect(r.lines[0]).toEndWith(' hint="ix inventory --path src/sub"');
    }
    // The hint works as written.
    const listed = ix(["inventory", "--path", "src/sub", "--format", "llm"], { cwd: root, home });
    expect(listed.stdout).toContain("name=a kind=function");
  });

  test("a file no map reads gets no hint to map, since mapping cannot help", async () => {
    const { root, home } = await mappedTree();
    for (const args of [["contains", "data.json"], ["imports", "notes.md"], ["around", "data.json:1"]]) {
      const r = ix([...args, "--format", "llm"], { cwd: root, home });
      expect(r.code).toBe(1);
      expect(r.lines[0]).toContain(" reason=file_not_mapped");
      expect(r.lines[0]).not.toContain("hint=");
    }
  });

  test("a source file added since the map still hints the map", async () => {
    const { root, home } = await mappedTree();
    await writeTree(root, { "src/b.ts": "export function b(): void {}\n" });
    const r = ix(["contains", "src/b.ts", "--format", "llm"], { cwd: root, home });
    expect(r.lines[0]).toContain(" reason=file_not_in_graph ");
    expect(r.lines[0]).toEndWith(' hint="ix map ."');
  });
});

describe("a name that exists, but not where --path or --kind look", () => {
  test("says so and shows where it is, instead of suggesting the name that was asked", async () => {
    const root = await writeTree(tempDir("ix-filter-"), { "src/sub/a.ts": "export function a(): void {}\n" });
    const home = tempDir("ix-filter-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const r = ix(["callers", "a", "--path", "nowhere", "--format", "llm"], { cwd: root, home });
    expect(r.code).toBe(1);
    expect(r.lines[0]).toBe(`error code=unresolved_target message="'a' names 1 entity, none under nowhere" target=a path=nowhere reason=filtered_out`);
    expect(r.lines[1]).toBe("suggestion name=a kind=function path=src/sub/a.ts");
    const kind = ix(["callers", "a", "--kind", "class", "--format", "llm"], { cwd: root, home });
    expect(kind.lines[0]).toContain("none of kind class");
    // A name that exists nowhere is still a plain miss with its nearest names.
    const typo = ix(["callers", "zzz", "--kind", "class", "--format", "llm"], { cwd: root, home });
    expect(typo.lines[0]).toStartWith("error code=unresolved_target message=\"No entity named 'zzz' found\"");
  });
});

describe("file rows of imports and imported-by", () => {
  test("carry the path alone, not its base name again as name=", async () => {
    const root = await writeTree(tempDir("ix-filerow-"), {
      "src/a.ts": 'import { b } from "./b";\nexport const a = b();\n',
      "src/b.ts": "export function b(): number {\n  return 1;\n}\n",
    });
    const home = tempDir("ix-filerow-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const by = ix(["imported-by", "src/b.ts", "--format", "llm"], { cwd: root, home });
    expect(by.lines[1]).toStartWith("ref kind=file path=src/a.ts site=src/a.ts:1 ");
    const of = ix(["imports", "src/a.ts", "--format", "llm"], { cwd: root, home });
    expect(of.lines[1]).toStartWith("ref kind=file path=src/b.ts site=src/a.ts:1 ");
  });
});

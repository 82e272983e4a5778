// Answers an agent can trust (issue 16): text that stopped at its scan window and looked
// complete, around's symbols picked by position, --fields that printed empty rows.
import { describe, expect, test } from "bun:test";
import { decodeLlm } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";

type Rec = ReturnType<typeof decodeLlm>;

async function mapped(prefix: string, files: Record<string, string>) {
  const root = await writeTree(tempDir(`ix-${prefix}-`), files);
  const home = tempDir(`ix-${prefix}-home-`);
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
  return { root, home };
}

describe("text past its scan window", () => {
  // One file with more matching lines than the old window of 2,000, read before the others in
  // path order, and 40 more files with a match or two each, one of them a test.
  const files: Record<string, string> = {
    "src/aaa/big.ts": Array.from({ length: 2500 }, (_, i) => `export const v${i} = hit(${i});\n`).join(""),
    "test/hit.test.ts": "export const t = hit(1);\n",
  };
  for (let i = 0; i < 40; i++) files[`src/m${String(i).padStart(2, "0")}.ts`] = `export function f${i}() {\n  return hit(${i}) + hit(${i});\n}\n`;
  const TOTAL = 2500 + 1 + 40;
  const FILES = 42;

  test("says how many matches there are, widens to --limit, takes --full, and shares the cut out over the files", async () => {
    const { root, home } = await mapped("window", files);
    // With ripgrep, and with the built-in scan (no ripgrep on PATH).
    for (const env of [{}, { PATH: "/nonexistent" }]) {
      const text = (...args: string[]) => ix(["text", "hit\\(", ...args, "--format", "llm"], { cwd: root, home, env }).lines.map(decodeLlm);
      const matches = (recs: Rec[]) => recs.filter((r) => r.kind === "match");
      const paths = (recs: Rec[]) => new Set(matches(recs).map((r) => r.fields.path));

      // A --limit past the old window is honoured: every match, and nothing said to be missing.
      const wide = text("--limit", "5000");
      expect(wide[0]?.fields).toMatchObject({ shown: String(TOTAL), total: String(TOTAL), files: String(FILES) });
      expect(matches(wide).length).toBe(TOTAL);
      expect(wide.some((r) => r.kind === "diagnostic")).toBe(false);

      // --full is every match.
      const full = text("--full");
      expect(full[0]?.fields).toMatchObject({ shown: String(TOTAL), total: String(TOTAL) });

      // A cut says so, with the total, and names how to widen it.
      const cut = text("--limit", "100");
      expect(cut[0]?.fields).toMatchObject({ shown: "100", total: String(TOTAL), files: String(FILES) });
      const diagnostic = cut.find((r) => r.kind === "diagnostic")?.fields;
      expect(diagnostic?.code).toBe("results_truncated");
      expect(diagnostic?.message).toContain("--limit");
      expect(diagnostic?.message).toContain("--full");
      // Breadth: the big file does not crowd out the rest; every file gives rows.
      expect(paths(cut).size).toBe(FILES);
      // Production code first: the test file's row comes last.
      expect(matches(cut).at(-1)?.fields.path).toBe("test/hit.test.ts");

      // The default cut takes one row from each of 30 files, production first.
      const first = text();
      expect(first[0]?.fields).toMatchObject({ shown: "30", total: String(TOTAL) });
      expect(paths(first).size).toBe(30);
      expect(paths(first).has("test/hit.test.ts")).toBe(false);
      // The file with the most matches ranks first.
      expect(paths(first).has("src/aaa/big.ts")).toBe(true);
    }
  });
});

describe("around a file without a line", () => {
  test("picks the symbols used from other files first and says how many the file has", async () => {
    const lib = [
      ...Array.from({ length: 5 }, (_, i) => `export function early${i}(): number {\n  return ${i};\n}\n`),
      // Called three times, all inside this file.
      "export function local(): number {\n  return 1;\n}\n",
      "export function useLocal1(): number {\n  return local();\n}\n",
      "export function useLocal2(): number {\n  return local();\n}\n",
      "export function useLocal3(): number {\n  return local();\n}\n",
      // Called from one other file, then from three.
      "export function once(): number {\n  return 1;\n}\n",
      "export function thrice(): number {\n  return 3;\n}\n",
    ].join("");
    const users: Record<string, string> = {};
    for (let i = 0; i < 3; i++) {
      users[`src/user${i}.ts`] = `import { thrice${i === 0 ? ", once" : ""} } from './lib';\nexport function run${i}(): number {\n  return thrice()${i === 0 ? " + once()" : ""};\n}\n`;
    }
    const { root, home } = await mapped("around", { "src/lib.ts": lib, ...users });
    const r = ix(["around", "src/lib.ts", "--format", "llm"], { cwd: root, home });
    expect(r.code).toBe(0);
    const recs = r.lines.map(decodeLlm);
    // 11 top-level symbols; the five shown are the most used.
    expect(recs[0]?.fields).toMatchObject({ path: "src/lib.ts", symbols: "5", symbols_total: "11" });
    const symbols = recs.filter((x) => x.kind === "symbol").map((x) => x.fields.name);
    expect(symbols).toEqual(["thrice", "once", "local", "early0", "early1"]);
    expect(recs.find((x) => x.kind === "diagnostic")?.fields.code).toBe("results_truncated");
    // At a line, the symbol there, and no total: nothing was chosen.
    const at = ix(["around", "src/lib.ts:1", "--format", "llm"], { cwd: root, home }).lines.map(decodeLlm);
    expect(at[0]?.fields).toMatchObject({ symbols: "1" });
    expect(at[0]?.fields.symbols_total).toBeUndefined();
  });
});

describe("--fields naming a field no row has", () => {
  test("is a usage error naming the fields the command's rows have, for every command taking --fields", async () => {
    const { root, home } = await mapped("fields", {
      "src/a.ts": "export class Box {\n  open(): number {\n    return helper();\n  }\n}\nexport function helper(): number {\n  return 1;\n}\n",
      "src/b.ts": "import { helper } from './a';\nexport const x = helper();\n",
    });
    const commands: [string[], string][] = [
      [["search", "helper"], "score"],
      [["inventory"], "path"],
      [["contains", "src/a.ts"], "exported"],
      [["overview", "Box"], "lines"],
      [["callers", "helper"], "site"],
      [["callees", "Box.open"], "snippet"],
      [["imports", "src/b.ts"], "path"],
      [["imported-by", "src/a.ts"], "site"],
      [["text", "helper"], "symbol"],
    ];
    for (const [args, own] of commands) {
      const r = ix([...args, "--fields", `${own},bogus`, "--format", "llm"], { cwd: root, home });
      expect(r.code).toBe(2);
      expect(r.lines[0]).toStartWith("error code=unknown_field ");
      const error = decodeLlm(r.lines[0] as string).fields;
      expect(error).toMatchObject({ option: "--fields", value: "bogus" });
      expect((error.fields as string).split(",")).toContain(own);
      expect(error.message).toContain(own);
      // The help lists them too.
      expect(ix([args[0] as string, "--help"]).stdout).toContain(own);
      // A field the rows have still works.
      const ok = ix([...args, "--fields", own, "--format", "llm"], { cwd: root, home });
      expect(ok.code).toBe(0);
    }
    // In the caller's format.
    const json = ix(["search", "helper", "--fields", "bogus", "--format", "json"], { cwd: root, home });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ code: "unknown_field", option: "--fields", value: "bogus" });
    // Fields a row shows only when asked are known too: `id` alone adds ids to the default rows.
    const ids = ix(["search", "helper", "--fields", "id", "--format", "llm"], { cwd: root, home }).lines.map(decodeLlm);
    expect(ids.find((x) => x.kind === "node")?.fields).toMatchObject({ name: "helper", id: expect.any(String) });
  });
});

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

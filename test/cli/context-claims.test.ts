// ix context over code whose doc comments make claims: the bundle counts the claims the
// extractors kept (answers/claims) and the conflicts the code shows against them
// (answers/conflicts), ranks both as evidence, carries them in json, and a saved bundle's
// --diff names a claim a later edit added.
import { beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeLlmStream } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";

const FILES: Record<string, string> = {
  "src/store.ts":
    `/** Keeps every record in memory. */\n` +
    `export class Store {\n` +
    `  /**\n   * Adds a record.\n   * @param record what to keep\n   * @param force never used\n   * @returns the new size\n   */\n` +
    `  add(record: string): number {\n    return record.length;\n  }\n` +
    `  /** @deprecated use add */\n` +
    `  put(record: string): number {\n    return this.add(record);\n  }\n` +
    `}\n`,
  "src/main.ts": `import { Store } from "./store";\nexport function main(): number {\n  const s = new Store();\n  return s.put("a") + s.add("b");\n}\n`,
};

type Rec = { kind: string; fields: Record<string, string> };
let root = "";
let home = "";

const llm = (args: string[]): { code: number; records: Rec[] } => {
  const r = ix([...args, "--format", "llm"], { cwd: root, home });
  return { code: r.code, records: decodeLlmStream(r.stdout) as Rec[] };
};

beforeAll(async () => {
  root = await writeTree(tempDir("ix-context-claims-"), FILES);
  home = tempDir("ix-context-claims-home-");
  expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
}, 120_000);

describe("ix context: claims and conflicts from doc comments", () => {
  test("the header counts the claims of the bundle's entities and the conflicts about them", () => {
    const { code, records } = llm(["context", "Store"]);
    expect(code).toBe(0);
    const header = records[0]!.fields;
    // Store's summary; add's summary, two params and returns; put's deprecation.
    expect(header.claims).toBe("6");
    // add documents `force`, which its signature does not have; put is deprecated and main calls it.
    expect(header.conflicts).toBe("2");
    const evidence = records.filter((r) => r.kind === "evidence").map((r) => r.fields);
    expect(evidence.filter((e) => e.kind === "claim").length).toBeGreaterThan(0);
    expect(evidence.filter((e) => e.kind === "conflict").map((e) => e.title).join("\n")).toContain("force");
  });

  test("json carries each claim's statement, kind and entity", () => {
    const doc = JSON.parse(ix(["context", "Store", "--format", "json"], { cwd: root, home }).stdout);
    const claims = JSON.stringify(doc);
    expect(claims).toContain("Keeps every record in memory.");
    expect(claims).toContain("use add");
  });

  test("--diff names the claim an edit added since the bundle was saved", () => {
    expect(llm(["context", "Store", "--save", "store-claims"]).code).toBe(0);
    writeFileSync(join(root, "src/store.ts"), FILES["src/store.ts"]!.replace("  /** @deprecated use add */\n", "  /**\n   * Stores one record.\n   * @deprecated use add\n   */\n"));
    expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
    const { code, records } = llm(["context", "--diff", "store-claims"]);
    expect(code).toBe(0);
    const count = records.find((r) => r.kind === "count")!.fields;
    expect(count.added_claims).toBe("1");
    const added = records.filter((r) => r.kind === "claim" && r.fields.change === "added").map((r) => r.fields.statement);
    expect(added).toEqual(["Stores one record."]);
  });
});

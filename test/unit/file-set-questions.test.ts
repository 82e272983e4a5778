import { describe, expect, test } from "bun:test";
import type { FileFacts } from "../../src/model/facts";
import { resolveEach } from "../../src/resolve/index";
import * as registry from "../../src/lang/registry";
import { fileSetKeysOf } from "../../src/resolve/reads";
import { Workspace } from "../../src/resolve/workspace";
import { FactsBuilder, memoryProject } from "../helpers/facts-builder";

function workspace(paths: string[]): Workspace {
  const present = new Set(paths);
  return new Workspace({
    paths: present,
    facts: (path) => (present.has(path) ? ({ entities: [] } as unknown as FileFacts) : undefined),
    readText: () => undefined,
    languages: registry,
  });
}

describe("questions about the file set", () => {
  test("a workspace notes every question about the file set as a read of the file asking", () => {
    const ws = workspace(["a.ts", "lib/index.ts"]);
    ws.reads.begin("main.ts");
    expect(ws.has("a.ts")).toBe(true);
    expect(ws.has("lib.ts")).toBe(false);
    expect(ws.facts("lib/index.ts")).toBeDefined();
    expect(ws.facts("gone.ts")).toBeUndefined();
    expect(ws.dirExists("lib")).toBe(true);
    expect(ws.dirExists("src")).toBe(false);
    expect(ws.filesIn("lib")).toEqual(["lib/index.ts"]);
    expect(ws.filesNamed("go.mod")).toEqual([]);
    expect([...ws.reads.take()].sort()).toEqual(["d:lib", "f:a.ts", "f:gone.ts", "f:lib.ts", "f:lib/index.ts", "n:go.mod", "x:lib", "x:src"]);
  });

  test("a path's keys meet every question its arrival or removal answers differently", () => {
    expect(fileSetKeysOf("src/deep/new.ts")).toEqual(["f:src/deep/new.ts", "d:src/deep", "n:new.ts", "x:src/deep", "x:src"]);
    expect(fileSetKeysOf("top.py")).toEqual(["f:top.py", "d:", "n:top.py"]);
    // Each question above is answered differently once the path exists.
    const before = workspace(["a.ts"]);
    before.reads.begin("a.ts");
    before.has("src/deep/new.ts");
    before.filesIn("src/deep");
    before.filesNamed("new.ts");
    before.dirExists("src");
    for (const key of before.reads.take()) expect(fileSetKeysOf("src/deep/new.ts")).toContain(key);
  });

  test("each file is charged the questions behind a cached module answer, not its neighbours'", () => {
    const util = new FactsBuilder("src/util.ts");
    util.entity("run", "function", { exported: true });
    const users = ["src/a.ts", "src/b.ts"].map((path) => {
      const user = new FactsBuilder(path);
      user.import("./util", [["run", "run"]]);
      user.call(user.entity("main", "function"), "run");
      return user;
    });
    const other = new FactsBuilder("src/other.ts");
    other.import("./missing", [["gone", "gone"]]);
    const project = memoryProject([util, ...users, other].map((f) => f.build()));
    const reads = Object.fromEntries([...resolveEach(["src/a.ts", "src/other.ts", "src/b.ts"], project)].map(([path, , keys]) => [path, [...keys]]));
    // b.ts reuses a.ts's answer for ./util and is charged its question all the same.
    expect(reads["src/a.ts"]).toEqual(["f:src/util.ts"]);
    expect(reads["src/b.ts"]).toEqual(["f:src/util.ts"]);
    // Only other.ts asked where ./missing might be: adding one of those files re-resolves it alone.
    expect(reads["src/other.ts"]).toContain("f:src/missing.ts");
    expect(reads["src/other.ts"]).toContain("f:src/missing/index.ts");
    expect(reads["src/a.ts"]).not.toContain("f:src/missing.ts");
  });
});

import { describe, expect, test } from "bun:test";
import type { FileFacts } from "../../src/ingest/facts";
import { probeKeysOf, Workspace } from "../../src/resolve/workspace";

function workspace(paths: string[]): Workspace {
  const present = new Set(paths);
  return new Workspace({
    paths: present,
    facts: (path) => (present.has(path) ? ({ entities: [] } as unknown as FileFacts) : undefined),
    readText: () => undefined,
  });
}

describe("probes", () => {
  test("a workspace records every question about the file set", () => {
    const ws = workspace(["a.ts", "lib/index.ts"]);
    expect(ws.has("a.ts")).toBe(true);
    expect(ws.has("lib.ts")).toBe(false);
    expect(ws.facts("lib/index.ts")).toBeDefined();
    expect(ws.facts("gone.ts")).toBeUndefined();
    expect(ws.dirExists("lib")).toBe(true);
    expect(ws.dirExists("src")).toBe(false);
    expect(ws.filesIn("lib")).toEqual(["lib/index.ts"]);
    expect(ws.filesNamed("go.mod")).toEqual([]);
    expect([...ws.probes].sort()).toEqual(["d:lib", "f:a.ts", "f:gone.ts", "f:lib.ts", "f:lib/index.ts", "n:go.mod", "x:lib", "x:src"]);
  });

  test("a path's keys meet every question its arrival or removal answers differently", () => {
    expect(probeKeysOf("src/deep/new.ts")).toEqual(["f:src/deep/new.ts", "d:src/deep", "n:new.ts", "x:src/deep", "x:src"]);
    expect(probeKeysOf("top.py")).toEqual(["f:top.py", "d:", "n:top.py"]);
    // Each question above is answered differently once the path exists.
    const before = workspace(["a.ts"]);
    before.has("src/deep/new.ts");
    before.filesIn("src/deep");
    before.filesNamed("new.ts");
    before.dirExists("src");
    for (const key of before.probes) expect(probeKeysOf("src/deep/new.ts")).toContain(key);
  });
});

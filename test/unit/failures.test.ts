// The graph's list of files it could not take in, across maps (ingest/failures), and the
// walk that keeps deep trees off the call stack (util/depth-first).
import { describe, expect, test } from "bun:test";
import { failedAfter, parseErrorCount, type FailedFile } from "../../src/ingest/failures";
import { depthFirst } from "../../src/util/depth-first";

const failure = (path: string, stage: FailedFile["stage"]): FailedFile => ({ path, stage, message: "boom" });
const set = (...paths: string[]) => new Set(paths);

describe("failedAfter", () => {
  const before = [failure("a.ts", "extract"), failure("b.ts", "resolve"), failure("c.ts", "resolve")];

  test("a failure holds while its file is neither parsed nor, for a resolution failure, resolved again", () => {
    const after = failedAfter(before, [], { present: set("a.ts", "b.ts", "c.ts"), parsed: set(), resolved: set("a.ts", "b.ts") });
    expect(after.map((f) => f.path)).toEqual(["a.ts", "c.ts"]);
  });

  test("a file parsed again, or gone, drops out; this map's failures join, sorted by path", () => {
    const after = failedAfter(before, [failure("0.ts", "parse"), failure("a.ts", "resolve")], {
      present: set("0.ts", "a.ts", "b.ts"),
      parsed: set("0.ts", "a.ts"),
      resolved: set(),
    });
    expect(after.map((f) => [f.path, f.stage])).toEqual([["0.ts", "parse"], ["a.ts", "resolve"], ["b.ts", "resolve"]]);
  });
});

describe("failedAfter, for paths never read (stage read)", () => {
  const refused = (path: string) => ({ path, stage: "read" as const, message: "is a FIFO, not a file" });

  test("a refusal holds while the path is still no file, though no file of the graph is there", () => {
    const after = failedAfter([refused("base.json"), refused("gone.json")], [], {
      present: set(),
      parsed: set(),
      resolved: set(),
      stillRefused: (path) => path === "base.json",
    });
    expect(after.map((f) => f.path)).toEqual(["base.json"]);
  });

  test("refused again by this map, a path is named once, however often it was asked for", () => {
    const after = failedAfter([refused("tsconfig.json")], [refused("tsconfig.json"), refused("tsconfig.json"), refused("a.ts")], {
      present: set(),
      parsed: set(),
      resolved: set(),
      stillRefused: () => true,
    });
    expect(after.map((f) => f.path)).toEqual(["a.ts", "tsconfig.json"]);
  });
});

describe("parseErrorCount", () => {
  test("counts files with syntax errors and failed files, a file with both once", () => {
    const errors = [{ path: "a.ts", errors: 3 }, { path: "b.ts", errors: 1 }];
    expect(parseErrorCount(errors, [failure("b.ts", "resolve"), failure("c.ts", "extract")])).toBe(3);
    expect(parseErrorCount([], [])).toBe(0);
  });

  test("a file never read is no parse's error", () => {
    expect(parseErrorCount([], [failure("p.ts", "read"), failure("c.ts", "extract")])).toBe(1);
  });
});

describe("depthFirst", () => {
  interface Tree { name: string; children: Tree[] }
  const tree = (name: string, ...children: Tree[]): Tree => ({ name, children });

  test("visits in the order of a recursive pre-order walk, descending only where asked", () => {
    const seen: string[] = [];
    depthFirst(tree("a", tree("b", tree("c"), tree("d")), tree("e", tree("f")), tree("g")), (node) => {
      seen.push(node.name);
      return node.name === "e" ? undefined : node.children;
    });
    expect(seen).toEqual(["a", "b", "c", "d", "e", "g"]);
  });

  test("a million levels deep, where a recursive walk overflows the stack", () => {
    let root = tree("leaf");
    for (let i = 0; i < 1_000_000; i++) root = tree("inner", root);
    let depth = 0;
    depthFirst(root, (node) => {
      depth++;
      return node.children;
    });
    expect(depth).toBe(1_000_001);
  });
});

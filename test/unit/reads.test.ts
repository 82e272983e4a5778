import { describe, expect, test } from "bun:test";
import { resolveEach } from "../../src/resolve/index.ts";
import { type Computed, inProgress, ReadLog, readKeysOf } from "../../src/resolve/reads.ts";
import { FactsBuilder, memoryProject } from "../helpers/facts-builder.ts";

/** Each target's reads, resolved in one chunk (so with shared caches) in the order given. */
function readsOf(targets: string[], files: FactsBuilder[], texts: Record<string, string> = {}): Record<string, string[]> {
  const project = memoryProject(files.map((f) => f.build()), texts);
  return Object.fromEntries([...resolveEach(targets, project)].map(([path, , reads]) => [path, [...reads].sort()]));
}

describe("read log", () => {
  test("a remembered answer charges its reads to the caller and again to each reuse", () => {
    const log = new ReadLog();
    log.note("f:own.ts");
    const memo = log.remember(() => {
      log.note("f:barrel.ts");
      log.note("f:deep.ts");
      return 42;
    });
    expect(memo.value).toBe(42);
    expect([...memo.reads].sort()).toEqual(["f:barrel.ts", "f:deep.ts"]);
    expect([...log.take()].sort()).toEqual(["f:barrel.ts", "f:deep.ts", "f:own.ts"]);
    // The next file reuses the answer without computing it: it read the same files.
    expect(log.reuse(memo)).toBe(42);
    expect([...log.take()].sort()).toEqual(["f:barrel.ts", "f:deep.ts"]);
    expect([...log.take()]).toEqual([]);
  });

  test("nested answers keep their own reads; a read apart charges nobody", () => {
    const log = new ReadLog();
    let inner: ReturnType<typeof log.remember<number>> | undefined;
    const outer = log.remember(() => {
      log.note("f:a.ts");
      inner = log.remember(() => {
        log.note("f:b.ts");
        return 1;
      });
      log.apart(() => log.note("f:package-file.go"));
      return 2;
    });
    expect([...inner!.reads]).toEqual(["f:b.ts"]);
    expect([...outer.reads].sort()).toEqual(["f:a.ts", "f:b.ts"]);
    expect([...log.take()].sort()).toEqual(["f:a.ts", "f:b.ts"]);
  });

  test("an answer that used the stand-in of one still being computed is not settled; that one is", () => {
    const log = new ReadLog();
    const standIn = inProgress(null);
    let inner: Computed<number> | undefined;
    const owner = log.remember(() => {
      inner = log.remember(() => {
        log.reuse(standIn);
        log.note("f:x.ts");
        return 1;
      });
      return 2;
    }, standIn);
    expect(inner!.settled).toBe(false);
    expect(owner.settled).toBe(true);
    expect([...owner.reads]).toEqual(["f:x.ts"]);
    // Another computation's stand-in leaves every answer up to it unsettled.
    const pending = inProgress(null);
    const top = log.remember(() => log.remember(() => log.reuse(pending) ?? 0).value);
    expect(top.settled).toBe(false);
    expect(log.remember(() => 3).settled).toBe(true);
  });

  test("an edit to a file's surface reaches its facts' readers, and for Go its package's", () => {
    expect(readKeysOf("src/a.ts", false)).toEqual(["f:src/a.ts"]);
    expect(readKeysOf("internal/store/db.go", true)).toEqual(["f:internal/store/db.go", "g:internal/store"]);
    expect(readKeysOf("main.go", true)).toEqual(["f:main.go", "g:"]);
  });
});

describe("reads of a resolution", () => {
  /** a.ts and b.ts call run() imported from ./barrel, which re-exports it from ./mid, from ./deep. */
  function chain(): FactsBuilder[] {
    const deep = new FactsBuilder("src/deep.ts");
    deep.entity("run", "function", { exported: true });
    const mid = new FactsBuilder("src/mid.ts");
    mid.import("./deep", [["run", "run"]], "reexport");
    const barrel = new FactsBuilder("src/barrel.ts");
    barrel.import("./mid", [["*", ""]], "reexport");
    const users = ["src/a.ts", "src/b.ts"].map((path) => {
      const user = new FactsBuilder(path);
      user.import("./barrel", [["run", "run"]]);
      user.call(user.entity("main", "function"), "run");
      return user;
    });
    return [deep, mid, barrel, ...users];
  }

  test("every file of a re-export chain counts as read, also by a file that reuses the cached answer", () => {
    const reads = readsOf(["src/a.ts", "src/b.ts"], chain());
    expect(reads["src/a.ts"]).toEqual(["f:src/barrel.ts", "f:src/deep.ts", "f:src/mid.ts"]);
    expect(reads["src/b.ts"]).toEqual(["f:src/barrel.ts", "f:src/deep.ts", "f:src/mid.ts"]);
  });

  test("a file resolved on its own reads what it read in company", () => {
    expect(readsOf(["src/b.ts"], chain())["src/b.ts"]).toEqual(["f:src/barrel.ts", "f:src/deep.ts", "f:src/mid.ts"]);
  });

  test("a Go file reads the packages it uses, its own included, as packages", () => {
    const open = new FactsBuilder("internal/store/store.go").packageName("store");
    open.call(open.entity("Open", "function", { exported: true }), "helper");
    const util = new FactsBuilder("internal/store/util.go").packageName("store");
    util.entity("helper", "function");
    const main = new FactsBuilder("cmd/main.go").packageName("main");
    main.import("example.com/shop/internal/store", [["*", ""]]);
    main.call(main.entity("main", "function"), "Open", "store");
    const reads = readsOf(["cmd/main.go", "internal/store/store.go"], [open, util, main], { "go.mod": "module example.com/shop\n" });
    expect(reads["cmd/main.go"]).toContain("g:internal/store");
    expect(reads["cmd/main.go"]).toContain("f:internal/store/store.go");
    expect(reads["cmd/main.go"]).not.toContain("f:internal/store/util.go");
    expect(reads["internal/store/store.go"]).toContain("g:internal/store");
    expect(reads["internal/store/store.go"]).toContain("f:internal/store/util.go");
  });
});

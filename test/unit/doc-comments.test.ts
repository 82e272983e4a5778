import { beforeAll, describe, expect, test } from "bun:test";
import type { FileFacts } from "../../src/model/facts";
import { firstSentence } from "../../src/lang/doc-text";
import { entity, extractorFor } from "../helpers/extract";

let ts: (source: string) => FileFacts;
let js: (source: string) => FileFacts;

beforeAll(async () => {
  ts = await extractorFor("typescript", "src/a.ts");
  js = await extractorFor("javascript", "src/a.js");
});

const src = (...lines: string[]) => lines.join("\n");

describe("firstSentence", () => {
  test("stops at the first sentence end, not at an abbreviation or a dotted name", () => {
    expect(firstSentence("Parses the config, e.g. a YAML file.  Then more.")).toBe("Parses the config, e.g. a YAML file.");
    expect(firstSentence("Joins with os.path.join. Rest")).toBe("Joins with os.path.join.");
    expect(firstSentence("No period here\n\nSecond paragraph.")).toBe("No period here");
    expect(firstSentence("Spread\n   over   lines.")).toBe("Spread over lines.");
  });

  test("cuts a long sentence at 200 characters", () => {
    const text = firstSentence("word ".repeat(100));
    expect(text.length).toBe(200);
    expect(text.endsWith("…")).toBe(true);
  });
});

describe("JSDoc", () => {
  test("a function's summary, params, returns, deprecation and links, with the comment's lines", () => {
    const f = ts(src(
      "import { x } from './x';",
      "/**",
      " * Loads a config from {@link Source | a source}.",
      " * More text.",
      " * @param {string} path - where",
      " * @param [strict=false] whether to throw",
      " * @param opts.deep a property, not a parameter",
      " * @returns {Config} the parsed config",
      " * @deprecated use {@link loadConfig} instead",
      " * @see Loader",
      " */",
      "export function load(path: string, strict = false, opts = {}): Config { return parse(path); }",
    ));
    const doc = entity(f, "load").doc!;
    expect(doc).toEqual({
      startLine: 2, endLine: 11,
      summary: "Loads a config from a source.",
      deprecated: "use loadConfig instead",
      params: ["path", "strict", "opts.deep"],
      returns: "the parsed config",
      mentions: ["Source", "loadConfig", "Loader"],
    });
    expect(entity(f, "load").paramNames).toEqual(["path", "strict", "opts"]);
    expect(entity(f, "load").returnsValue).toBe(true);
  });

  test("class members, object methods, arrow consts and decorated methods carry their comments", () => {
    const f = ts(src(
      "/** A widget. */",
      "@Component()",
      "export class Widget {",
      "  /** Renders it. */",
      "  @Bound()",
      "  render(this: Widget, { size }: Opts, ...rest: number[]): void {}",
      "  /** Static helper. */",
      "  static async make() { return new Widget(); }",
      "}",
      "/** An arrow. */",
      "export const arrow = (a: number) => a + 1;",
      "export const util = {",
      "  /** Object method. */",
      "  go(x) { x(); },",
      "};",
      "// not a doc comment",
      "function plain() {}",
      "/* not one either */",
      "function alsoPlain() {}",
    ));
    expect(entity(f, "Widget").doc?.summary).toBe("A widget.");
    expect(entity(f, "Widget.render").doc?.summary).toBe("Renders it.");
    expect(entity(f, "Widget.render").paramNames).toEqual(["{}", "...rest"]);
    expect(entity(f, "Widget.make").doc?.summary).toBe("Static helper.");
    expect(entity(f, "arrow").doc?.summary).toBe("An arrow.");
    expect(entity(f, "arrow").returnsValue).toBe(true);
    expect(entity(f, "util.go").doc?.summary).toBe("Object method.");
    expect(entity(f, "util.go").returnsValue).toBe(false);
    expect(entity(f, "plain").doc).toBeUndefined();
    expect(entity(f, "alsoPlain").doc).toBeUndefined();
  });

  test("what a body gives back: a return in a callback is not the function's, a stub is unknown", () => {
    const f = js(src(
      "/** @returns {number[]} doubled */",
      "function none(xs) { xs.map((x) => { return x * 2; }); }",
      "/** @returns the count */",
      "function some(xs) { if (!xs) return; return xs.length; }",
      "/** @returns a value */",
      "function stub() { throw new Error('abstract'); }",
      "/** @returns values */",
      "function* gen() { yield 1; }",
      "/** @typedef {object} Shape */",
      "function afterTypedef() {}",
    ));
    expect(entity(f, "none").returnsValue).toBe(false);
    expect(entity(f, "some").returnsValue).toBe(true);
    expect(entity(f, "stub").returnsValue).toBeUndefined();
    expect(entity(f, "gen").returnsValue).toBe(true);
    expect(entity(f, "afterTypedef").doc).toBeUndefined();
  });

  test("a deprecation on one overload is not the function's; on every overload it is", () => {
    const f = ts(src(
      "/** @deprecated use a closure instead of thisArg */",
      "export function filter(p: P, thisArg: any): Op;",
      "/** Filters. */",
      "export function filter(p: P): Op;",
      "export function filter(p: P, thisArg?: any): Op { return op(p, thisArg); }",
      "/** @deprecated use zipWith */",
      "export function zip(a: A): Op;",
      "/** @deprecated use zipWith */",
      "export function zip(a: A, b: B): Op;",
      "export function zip(...args: any[]): Op { return op(args); }",
    ));
    expect(entity(f, "filter").doc?.deprecated).toBeUndefined();
    expect(entity(f, "zip").doc?.deprecated).toBe("use zipWith");
  });

  test("a mention of a module-level constant of the file is marked declared", () => {
    const f = ts(src("const $LIMIT = 3;", "/** Caps at {@link $LIMIT}, see {@link Gone}. */", "export function cap() { return 1; }"));
    expect(entity(f, "cap").doc?.declared).toEqual(["$LIMIT"]);
  });

  test("a declared void result returns nothing; a declared type returns a value", () => {
    const f = ts(src(
      "/** Does it. @returns nothing useful */",
      "export async function run(): Promise<void> { await go(); }",
      "/** Gets it. */",
      "export function get(): number;",
    ));
    expect(entity(f, "run").returnsValue).toBe(false);
    expect(entity(f, "run").doc?.summary).toBe("Does it.");
    expect(entity(f, "get").returnsValue).toBe(true);
  });
});

describe("Python docstrings", () => {
  let py: (source: string) => FileFacts;
  beforeAll(async () => {
    py = await extractorFor("python", "pkg/mod.py");
  });

  test("Google style: Args, Returns, the summary and roles", () => {
    const f = py(src(
      "def load(path, strict=False, *args, **kwargs):",
      '    """Load a config from :func:`~pkg.source.read`.',
      "",
      "    Longer text.",
      "",
      "    Args:",
      "        path (str): where it is.",
      "            Continued.",
      "        strict: whether to fail.",
      "",
      "    Returns:",
      "        Config: the parsed config.",
      '    """',
      "    return parse(path)",
    ));
    const e = entity(f, "load");
    expect(e.doc).toEqual({ startLine: 2, endLine: 13, summary: "Load a config from :func:`~pkg.source.read`.", params: ["path", "strict"], returns: "Config: the parsed config.", mentions: ["~pkg.source.read"] });
    expect(e.paramNames).toEqual(["path", "strict", "*args", "**kwargs"]);
    expect(e.returnsValue).toBe(true);
  });

  test("NumPy style: Parameters and Returns under their rules", () => {
    const f = py(src(
      "class A:",
      "    def fit(self, x, y=None):",
      '        """Fit the model.',
      "",
      "        Parameters",
      "        ----------",
      "        x, y : array",
      "            The data.",
      "        weight : float",
      "            Ignored.",
      "",
      "        Returns",
      "        -------",
      "        self",
      '        """',
      "        self.x = x",
    ));
    const e = entity(f, "A.fit");
    expect(e.doc?.params).toEqual(["x", "y", "weight"]);
    expect(e.doc?.returns).toBe("self");
    expect(e.paramNames).toEqual(["x", "y"]);
    expect(e.returnsValue).toBe(false);
  });

  test("Sphinx style, deprecation, classes, and stubs that say nothing about their result", () => {
    const f = py(src(
      "class Old:",
      '    """An old thing. See :class:`New`."""',
      "    @staticmethod",
      "    def make(a, b):",
      '        """Make one.',
      "",
      "        :param a: first",
      "        :param int c: third",
      "        :returns: the thing",
      "",
      "        .. deprecated:: 2.0",
      "           Use :meth:`New.make`.",
      '        """',
      "        raise NotImplementedError",
      "    def gen(self):",
      '        """Yield them."""',
      "        yield 1",
      "    def none(self) -> None:",
      '        """Nothing."""',
      "        return helper()",
    ));
    expect(entity(f, "Old").doc).toEqual({ startLine: 2, endLine: 2, summary: "An old thing.", mentions: ["New"] });
    const make = entity(f, "Old.make");
    expect(make.doc).toEqual({ startLine: 5, endLine: 13, summary: "Make one.", params: ["a", "c"], returns: "the thing", deprecated: "2.0 Use :meth:`New.make`.", mentions: ["New.make"] });
    expect(make.paramNames).toEqual(["a", "b"]);
    expect(make.returnsValue).toBeUndefined();
    expect(entity(f, "Old.gen").returnsValue).toBe(true);
    expect(entity(f, "Old.none").returnsValue).toBe(false);
  });
});

describe("Go doc comments", () => {
  let go: (source: string) => FileFacts;
  beforeAll(async () => {
    go = await extractorFor("go", "pkg/x.go");
  });

  test("the // lines right above: summary, Deprecated paragraph, doc links; code blocks and directives left out", () => {
    const f = go(src(
      "package pkg",
      "",
      "// Open opens a [Store] at path. It uses [io.Reader] and [*os.File].",
      "//",
      "// Example:",
      "//",
      "//	x := a[i]",
      "//",
      "// Deprecated: use [OpenStore] instead.",
      "//go:noinline",
      "func Open(path string) *Store { return nil }",
      "",
      "// Store holds things.",
      "type Store struct{}",
      "",
      "// Get reads one.",
      "func (s *Store) Get() {}",
      "",
      "// Not attached.",
      "",
      "func Loose() {}",
    ));
    expect(entity(f, "Open").doc).toEqual({ startLine: 3, endLine: 10, summary: "Open opens a Store at path.", deprecated: "use [OpenStore] instead.", mentions: ["Store", "io.Reader", "os.File", "OpenStore"] });
    expect(entity(f, "Store").doc?.summary).toBe("Store holds things.");
    expect(entity(f, "Store.Get").doc?.summary).toBe("Get reads one.");
    expect(entity(f, "Loose").doc).toBeUndefined();
    const defined = go(src("package pkg", "", "// Valid follows [RFC7230], [RFC2616] and [Spec].", "//", "// [RFC7230]: https://example.com/rfc7230", "func Valid() {}"));
    expect(entity(defined, "Valid").doc?.mentions).toEqual(["Spec"]);
  });
});

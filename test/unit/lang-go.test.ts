import { beforeAll, describe, expect, test } from "bun:test";
import { type FileFacts, type LocalFact, position } from "../../src/model/facts";
import { entity, extractorFor, indexOf } from "../helpers/extract";

let facts: (source: string) => FileFacts;

beforeAll(async () => {
  facts = await extractorFor("go", "x.go");
});

const go = (...lines: string[]): string => ["package demo", "", ...lines].join("\n");

/** Where a variable comes into force or leaves it: a line and a 0-based column. */
const at = position;

describe("go signatures", () => {
  test("a func whose parameters run over lines is the signature, joined through its body's brace", () => {
    const f = facts(go("func (s *Server) Handle(", "\tw http.ResponseWriter, // the writer", "\tr *http.Request,", ") error {", "\treturn nil", "}"));
    expect(entity(f, "Server.Handle").signature).toBe("func (s *Server) Handle(w http.ResponseWriter, r *http.Request) error {");
  });
});

describe("go package and entities", () => {
  test("packageName comes from the package clause", () => {
    expect(facts("package server\n").packageName).toBe("server");
  });

  test("funcs, methods, structs, interfaces and other types, each grouped spec its own entity", () => {
    const f = facts(
      go(
        "type (",
        "\tServer struct {",
        "\t\tdb *sql.DB",
        "\t}",
        "\tStore interface {",
        "\t\tGet(id string) (Item, error)",
        "\t}",
        "\tID = string",
        "\tHandlerFunc func(w Writer)",
        ")",
        "",
        "type single struct{ n int }",
        "",
        "func New() *Server { return nil }",
        "",
        "func (s *Server) Serve() {}",
      ),
    );
    expect(f.entities.map((e) => [e.qname, e.kind, e.parent, e.exported])).toEqual([
      ["Server", "class", -1, true],
      ["Store", "interface", -1, true],
      ["Store.Get", "method", 1, true],
      ["ID", "type", -1, true],
      ["HandlerFunc", "type", -1, true],
      ["single", "class", -1, false],
      ["New", "function", -1, true],
      ["Server.Serve", "method", 0, true],
    ]);
    // An interface's methods are its members, with their types to compare an implementation's with.
    expect(entity(f, "Store.Get")).toMatchObject({ startLine: 8, endLine: 8, signature: "Get(id string) (Item, error)", methodTypes: "string|Item;error" });
    expect(entity(f, "Server.Serve").methodTypes).toBe("|");
    expect(entity(f, "Server")).toMatchObject({ startLine: 4, endLine: 6, signature: "Server struct {" });
    expect(entity(f, "single")).toMatchObject({ startLine: 14, endLine: 14, signature: "type single struct{ n int }" });
    expect(entity(f, "New")).toMatchObject({ startLine: 16, signature: "func New() *Server { return nil }" });
    expect(entity(f, "Server.Serve").receiverType).toBe("Server");
  });

  test("a method's receiver type drops * and generic arguments; parent found even when declared later", () => {
    const f = facts(
      go(
        "func (l *List[T]) Push(v T) {}",
        "func (o Other) Elsewhere() {}",
        "type List[T any] struct{ items []T }",
      ),
    );
    expect(entity(f, "List.Push")).toMatchObject({ kind: "method", receiverType: "List", parent: indexOf(f, "List") });
    expect(entity(f, "Other.Elsewhere")).toMatchObject({ receiverType: "Other", parent: -1 });
  });

  test("signature is the declaration's first line, capped at 200 characters", () => {
    const params = Array.from({ length: 50 }, (_, i) => `p${i} int`).join(", ");
    const f = facts(go(`func Wide(${params}) {`, "}"));
    expect(entity(f, "Wide").signature.length).toBe(200);
    expect(entity(f, "Wide").signature.startsWith("func Wide(p0 int")).toBe(true);
  });
});

describe("go calls", () => {
  test("callee and receiver for plain, package, field-path and computed receivers", () => {
    const f = facts(
      go(
        "func (s *Server) Run() {",
        "\tstart()",
        "\tfmt.Println(1)",
        "\ts.db.Query()",
        "\tx.y().z()",
        "\titems[0].Close()",
        "\t_ = Config{Name: load()}",
        "}",
      ),
    );
    const run = indexOf(f, "Server.Run");
    expect(f.calls).toEqual([
      { from: run, line: 4, callee: "start" },
      { from: run, line: 5, callee: "Println", receiver: "fmt" },
      { from: run, line: 6, callee: "Query", receiver: "s.db" },
      // x.y().z(): z's receiver is the result of the call to y, recorded next.
      { from: run, line: 7, callee: "z", receiver: "?", receiverCall: 4 },
      { from: run, line: 7, callee: "y", receiver: "x" },
      { from: run, line: 8, callee: "Close", receiver: "?" },
      { from: run, line: 9, callee: "load" },
    ]);
  });

  test("generic calls name the function; composite literals are not calls", () => {
    const f = facts(go("func main() {", "\tMap[int](xs)", "\tslices.Sort[[]int](xs)", "\tPair[int, string](1, \"a\")", "\t_ = Point{1, 2}", "}"));
    const main = indexOf(f, "main");
    expect(f.calls).toEqual([
      { from: main, line: 4, callee: "Map" },
      { from: main, line: 5, callee: "Sort", receiver: "slices" },
      { from: main, line: 6, callee: "Pair" },
    ]);
  });

  test("closures count as their enclosing declaration; package-level initialisers are -1", () => {
    const f = facts(go("var handler = wrap(func() { inner() })", "", "func Outer() {", "\tgo func() { work() }()", "}"));
    const outer = indexOf(f, "Outer");
    expect(f.calls).toEqual([
      { from: -1, line: 3, callee: "wrap" },
      { from: -1, line: 3, callee: "inner" },
      { from: outer, line: 6, callee: "work" },
    ]);
  });
});

describe("go imports", () => {
  test("single and grouped imports with default, named, dot and blank locals", () => {
    const f = facts(go('import "fmt"', "import (", '\tsql "database/sql"', '\t. "strings"', '\t_ "embed"', "\t`net/http`", ")"));
    expect(f.imports).toEqual([
      { line: 3, source: "fmt", names: [{ imported: "*", local: "" }], kind: "import" },
      { line: 5, source: "database/sql", names: [{ imported: "*", local: "sql" }], kind: "import" },
      { line: 6, source: "strings", names: [{ imported: "*", local: "." }], kind: "import" },
      { line: 7, source: "embed", names: [{ imported: "*", local: "_" }], kind: "import" },
      { line: 8, source: "net/http", names: [{ imported: "*", local: "" }], kind: "import" },
    ]);
    expect(f.exports).toEqual([]);
  });
});

describe("go heritage", () => {
  test("embedded struct fields and embedded interfaces extend; named fields and constraints do not", () => {
    const f = facts(
      go(
        "type Admin struct {",
        "\tUser",
        "\t*auth.Session",
        "\tName string",
        "}",
        "type ReadCloser interface {",
        "\tio.Reader",
        "\tCloser",
        "\tExtra() error",
        "}",
        "type Number interface {",
        "\t~int | ~float64",
        "}",
      ),
    );
    expect(f.heritage).toEqual([
      { entity: 0, kind: "extends", name: "User", line: 4 },
      { entity: 0, kind: "extends", name: "auth.Session", line: 5 },
      { entity: 1, kind: "extends", name: "io.Reader", line: 9 },
      { entity: 1, kind: "extends", name: "Closer", line: 10 },
    ]);
  });
});

describe("go refs", () => {
  test("types in signatures, fields, interface methods, type definitions and var declarations", () => {
    const f = facts(
      go(
        "type Cache struct {",
        "\tstore map[string]*Entry",
        "\tclock time.Clock",
        "\tcount int",
        "}",
        "type Getter interface {",
        "\tGet(key Key) (Value, error)",
        "}",
        "type Hook func(ev Event) bool",
        "func Load[T any](src Source, opts ...Option) ([]T, *Report) {",
        "\tvar seen Set",
        "\treturn nil, nil",
        "}",
        "var Default Config",
      ),
    );
    const names = (qname: string) => f.refs.filter((r) => r.from === indexOf(f, qname)).map((r) => r.name);
    expect(names("Cache")).toEqual(["Entry", "time.Clock"]);
    expect(names("Getter.Get")).toEqual(["Key", "Value"]);
    expect(names("Hook")).toEqual(["Event"]);
    expect(names("Load")).toEqual(["Source", "Option", "Report", "Set"]);
    expect(f.refs.filter((r) => r.from === -1)).toEqual([{ from: -1, name: "Config", line: 16 }]);
  });
});

describe("go typed vars", () => {
  test("receivers, parameters, declared vars, composite literals and type assertions; constructor calls are not typed", () => {
    const f = facts(
      go(
        "func (s *Server) Handle(db *sql.DB, n int, opts ...Option) {",
        "\tvar cfg Config",
        "\tp := &Pool{}",
        "\tq := Queue{size: 1}",
        "\tc := NewClient()",
        "\ta, b := Left{}, &pkg.Right{}",
        "\tsorter := pool.Get().(*sorter)",
        "}",
        "var global = Registry{}",
      ),
    );
    const handle = indexOf(f, "Server.Handle");
    expect(f.vars).toEqual([
      { scope: handle, name: "s", type: "Server", line: 3 },
      { scope: handle, name: "db", type: "sql.DB", line: 3 },
      // A declared variable is in force from the end of its declaration to its block's end.
      { scope: handle, name: "cfg", type: "Config", line: at(4, 15), until: at(10, 1) },
      { scope: handle, name: "p", type: "Pool", line: at(5, 13), until: at(10, 1) },
      { scope: handle, name: "q", type: "Queue", line: at(6, 20), until: at(10, 1) },
      { scope: handle, name: "a", type: "Left", line: at(8, 29), until: at(10, 1) },
      { scope: handle, name: "b", type: "pkg.Right", line: at(8, 29), until: at(10, 1) },
      { scope: handle, name: "sorter", type: "sorter", line: at(9, 31), until: at(10, 1) },
      { scope: -1, name: "global", type: "Registry", line: at(11, 23) },
    ]);
  });

  test("a type switch types its variable per case that names one type, and makes it a local of the switch", () => {
    const f = facts(
      go(
        "func walk(node Node) {",
        "\tswitch n := node.(type) {",
        "\tcase *ast.Call:",
        "\t\tuse(n)",
        "\tcase Ident, *Star:",
        "\tcase nil:",
        "\tdefault:",
        "\t}",
        "\tswitch node.(type) {",
        "\tcase *Call:",
        "\t}",
        "}",
      ),
    );
    const walk = indexOf(f, "walk");
    // From its case to the next: `use(n)` on line 6.
    expect(f.vars.filter((v) => v.name === "n")).toEqual([{ scope: walk, name: "n", type: "ast.Call", line: at(5, 1), until: at(7, 1) }]);
    // Past `node` in its own header: `switch n := n.(type)` reads the outer n.
    expect(f.locals?.filter(([, name]) => name === "n")).toEqual([[walk, "n", at(4, 17), at(10, 2)]]);
  });

  test("collections record their element type; an index or a range's value is an element of a path", () => {
    const f = facts(
      go(
        "func run(items []*Item, byKey map[string]pkg.Item, ch chan Job) {",
        "\tit, ok := byKey[\"a\"]",
        "\tfirst := items[0]",
        "\tfor i, v := range s.queue {",
        "\t}",
        "\tfor k := range byKey {",
        "\t}",
        "\tif ok {",
        "\t\tp, q := new(Printer), make([]*Printer, 0)",
        "\t}",
        "\tif fn, ok := v.(*ssa.Function); ok {",
        "\t\tjob, open := <-ch",
        "\t}",
        "}",
      ),
    );
    const run = indexOf(f, "run");
    expect(f.vars).toEqual([
      { scope: run, name: "items", type: "Item", line: 3, collection: true },
      { scope: run, name: "byKey", type: "pkg.Item", line: 3, collection: true },
      { scope: run, name: "ch", type: "Job", line: 3, collection: true },
      { scope: run, name: "it", type: "", line: at(4, 21), fromPath: "byKey", element: true, until: at(16, 1) },
      { scope: run, name: "first", type: "", line: at(5, 18), fromPath: "items", element: true, until: at(16, 1) },
      // Declared in a nested block or a loop's header: they hold until its end.
      { scope: run, name: "v", type: "", line: at(6, 26), fromPath: "s.queue", element: true, until: at(7, 2) },
      { scope: run, name: "p", type: "Printer", line: at(11, 43), until: at(12, 2) },
      { scope: run, name: "q", type: "Printer", line: at(11, 43), until: at(12, 2), collection: true },
      // An if's own declaration holds in its condition, past its declaration.
      { scope: run, name: "fn", type: "ssa.Function", line: at(13, 31), until: at(15, 2) },
      { scope: run, name: "job", type: "", line: at(14, 19), fromPath: "ch", element: true, until: at(15, 2) },
    ]);
    // A range's variables from the end of its clause: `range s.queue` reads no loop variable.
    expect(f.locals?.filter(([, name]) => ["i", "v", "k"].includes(name))).toEqual([
      [run, "i", at(6, 26), at(7, 2)],
      [run, "v", at(6, 26), at(7, 2)],
      [run, "k", at(8, 21), at(9, 2)],
    ]);
  });

  test("a variable read from a field path records the path, for the resolver to type", () => {
    const f = facts(go("func (w *W) Write() {", "\trws, n := w.rws, 1", "\tvar cfg = w.opts.cfg", "}"));
    const write = indexOf(f, "W.Write");
    expect(f.vars.filter((v) => v.fromPath)).toEqual([
      { scope: write, name: "rws", type: "", line: at(4, 19), fromPath: "w.rws", until: at(6, 1) },
      { scope: write, name: "cfg", type: "", line: at(5, 21), fromPath: "w.opts.cfg", until: at(6, 1) },
    ]);
  });

  test("struct fields are not vars", () => {
    const f = facts(go("type S struct {", "\tdb *sql.DB", "}"));
    expect(f.vars).toEqual([]);
  });
});

describe("go odd input", () => {
  test("a syntax error is counted and later declarations are still extracted", () => {
    const f = facts(go("func Broken( {", "}", "", "type After struct{}", "", "func (a *After) Method() {", "\tcallMe()", "}"));
    expect(f.parseErrors).toBeGreaterThan(0);
    expect(f.entities.map((e) => e.qname)).toEqual(expect.arrayContaining(["After", "After.Method"]));
    expect(f.calls).toContainEqual({ from: indexOf(f, "After.Method"), line: 9, callee: "callMe" });
  });

  test("a clean file has no parse errors; empty and garbage input do not throw", () => {
    expect(facts(go("func A() {}")).parseErrors).toBe(0);
    expect(facts("").entities).toEqual([]);
    expect(() => facts("}}} func ( type [ import")).not.toThrow();
  });
});

describe("go struct fields and call results", () => {
  test("named and embedded struct fields with named types, collections of them; builtins and type parameters are not", () => {
    const f = facts(
      go(
        "type Printer[T any] struct {",
        "\tdb, backup *st.Store",
        "\tname string",
        "\titems []Item",
        "\tlookup map[string]*Item",
        "\tcounts map[string]int",
        "\tlast T",
        "\tall []T",
        "\t*Base",
        "\tio.Writer",
        "}",
      ),
    );
    const printer = indexOf(f, "Printer");
    expect(f.fields).toEqual([
      { scope: printer, name: "db", type: "st.Store", line: 4 },
      { scope: printer, name: "backup", type: "st.Store", line: 4 },
      { scope: printer, name: "items", type: "Item", line: 6, collection: true },
      { scope: printer, name: "lookup", type: "Item", line: 7, collection: true },
      { scope: printer, name: "Base", type: "Base", line: 11 },
      { scope: printer, name: "Writer", type: "io.Writer", line: 12 },
    ]);
    expect(f.vars).toEqual([]);
  });

  test("declared results: single, pointer, generic, first of a list; not builtins or type parameters", () => {
    const f = facts(
      go(
        "func New() *Store { return nil }",
        "func Open(path string) (*st.DB, error) { return nil, nil }",
        "func Named() (p *Printer, err error) { return }",
        "func List[T any]() *Box[T] { return nil }",
        "func First[T any]() T { var t T; return t }",
        "func Count() int { return 0 }",
        "func Pair() (int, *Store) { return 0, nil }",
        "func Nothing() {}",
        "func (s *Store) Child() *Store { return s }",
      ),
    );
    const returns = (qname: string) => entity(f, qname).returns;
    expect(returns("New")).toBe("Store");
    expect(returns("Open")).toBe("st.DB");
    expect(returns("Named")).toBe("Printer");
    expect(returns("List")).toBe("Box");
    expect(returns("First")).toBeUndefined();
    expect(returns("Count")).toBeUndefined();
    expect(returns("Pair")).toBeUndefined();
    expect(returns("Nothing")).toBeUndefined();
    expect(returns("Store.Child")).toBe("Store");
  });

  test("variables initialised by a call point at that call; the first of a multi-value assignment", () => {
    const f = facts(
      go(
        "func main() {",
        "\tdb := store.New(config())",
        "\tp, err := report.NewPrinter(db)",
        "\tvar q = open()",
        "\ta, b := left(), right()",
        "\t_, skipped := other()",
        "\tn := 1",
        "}",
        "var global = store.New()",
      ),
    );
    const main = indexOf(f, "main");
    const callIndex = (callee: string) => f.calls.findIndex((c) => c.callee === callee);
    expect(f.resultVars).toEqual([
      { scope: main, name: "db", type: "", line: at(4, 26), fromCall: callIndex("New"), until: at(10, 1) },
      { scope: main, name: "p", type: "", line: at(5, 32), fromCall: callIndex("NewPrinter"), until: at(10, 1) },
      { scope: main, name: "q", type: "", line: at(6, 15), fromCall: callIndex("open"), until: at(10, 1) },
      { scope: main, name: "a", type: "", line: at(7, 24), fromCall: callIndex("left"), until: at(10, 1) },
      { scope: main, name: "b", type: "", line: at(7, 24), fromCall: callIndex("right"), until: at(10, 1) },
      { scope: -1, name: "global", type: "", line: at(11, 24), fromCall: f.calls.findLastIndex((c) => c.callee === "New") },
    ]);
    expect(f.calls[callIndex("New")]).toEqual({ from: main, line: 4, callee: "New", receiver: "store" });
    expect(f.vars).toEqual([]);
  });
});

describe("go locals", () => {
  test("parameters belong to their func; := and var from the end of their declaration to the end of their block; a func literal's parameters to its body", () => {
    const f = facts(
      go(
        "func Run(a int, b, c string, rest ...int) {", //  3
        "\tx := make()", //                                 4
        "\tif ok {", //                                     5
        "\t\tvar y, _ = pair()", //                         6
        "\t}", //                                           7
        "\tgo func(z int) {", //                            8
        "\t}(1)", //                                        9
        "}", //                                             10
        "var top = 1", //                                   11
      ),
    );
    const run = indexOf(f, "Run");
    expect(f.locals).toEqual([
      ...["a", "b", "c", "rest"].map((name): LocalFact => [run, name, 3]),
      [run, "x", at(4, 12), at(10, 1)],
      [run, "y", at(6, 19), at(7, 2)],
      [run, "z", at(8, 15), at(9, 2)],
    ]);
  });
});

describe("go hand-overs: funcs named as values", () => {
  const values = (f: FileFacts) => f.refs.filter((r) => r.value).map((r) => [f.entities[r.from]?.qname ?? "<package>", r.name, r.line]);

  test("arguments, assignments, composite literal values, returns; variables of the file are left out", () => {
    const f = facts(
      go(
        'import st "example.com/store"',
        "var defaultLimit = 3",
        "type Server struct{ Handler func() }",
        "func (s *Server) serve() {}",
        "func handler() {}",
        "func main() {",
        "\th := &Server{}",
        '\thttp.HandleFunc("/", handler)',
        '\thttp.Handle("/x", h.serve)',
        "\tf := handler",
        "\tvar g = st.Fn",
        "\tuse(defaultLimit, h, f, g, fromSibling, h.data)",
        "\tsrv := Server{Handler: serve, Other: st.Fn}",
        "\t_ = []func(){handler}",
        "}",
        "func pick() func() { return handler }",
      ),
    );
    expect(values(f)).toEqual([
      ["main", "handler", 10],
      ["main", "h.serve", 11],
      ["main", "handler", 12],
      ["main", "st.Fn", 13],
      ["main", "fromSibling", 14],
      ["main", "serve", 15],
      ["main", "st.Fn", 15],
      ["main", "handler", 16],
      ["pick", "handler", 18],
    ]);
  });
});

describe("go method types", () => {
  test("parameters and results as written, qualifiers dropped, one per name, variadic marked, type parameters as ?", () => {
    const f = facts(
      go(
        "type Router[T any] interface {",
        "\tMatch(rctx *chi.Context, method, path string) bool",
        "\tUse(middlewares ...func(http.Handler) http.Handler)",
        "\tValue() (v T, err error)",
        "}",
        "func (m *Mux) Match(rctx *Context, method, path string) bool { return false }",
      ),
    );
    expect(entity(f, "Router.Match").methodTypes).toBe("*Context;string;string|bool");
    expect(entity(f, "Router.Use").methodTypes).toBe("...func(Handler) Handler|");
    expect(entity(f, "Router.Value").methodTypes).toBe("|?;error");
    // What a call through the interface returns, as a method's declared result.
    expect(entity(f, "Router.Match").returns).toBeUndefined();
    expect(facts(go("type R interface {", "\tWith(mw ...Middleware) R", "}")).entities[1]).toMatchObject({ qname: "R.With", returns: "R" });
    expect(entity(f, "Mux.Match").methodTypes).toBe("*Context;string;string|bool");
  });
});

describe("go receivers a literal or a copy states", () => {
  test("a composite literal's type is its call's receiver type; `m := mx` holds what mx holds", () => {
    const f = facts(go("func run(mx *Mux) {", "\tusers{}.Routes()", "\t(&pkg.Mux{}).Get()", "\tm := mx", "\tm.Get()", "}"));
    const run = indexOf(f, "run");
    expect(f.calls.slice(0, 2)).toEqual([
      { from: run, line: 4, callee: "Routes", receiver: "?", receiverType: "users" },
      { from: run, line: 5, callee: "Get", receiver: "?", receiverType: "pkg.Mux" },
    ]);
    expect(f.vars.filter((v) => v.name === "m")).toEqual([{ scope: run, name: "m", type: "", line: at(6, 8), fromPath: "mx", until: at(8, 1) }]);
  });
});

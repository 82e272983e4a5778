// Go as real routers are written (issue 31, item 6): each test is named for the answer that
// misled an agent on a Go repository.
import { describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";
import { edges } from "../helpers/graph";

const GO_MOD = "module example.com/app\n\ngo 1.22\n";

async function mapped(prefix: string, files: Record<string, string>): Promise<{ root: string; home: string }> {
  const root = await writeTree(tempDir(prefix), { "go.mod": GO_MOD, ...files });
  const home = tempDir(`${prefix}home-`);
  expect(ix(["map", "."], { cwd: root, home }).code).toBe(0);
  return { root, home };
}

function answer(g: { root: string; home: string }, ...args: string[]): string[] {
  const r = ix([...args, "--format", "llm"], { cwd: g.root, home: g.home });
  expect(r.code).toBe(0);
  return r.lines;
}

/** Each caller's row as `name site also`: where the answer says the calls are. */
function callSites(g: { root: string; home: string }, target: string): string[] {
  return answer(g, "callers", target)
    .filter((l) => l.startsWith("ref "))
    .map((l) => [/ name=(\S+)/, / site=(\S+)/, / also=(\S+)/].map((re) => re.exec(l)?.[1] ?? "").join(" ").trim());
}

describe("callers through a receiver whose name a nested declaration reuses", () => {
  test("r.Get(…, func(w, r *Request) {…}) calls the outer r's Get; each shadowing form holds from the end of its declaration to the end of its block", async () => {
    const g = await mapped("ix-go-shadow-", {
      "router.go": [
        "package app",
        "",
        "type Mux struct{}",
        "type Request struct{}",
        "",
        "func NewRouter() *Mux { return &Mux{} }",
        "",
        "func (m *Mux) Get(pattern string, h func(w int, r *Request)) {}",
        "func (m *Mux) Sub() *Request                                  { return &Request{} }",
        "func (q *Request) Context() int                               { return 0 }",
        "",
      ].join("\n"),
      "main.go": [
        "package app", //                                                   1
        "", //                                                              2
        "func routes(mode int) {", //                                       3
        "\tr := NewRouter()", //                                            4
        '\tr.Get("/", func(w int, r *Request) {', //                        5  the outer r
        "\t\tr.Context()", //                                               6  the literal's r
        "\t})", //                                                          7
        '\tr.Get("/one", func(w int, r *Request) { r.Context() })', //     8  both, on one line
        "\tif r := r.Sub(); r != nil {", //                                 9  the outer r, then the header's
        "\t\tr.Context()", //                                               10
        "\t}", //                                                           11
        "\tswitch mode {", //                                               12
        "\tcase 1:", //                                                     13
        "\t\tr := &Request{}", //                                           14
        "\t\tr.Context()", //                                               15
        "\tcase 2:", //                                                     16
        '\t\tr.Get("/case", nil)', //                                       17 a case is a block of its own
        "\t}", //                                                           18
        '\tr.Get("/after", nil)', //                                        19
        "}", //                                                             20
        "",
      ].join("\n"),
    });
    expect(callSites(g, "Mux.Get")).toEqual(["routes main.go:5 8,17,19"]);
    expect(callSites(g, "Mux.Sub")).toEqual(["routes main.go:9"]);
    expect(callSites(g, "Request.Context")).toEqual(["routes main.go:6 8,10,15"]);
  });

  test("a range's, a type switch's and a named result's variable: the header reads the outer name", async () => {
    const g = await mapped("ix-go-shadow-forms-", {
      "tree.go": [
        "package app",
        "",
        "type Node struct{}",
        "type Leaf struct{}",
        "",
        "func (n *Node) Children() []*Leaf { return nil }",
        "func (n *Node) Kind() any          { return nil }",
        "func (l *Leaf) Walk()              {}",
        "",
      ].join("\n"),
      "walk.go": [
        "package app", //                                          1
        "", //                                                     2
        "func walk(n *Node) {", //                                 3
        "\tfor _, n := range n.Children() {", //                   4  Node.Children on the outer n
        "\t\t_ = n", //                                            5
        "\t}", //                                                  6
        "\tswitch n := n.Kind().(type) {", //                      7  Node.Kind on the outer n
        "\tcase *Leaf:", //                                        8
        "\t\tn.Walk()", //                                         9
        "\t}", //                                                  10
        "}", //                                                    11
        "", //                                                     12
        "func first() (l *Leaf) {", //                             13
        "\tl.Walk()", //                                           14 the named result
        "\treturn", //                                             15
        "}", //                                                    16
        "",
      ].join("\n"),
    });
    expect(callSites(g, "Node.Children")).toEqual(["walk walk.go:4"]);
    expect(callSites(g, "Node.Kind")).toEqual(["walk walk.go:7"]);
    expect(callSites(g, "Leaf.Walk")).toEqual(["walk walk.go:9", "first walk.go:14"]);
  });
});

describe("calls through an interface-typed value, and who implements the interface", () => {
  const files = {
    "router.go": [
      "package app",
      "",
      "// Router routes requests.",
      "type Router interface {",
      "\tRoutes",
      "\tGet(pattern string, h HandlerFunc)",
      "\tRoute(pattern string, fn func(r Router)) Router",
      "\tWith(mw ...HandlerFunc) Router",
      "}",
      "",
      "type Routes interface {",
      "\tMiddlewares() []string",
      "}",
      "",
      "type HandlerFunc func()",
      "",
      "type Mux struct{}",
      "",
      "func NewRouter() *Mux { return &Mux{} }",
      "",
      "func (m *Mux) Get(pattern string, h HandlerFunc)             {}",
      "func (m *Mux) Route(pattern string, fn func(r Router)) Router { return m }",
      "func (m *Mux) With(mw ...HandlerFunc) Router                  { return m }",
      "",
    ].join("\n"),
    // A method declared apart from its type still counts in its method set.
    "middlewares.go": ["package app", "", "func (m *Mux) Middlewares() []string { return nil }", ""].join("\n"),
    // Same names, another shape: no implementation.
    "decoys.go": [
      "package app",
      "",
      "type Half struct{}",
      "",
      "func (h Half) Get(pattern string, h2 HandlerFunc)             {}",
      "func (h Half) Route(pattern string, fn func(r Router)) Router { return nil }",
      "",
      "type Flusher interface{ Flush() error }",
      "",
      "type Writer struct{}",
      "",
      "func (w Writer) Flush() {}",
      "",
      "type Wrapped struct{ *Mux }",
      "",
    ].join("\n"),
    "routes.go": [
      "package app",
      "",
      "func routes() {",
      "\tr := NewRouter()",
      '\tr.Route("/a", func(r Router) {',
      '\t\tr.Get("/", nil)',
      "\t\tr.Middlewares()",
      '\t\tr.With().Get("/with", nil)',
      "\t})",
      "}",
      "",
    ].join("\n"),
    // An interface its consumer declares, met by a type of a package it imports.
    "store/store.go": ["package store", "", "type DB struct{}", "", "func (d *DB) Save(key string) error { return nil }", ""].join("\n"),
    "service/service.go": [
      "package service",
      "",
      'import "example.com/app/store"',
      "",
      "type Saver interface {",
      "\tSave(key string) error",
      "}",
      "",
      "func Run(s Saver, db *store.DB) {",
      '\ts.Save("k")',
      "}",
      "",
    ].join("\n"),
  };

  test("a call through a parameter of the interface's type binds to the interface's method; the implementation's callers count it via_interface", async () => {
    const g = await mapped("ix-go-iface-", files);
    // What a method of the interface declares it returns is the next call's receiver.
    expect(callSites(g, "Router.Get")).toEqual(["routes routes.go:6 8"]);
    expect(callSites(g, "Routes.Middlewares")).toEqual(["routes routes.go:7"]);
    expect(answer(g, "callers", "Mux.Get")[0]).toBe("callers target=Get path=router.go shown=0 total=0 resolved=0 via_interface=1");
    expect(callSites(g, "Router.With")).toEqual(["routes routes.go:8"]);
    // Through Routes, which Router embeds, to a method declared in another file.
    expect(answer(g, "callers", "Mux.Middlewares")[0]).toBe("callers target=Middlewares path=middlewares.go shown=0 total=0 resolved=0 via_interface=1");
    expect(answer(g, "callers", "DB.Save")[0]).toBe("callers target=Save path=store/store.go shown=0 total=0 resolved=0 via_interface=1");
    expect(answer(g, "contains", "Router").filter((l) => l.startsWith("member ")).map((l) => / name=(\S+)/.exec(l)![1])).toEqual(["Get", "Route", "With"]);
  });

  test("a type implements an interface when it has every method by name and types, promoted ones included, and only then", async () => {
    const g = await mapped("ix-go-impl-", files);
    expect(await edges(g.home, g.root, "IMPLEMENTS")).toEqual([
      "decoys.go:Wrapped IMPLEMENTS router.go:Router",
      "decoys.go:Wrapped IMPLEMENTS router.go:Routes",
      "router.go:Mux IMPLEMENTS router.go:Router",
      "router.go:Mux IMPLEMENTS router.go:Routes",
      "store/store.go:DB IMPLEMENTS service/service.go:Saver",
    ]);
  });
});

describe("receivers a literal or a copy states", () => {
  test("a receiver a composite literal states, and a copy of a typed variable, bind their methods", async () => {
    const g = await mapped("ix-go-literal-", {
      "users.go": [
        "package app",
        "",
        "type users struct{}",
        "type Mux struct{ parent *Mux }",
        "",
        "func (u users) Routes() *Mux { return nil }",
        "func (m *Mux) update()        {}",
        "",
        "func mount(mx *Mux) {",
        "\tusers{}.Routes()",
        "\tm := mx",
        "\tif m.parent != nil {",
        "\t\tm = m.parent",
        "\t}",
        "\tm.update()",
        "}",
        "",
      ].join("\n"),
    });
    expect(callSites(g, "users.Routes")).toEqual(["mount users.go:10"]);
    expect(callSites(g, "Mux.update")).toEqual(["mount users.go:15"]);
  });
});

describe("explain's importers of an entity of a package", () => {
  test("a file importing the package imports the entities it uses, not every exported one", async () => {
    const g = await mapped("ix-go-importers-", {
      "lib/lib.go": [
        "package lib",
        "",
        "type Config struct{}",
        "",
        "func Used() int  { return 1 }",
        "func Other() int { return 2 }",
        "",
      ].join("\n"),
      "a/a.go": ["package a", "", 'import "example.com/app/lib"', "", "func A() int { return lib.Used() }", ""].join("\n"),
      "b/b.go": ["package b", "", 'import "example.com/app/lib"', "", "func B(c *lib.Config) int { return lib.Other() }", ""].join("\n"),
      "c/c.go": ["package c", "", 'import "example.com/app/lib"', "", "func C() int { return lib.Other() }", ""].join("\n"),
    });
    const edgesOf = (target: string) => answer(g, "explain", target).find((l) => l.startsWith("edges "));
    expect(edgesOf("Used")).toMatch(/ importers=1 /);
    expect(edgesOf("Other")).toMatch(/ importers=2 /);
    expect(edgesOf("Config")).toMatch(/ importers=1 /);
    expect(edgesOf("lib/lib.go")).toMatch(/ importers=3 /);
  });
});

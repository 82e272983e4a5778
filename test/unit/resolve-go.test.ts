import { describe, expect, test } from "bun:test";
import type { FileFacts } from "../../src/model/facts.ts";
import { FactsBuilder, memoryProject } from "../helpers/facts-builder.ts";
import { resolveFiles, type FileResolution } from "../../src/resolve/index.ts";

const GO_MOD = { "go.mod": "module example.com/shop\n\ngo 1.22\n\nrequire github.com/lib/pq v1.10.9\n" };

function resolveOne(target: string, files: FileFacts[]): FileResolution {
  return resolveFiles([target], memoryProject(files, GO_MOD)).get(target)!;
}

function targets(result: FileResolution, from: number): [string, number, string][] {
  return result.edges.filter((e) => e.kind === "CALLS" && e.src.index === from).map((e) => [e.dst.path, e.dst.index, e.via]);
}

/** internal/store: store.go (Open, DB, helper call), db.go (DB methods), util.go (helper), a test file. */
function storePackage() {
  const store = new FactsBuilder("internal/store/store.go").packageName("store");
  const DB = store.entity("DB", "class", { exported: true });
  const Open = store.entity("Open", "function", { exported: true });
  store.call(Open, "helper");
  const db = new FactsBuilder("internal/store/db.go").packageName("store");
  const Query = db.entity("Query", "method", { receiverType: "DB", exported: true });
  const Close = db.entity("Close", "method", { receiverType: "DB", exported: true });
  db.typedVar(Close, "d", "DB").call(Close, "Query", "d").call(Close, "Open");
  const util = new FactsBuilder("internal/store/util.go").packageName("store");
  const helper = util.entity("helper", "function");
  const testFile = new FactsBuilder("internal/store/store_test.go").packageName("store");
  const testOnly = testFile.entity("Open", "function");
  return { files: [store.build(), db.build(), util.build(), testFile.build()], DB, Open, Query, Close, helper, testOnly };
}

describe("go packages", () => {
  test("a package-qualified call through the go.mod module path; IMPORTS to the package's files", () => {
    const pkg = storePackage();
    const main = new FactsBuilder("cmd/shop/main.go").packageName("main");
    main.import("example.com/shop/internal/store", [["*", ""]]).import("fmt", [["*", ""]]).import("github.com/lib/pq", [["*", "_"]]);
    const fn = main.entity("main", "function");
    main.call(fn, "Open", "store").call(fn, "Println", "fmt").call(fn, "make").call(fn, "Frob", "unknownpkg");
    const result = resolveOne("cmd/shop/main.go", [...pkg.files, main.build()]);
    expect(targets(result, fn)).toEqual([["internal/store/store.go", pkg.Open, "package"]]);
    expect(result.unresolved.map((u) => [u.name, u.receiver])).toEqual([["Frob", "unknownpkg"]]);
    const imported = result.edges.filter((e) => e.kind === "IMPORTS").map((e) => e.dst.path);
    expect(imported).toEqual(["internal/store/db.go", "internal/store/store.go", "internal/store/util.go"]);
  });

  test("an aliased import; another package's test does not see this package's test files", () => {
    const pkg = storePackage();
    const main = new FactsBuilder("cmd/shop/main_test.go").packageName("main");
    main.import("example.com/shop/internal/store", [["*", "st"]]).call(-1, "Open", "st");
    const result = resolveOne("cmd/shop/main_test.go", [...pkg.files, main.build()]);
    expect(targets(result, -1)).toEqual([["internal/store/store.go", pkg.Open, "package"]]);
  });

  test("the external test package (store_test) sees the package's export_test.go", () => {
    const pkg = storePackage();
    const exported = new FactsBuilder("internal/store/export_test.go").packageName("store");
    const hook = exported.entity("ResetForTest", "function", { exported: true });
    const ext = new FactsBuilder("internal/store/store_ext_test.go").packageName("store_test");
    ext.import("example.com/shop/internal/store", [["*", ""]]).call(-1, "ResetForTest", "store").call(-1, "helper");
    const files = [...pkg.files, exported.build(), ext.build()];
    const result = resolveOne("internal/store/store_ext_test.go", files);
    expect(targets(result, -1)).toEqual([["internal/store/export_test.go", hook, "package"]]);
    // helper belongs to package store, not store_test: not visible bare.
    expect(result.unresolved.map((u) => u.name)).toEqual(["helper"]);
    const plain = resolveOne("cmd/main.go", [...files, new FactsBuilder("cmd/main.go").packageName("main")
      .import("example.com/shop/internal/store", [["*", ""]]).call(-1, "ResetForTest", "store").build()]);
    expect(plain.unresolved.map((u) => u.name)).toEqual(["ResetForTest"]);
  });

  test("same-package calls across files, via package", () => {
    const pkg = storePackage();
    const result = resolveOne("internal/store/store.go", pkg.files);
    expect(targets(result, pkg.Open)).toEqual([["internal/store/util.go", pkg.helper, "package"]]);
  });

  test("a method on a receiver of known type (Go receiver, local var of another package's type)", () => {
    const pkg = storePackage();
    const own = resolveOne("internal/store/db.go", pkg.files);
    expect(targets(own, pkg.Close)).toEqual([
      ["internal/store/db.go", pkg.Query, "receiver-type"],
      ["internal/store/store.go", pkg.Open, "package"],
    ]);
    const main = new FactsBuilder("cmd/shop/main.go").packageName("main");
    main.import("example.com/shop/internal/store", [["*", ""]]);
    const fn = main.entity("main", "function");
    main.typedVar(fn, "db", "store.DB").call(fn, "Close", "db").call(fn, "Missing", "db");
    const result = resolveOne("cmd/shop/main.go", [...pkg.files, main.build()]);
    expect(targets(result, fn)).toEqual([["internal/store/db.go", pkg.Close, "receiver-type"]]);
    expect(result.unresolved.map((u) => [u.name, u.receiver])).toEqual([["Missing", "db"]]);
  });

  test("a method declared in another file of its type's package is CONTAINed by the type; same directory, same package clause", () => {
    const pkg = storePackage();
    // store_test, in the same directory, declares a DB of its own with a method in another file.
    const testTypes = new FactsBuilder("internal/store/types_ext_test.go").packageName("store_test");
    const testDB = testTypes.entity("DB", "class");
    const testMethods = new FactsBuilder("internal/store/methods_ext_test.go").packageName("store_test");
    const Check = testMethods.entity("Check", "method", { receiverType: "DB" });
    const files = [...pkg.files, testTypes.build(), testMethods.build()];
    const contains = (result: FileResolution) => result.edges.filter((e) => e.kind === "CONTAINS").map((e) => [e.src.path, e.src.index, e.dst.path, e.dst.index]);
    expect(contains(resolveOne("internal/store/db.go", files))).toEqual([
      ["internal/store/store.go", pkg.DB, "internal/store/db.go", pkg.Query],
      ["internal/store/store.go", pkg.DB, "internal/store/db.go", pkg.Close],
    ]);
    expect(contains(resolveOne("internal/store/methods_ext_test.go", files))).toEqual([
      ["internal/store/types_ext_test.go", testDB, "internal/store/methods_ext_test.go", Check],
    ]);
    // A method beside its type hangs under it through the file's own nesting, not an edge.
    expect(contains(resolveOne("internal/store/store.go", files))).toEqual([]);
  });

  test("embedded structs: promoted methods and EXTENDS", () => {
    const pkg = storePackage();
    const svc = new FactsBuilder("internal/svc/svc.go").packageName("svc");
    svc.import("example.com/shop/internal/store", [["*", ""]]);
    const Service = svc.entity("Service", "class");
    const Run = svc.entity("Run", "method", { receiverType: "Service", parent: Service });
    svc.heritage(Service, "extends", "store.DB").typedVar(Run, "s", "Service").call(Run, "Query", "s");
    const result = resolveOne("internal/svc/svc.go", [...pkg.files, svc.build()]);
    expect(targets(result, Run)).toEqual([["internal/store/db.go", pkg.Query, "receiver-type"]]);
    const ext = result.edges.filter((e) => e.kind === "EXTENDS");
    expect(ext.map((e) => [e.dst.path, e.dst.index, e.via])).toEqual([["internal/store/store.go", pkg.DB, "package"]]);
  });
});

describe("go struct fields and call results", () => {
  /** internal/report: a Printer holding a *store.DB; NewPrinter returns *Printer. */
  function reportPackage() {
    const report = new FactsBuilder("internal/report/report.go").packageName("report");
    report.import("example.com/shop/internal/store", [["*", "st"]]);
    const Printer = report.entity("Printer", "class", { exported: true });
    report.field(Printer, "db", "st.DB");
    const NewPrinter = report.entity("NewPrinter", "function", { exported: true, returns: "Printer" });
    const Line = report.entity("Line", "method", { receiverType: "Printer", parent: Printer, exported: true });
    report.typedVar(Line, "p", "Printer").call(Line, "Query", "p.db").call(Line, "Nope", "p.db").call(Line, "Query", "p.missing");
    return { file: report.build(), Printer, NewPrinter, Line };
  }

  test("x.f.m(): the field's declared type, resolved in the struct's file", () => {
    const pkg = storePackage();
    const report = reportPackage();
    const result = resolveOne("internal/report/report.go", [...pkg.files, report.file]);
    expect(targets(result, report.Line)).toEqual([["internal/store/db.go", pkg.Query, "receiver-type"]]);
    const edge = result.edges.find((e) => e.kind === "CALLS" && e.src.index === report.Line)!;
    expect(edge.confidence).toBe(0.9);
    // A method the field's type lacks, and a field the struct lacks, stay unresolved.
    expect(result.unresolved.map((u) => [u.name, u.receiver])).toEqual([["Nope", "p.db"], ["Query", "p.missing"]]);
  });

  test("fields of an embedded struct are promoted; deeper paths x.f.g", () => {
    const pkg = storePackage();
    const report = reportPackage();
    const svc = new FactsBuilder("internal/svc/svc.go").packageName("svc");
    svc.import("example.com/shop/internal/report", [["*", ""]]);
    const Base = svc.entity("Base", "class");
    svc.field(Base, "printer", "report.Printer");
    const Service = svc.entity("Service", "class");
    svc.heritage(Service, "extends", "Base");
    const Run = svc.entity("Run", "method", { receiverType: "Service", parent: Service });
    svc.typedVar(Run, "s", "Service").call(Run, "Line", "s.printer").call(Run, "Query", "s.printer.db");
    const result = resolveOne("internal/svc/svc.go", [...pkg.files, report.file, svc.build()]);
    expect(targets(result, Run)).toEqual([
      ["internal/report/report.go", report.Line, "receiver-type"],
      ["internal/store/db.go", pkg.Query, "receiver-type"],
    ]);
  });

  test("x := pkg.F(): x takes F's declared result type; x, err := F() takes the first", () => {
    const pkg = storePackage();
    const report = reportPackage();
    const main = new FactsBuilder("cmd/shop/main.go").packageName("main");
    main.import("example.com/shop/internal/report", [["*", ""]]);
    const fn = main.entity("main", "function");
    const local = main.entity("open", "function", { returns: "report.Printer" });
    const newPrinter = main.nextCall();
    main.call(fn, "NewPrinter", "report").resultVar(fn, "p", newPrinter).call(fn, "Line", "p");
    const opened = main.nextCall();
    main.call(fn, "open").resultVar(fn, "q", opened).call(fn, "Line", "q");
    const result = resolveOne("cmd/shop/main.go", [...pkg.files, report.file, main.build()]);
    expect(targets(result, fn)).toEqual([
      ["internal/report/report.go", report.NewPrinter, "package"],
      ["internal/report/report.go", report.Line, "receiver-type"],
      ["cmd/shop/main.go", local, "local"],
    ]);
    const lineEdge = result.edges.find((e) => e.kind === "CALLS" && e.dst.index === report.Line)!;
    expect(lineEdge.lines.length).toBe(2);
    expect(lineEdge.confidence).toBe(0.9);
  });

  test("no binding when the call cannot be resolved or its callee declares no usable result", () => {
    const pkg = storePackage();
    const report = reportPackage();
    const main = new FactsBuilder("cmd/shop/main.go").packageName("main");
    main.import("example.com/shop/internal/report", [["*", ""]]);
    const fn = main.entity("main", "function");
    const plain = main.entity("plain", "function");
    const unknown = main.nextCall();
    main.call(fn, "NewThing", "report").resultVar(fn, "a", unknown).call(fn, "Line", "a");
    const untyped = main.nextCall();
    main.call(fn, "plain").resultVar(fn, "b", untyped).call(fn, "Line", "b");
    // `c := c.Next()`: a variable typed by a call on itself must not loop.
    const self = main.nextCall();
    main.call(fn, "Next", "c").resultVar(fn, "c", self);
    const result = resolveOne("cmd/shop/main.go", [...pkg.files, report.file, main.build()]);
    expect(targets(result, fn)).toEqual([["cmd/shop/main.go", plain, "local"]]);
    expect(result.unresolved.map((u) => [u.name, u.receiver])).toEqual([
      ["NewThing", "report"], ["Line", "a"], ["Line", "b"], ["Next", "c"],
    ]);
  });
});

import { beforeAll, describe, expect, test } from "bun:test";
import { Parser } from "web-tree-sitter";
import type { FileFacts } from "../../src/model/facts.ts";
import { loadGrammar } from "../../src/lang/grammars.ts";
import { extract } from "../../src/lang/python/extract.ts";
import { FactsBuilder, memoryProject } from "../helpers/facts-builder.ts";
import { resolveFiles, type FileResolution, type ResolvedEdge } from "../../src/resolve/index.ts";

function resolveOne(target: string, files: FileFacts[], texts: Record<string, string> = {}): FileResolution {
  return resolveFiles([target], memoryProject(files, texts)).get(target)!;
}

function callsFrom(result: FileResolution, from: number): ResolvedEdge[] {
  return result.edges.filter((e) => e.kind === "CALLS" && e.src.index === from);
}

function targets(result: FileResolution, from: number): [string, number, string][] {
  return callsFrom(result, from).map((e) => [e.dst.path, e.dst.index, e.via]);
}

function emptyInit(path: string): FileFacts {
  return new FactsBuilder(path).build();
}

describe("python modules", () => {
  test("relative imports (`from .x import y`, `from ..x import y as z`)", () => {
    const helpers = new FactsBuilder("shop/helpers.py");
    const slugify = helpers.entity("slugify", "function");
    const util = new FactsBuilder("shop/util.py");
    const clean = util.entity("clean", "function");
    const view = new FactsBuilder("shop/web/views.py");
    view.import("..helpers", [["slugify", "slugify"]]).import("..util", [["clean", "tidy"]]);
    const index = view.entity("index", "function");
    view.call(index, "slugify").call(index, "tidy").call(index, "clean");
    const files = [emptyInit("shop/__init__.py"), emptyInit("shop/web/__init__.py"), helpers.build(), util.build(), view.build()];
    const result = resolveOne("shop/web/views.py", files);
    expect(targets(result, index)).toEqual([["shop/helpers.py", slugify, "import"], ["shop/util.py", clean, "import"]]);
    expect(result.unresolved.map((u) => u.name)).toEqual(["clean"]);
  });

  test("__init__ re-export, class constructor call, and IMPORTS to the package", () => {
    const core = new FactsBuilder("engine/core.py");
    const Engine = core.entity("Engine", "class");
    core.entity("__init__", "method", { parent: Engine });
    const init = new FactsBuilder("engine/__init__.py");
    init.import(".core", [["Engine", "Engine"]]);
    const main = new FactsBuilder("main.py");
    main.import("engine", [["Engine", "Engine"]]).call(-1, "Engine");
    const result = resolveOne("main.py", [core.build(), init.build(), main.build()]);
    const call = callsFrom(result, -1);
    expect(call).toHaveLength(1);
    expect(call[0]).toMatchObject({ dst: { path: "engine/core.py", index: Engine }, via: "constructor", confidence: 1 });
    expect(result.edges.filter((e) => e.kind === "IMPORTS").map((e) => e.dst.path)).toEqual(["engine/__init__.py"]);
  });

  test("`import a.b` then `a.b.f()`; `import a.b as m` then `m.f()`; `from pkg import submodule`", () => {
    const mod = new FactsBuilder("a/b.py");
    const f = mod.entity("f", "function");
    const main = new FactsBuilder("main.py");
    main.import("a.b", [["*", "a.b"]]).import("a.b", [["*", "m"]]).import("a", [["b", "sub"]]);
    main.call(-1, "f", "a.b").call(-1, "f", "m", { line: 40 }).call(-1, "f", "sub", { line: 41 }).call(-1, "g", "a.b");
    const result = resolveOne("main.py", [emptyInit("a/__init__.py"), mod.build(), main.build()]);
    const edge = callsFrom(result, -1);
    expect(edge).toHaveLength(1);
    expect(edge[0]).toMatchObject({ dst: { path: "a/b.py", index: f }, via: "namespace" });
    expect(edge[0]!.lines).toEqual([4, 40, 41]);
    expect(result.unresolved.map((u) => [u.name, u.receiver])).toEqual([["g", "a.b"]]);
    const imports = result.edges.filter((e) => e.kind === "IMPORTS").map((e) => e.dst.path).sort();
    expect(imports).toEqual(["a/__init__.py", "a/b.py"]);
  });

  test("a src/ layout and a nested source root resolve absolute imports", () => {
    const cfg = new FactsBuilder("src/app/config.py");
    const load = cfg.entity("load", "function");
    const tool = new FactsBuilder("backend/svc/tool.py");
    const run = tool.entity("run", "function");
    const main = new FactsBuilder("src/app/main.py");
    main.import("app.config", [["load", "load"]]).import("svc.tool", [["run", "run"]]).call(-1, "load").call(-1, "run");
    const files = [emptyInit("src/app/__init__.py"), emptyInit("backend/svc/__init__.py"), cfg.build(), tool.build(), main.build()];
    const result = resolveOne("src/app/main.py", files);
    expect(targets(result, -1)).toEqual([["src/app/config.py", load, "import"], ["backend/svc/tool.py", run, "import"]]);
  });

  test("`from x import *` binds the module's names; externals and builtins are dropped", () => {
    const consts = new FactsBuilder("consts.py");
    const compute = consts.entity("compute", "function");
    const main = new FactsBuilder("main.py");
    main.import("consts", [["*", ""]]).import("os", [["*", "os"]]).import("requests", [["get", "get"]]);
    main.call(-1, "compute").call(-1, "join", "os.path").call(-1, "get").call(-1, "print").call(-1, "len")
      .call(-1, "ValueError").call(-1, "join", "str").call(-1, "mystery");
    const result = resolveOne("main.py", [consts.build(), main.build()]);
    expect(targets(result, -1)).toEqual([["consts.py", compute, "import"]]);
    expect(result.unresolved.map((u) => u.name)).toEqual(["mystery"]);
  });

  test("same-named functions in two modules and a bare call without import: unresolved", () => {
    const a = new FactsBuilder("a.py");
    a.entity("process", "function");
    const b = new FactsBuilder("b.py");
    b.entity("process", "function");
    const c = new FactsBuilder("c.py");
    c.call(-1, "process");
    const result = resolveOne("c.py", [a.build(), b.build(), c.build()]);
    expect(result.edges).toEqual([]);
    expect(result.unresolved.map((u) => u.name)).toEqual(["process"]);
  });
});

describe("python classes", () => {
  test("self.method(), inherited through a base in another module, cls.method(), super().method()", () => {
    const base = new FactsBuilder("models/base.py");
    const Model = base.entity("Model", "class");
    const save = base.entity("save", "method", { parent: Model });
    const validate = base.entity("validate", "method", { parent: Model });
    const user = new FactsBuilder("models/user.py");
    user.import(".base", [["Model", "Model"]]);
    const User = user.entity("User", "class");
    const ownValidate = user.entity("validate", "method", { parent: User });
    const register = user.entity("register", "method", { parent: User });
    const make = user.entity("make", "method", { parent: User });
    user.heritage(User, "extends", "Model").heritage(User, "extends", "Exception")
      .call(register, "validate", "self").call(register, "save", "self")
      .call(make, "register", "cls").call(ownValidate, "validate", "super()").call(register, "nothing", "self");
    const files = [emptyInit("models/__init__.py"), base.build(), user.build()];
    const result = resolveOne("models/user.py", files);
    expect(targets(result, register)).toEqual([
      ["models/user.py", ownValidate, "self"],
      ["models/base.py", save, "self"],
    ]);
    expect(targets(result, make)).toEqual([["models/user.py", register, "self"]]);
    expect(targets(result, ownValidate)).toEqual([["models/base.py", validate, "super"]]);
    // Exception is a builtin base: a missing self.method() may come from it.
    expect(result.unresolved).toEqual([]);
    const heritage = result.edges.filter((e) => e.kind === "EXTENDS");
    expect(heritage.map((e) => e.dst)).toEqual([{ path: "models/base.py", index: Model }]);
  });

  test("typed self fields and constructed locals give receiver types", () => {
    const repo = new FactsBuilder("repo.py");
    const Repo = repo.entity("Repo", "class");
    const get = repo.entity("get", "method", { parent: Repo });
    const svc = new FactsBuilder("svc.py");
    svc.import("repo", [["Repo", "Repo"]]);
    const Service = svc.entity("Service", "class");
    const init = svc.entity("__init__", "method", { parent: Service });
    const handle = svc.entity("handle", "method", { parent: Service });
    svc.typedVar(Service, "self.repo", "Repo").call(init, "Repo").typedVar(-1, "shared", "Repo")
      .call(handle, "get", "self.repo").call(-1, "get", "shared");
    svc.call(init, "__init__", "super()").call(handle, "gone", "super()");
    const result = resolveOne("svc.py", [repo.build(), svc.build()]);
    expect(targets(result, init)).toEqual([["repo.py", Repo, "constructor"]]);
    // No bases: super() is object, the runtime's; an unknown base would leave it unresolved.
    expect(result.unresolved).toEqual([]);
    expect(callsFrom(result, handle)[0]).toMatchObject({ dst: { path: "repo.py", index: get }, via: "receiver-type", confidence: 0.9 });
    expect(targets(result, -1)).toEqual([["repo.py", get, "receiver-type"]]);
  });

  test("a module-level instance imported from another module: its methods by receiver type", () => {
    const db = new FactsBuilder("db/__init__.py");
    const Router = db.entity("Router", "class");
    const pick = db.entity("pick", "method", { parent: Router });
    db.typedVar(-1, "router", "Router");
    const app = new FactsBuilder("app.py");
    app.import("db", [["router", "router"]]).import("db", [["*", "dbm"]]).call(-1, "pick", "router").call(-1, "pick", "dbm.router");
    const result = resolveOne("app.py", [db.build(), app.build()]);
    expect(callsFrom(result, -1)).toMatchObject([{ dst: { path: "db/__init__.py", index: pick }, via: "receiver-type", lines: [3, 4] }]);
    expect(db.build().entities[Router]!.kind).toBe("class");
  });
});

describe("python fields typed through parameters and other fields", () => {
  let parser: Parser;

  beforeAll(async () => {
    const grammar = await loadGrammar("python");
    parser = new Parser();
    parser.setLanguage(grammar);
  });

  function parsed(path: string, ...lines: string[]): FileFacts {
    const source = lines.join("\n");
    const tree = parser.parse(source);
    if (!tree) throw new Error("parse failed");
    try {
      return extract(tree.rootNode, source, path, "python");
    } finally {
      tree.delete();
    }
  }

  test("self.x = param with `param: Customer` binds self.x.m(); an unannotated param does not", () => {
    const models = parsed(
      "models.py",
      "class Customer:",
      "    def display(self):",
      "        return ''",
      "class Order:",
      "    def __init__(self, customer: Customer, other):",
      "        self.customer = customer",
      "        self.other = other",
      "    def describe(self):",
      "        return self.customer.display() + self.other.display()",
    );
    const display = models.entities.findIndex((e) => e.qname === "Customer.display");
    const describe = models.entities.findIndex((e) => e.qname === "Order.describe");
    const result = resolveOne("models.py", [models]);
    expect(callsFrom(result, describe)).toMatchObject([{ dst: { path: "models.py", index: display }, via: "receiver-type", confidence: 0.9 }]);
    expect(result.unresolved.map((u) => [u.name, u.receiver])).toEqual([["display", "self.other"]]);
  });

  test("self.a.b.m(): a field of a field's class, through a base class", () => {
    const repo = new FactsBuilder("repo.py");
    const Conn = repo.entity("Conn", "class");
    const run = repo.entity("run", "method", { parent: Conn });
    const Base = repo.entity("Base", "class");
    const Repo = repo.entity("Repo", "class");
    repo.heritage(Repo, "extends", "Base").typedVar(Base, "self.conn", "Conn");
    const svc = new FactsBuilder("svc.py");
    svc.import("repo", [["Repo", "Repo"]]);
    const Service = svc.entity("Service", "class");
    const handle = svc.entity("handle", "method", { parent: Service });
    svc.typedVar(Service, "self.repo", "Repo")
      .call(handle, "run", "self.repo.conn").call(handle, "run", "self.repo.gone").call(handle, "missing", "self.repo.conn");
    const result = resolveOne("svc.py", [repo.build(), svc.build()]);
    expect(targets(result, handle)).toEqual([["repo.py", run, "receiver-type"]]);
    expect(result.unresolved.map((u) => [u.name, u.receiver])).toEqual([["run", "self.repo.gone"], ["missing", "self.repo.conn"]]);
  });
});

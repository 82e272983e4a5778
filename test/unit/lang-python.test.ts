import { beforeAll, describe, expect, test } from "bun:test";
import type { FileFacts, LocalFact } from "../../src/model/facts";
import { entity, extractorFor, indexOf } from "../helpers/extract";

let facts: (source: string) => FileFacts;

beforeAll(async () => {
  facts = await extractorFor("python", "m.py");
});

describe("python entities", () => {
  test("classes, functions, methods, nested defs with qualified names and parents", () => {
    const f = facts(
      [
        "class Repo:",
        "    def save(self):",
        "        def helper():",
        "            pass",
        "        return helper",
        "",
        "async def fetch():",
        "    pass",
      ].join("\n"),
    );
    expect(f.entities.map((e) => [e.qname, e.kind, e.parent])).toEqual([
      ["Repo", "class", -1],
      ["Repo.save", "method", 0],
      ["Repo.save.helper", "function", 1],
      ["fetch", "function", -1],
    ]);
    expect(entity(f, "Repo")).toMatchObject({ startLine: 1, endLine: 5, signature: "class Repo:" });
    expect(entity(f, "fetch")).toMatchObject({ startLine: 7, endLine: 8, signature: "async def fetch():" });
    expect(f.lang).toBe("python");
    expect(f.path).toBe("m.py");
  });

  test("a decorated definition's span starts at its first decorator; signature is the def line", () => {
    const f = facts(["@app.route('/x')", "@login_required", "def view(request):", "    return 1"].join("\n"));
    expect(entity(f, "view")).toMatchObject({ startLine: 1, endLine: 4, signature: "def view(request):" });
  });

  test("a header laid out over several lines is the signature, joined up to its colon, comments dropped", () => {
    const f = facts(
      [
        "class Client:",
        "    def request(",
        "        self,",
        "        method: str,  # GET, POST",
        "        url: URL | str,",
        "    ) -> Response:",
        "        return self.send(method, url)",
        "",
        "class Mounted(",
        "    Base,",
        "):",
        "    pass",
      ].join("\n"),
    );
    expect(entity(f, "Client.request").signature).toBe("def request(self, method: str, url: URL | str) -> Response:");
    expect(entity(f, "Mounted").signature).toBe("class Mounted(Base):");
  });

  test("signatures are trimmed and capped at 200 characters", () => {
    const params = Array.from({ length: 60 }, (_, i) => `p${i}`).join(", ");
    const f = facts(`def wide(${params}):\n    pass\n`);
    expect(entity(f, "wide").signature.length).toBe(200);
    expect(entity(f, "wide").signature.startsWith("def wide(p0, p1")).toBe(true);
  });

  test("exported follows the underscore convention; dunder methods are public; nested defs are not", () => {
    const f = facts(
      [
        "def public(): pass",
        "def _private(): pass",
        "class _Hidden:",
        "    def __init__(self): pass",
        "    def _internal(self): pass",
        "    def run(self):",
        "        def local(): pass",
      ].join("\n"),
    );
    const exported = Object.fromEntries(f.entities.map((e) => [e.qname, e.exported]));
    expect(exported).toEqual({
      public: true,
      _private: false,
      _Hidden: false,
      "_Hidden.__init__": true,
      "_Hidden._internal": false,
      "_Hidden.run": true,
      "_Hidden.run.local": false,
    });
  });

  test("__all__ decides which top-level names are exported, wherever it is written", () => {
    const f = facts(
      [
        "def listed(): pass",
        "def unlisted(): pass",
        "class _Shown: pass",
        "__all__ = ['listed', \"_Shown\"]",
        "__all__ += ('late',)",
        "def late(): pass",
      ].join("\n"),
    );
    const exported = Object.fromEntries(f.entities.map((e) => [e.qname, e.exported]));
    expect(exported).toEqual({ listed: true, unlisted: false, _Shown: true, late: true });
  });

  test("a computed __all__ is ignored: the underscore convention stays", () => {
    const f = facts(["from .base import __all__ as base_all", "__all__ = base_all + ['extra']", "def extra(): pass", "def other(): pass"].join("\n"));
    expect(f.entities.map((e) => [e.qname, e.exported])).toEqual([["extra", true], ["other", true]]);
    const g = facts(["__all__ = ['one']", "__all__ += other_names", "def one(): pass", "def two(): pass"].join("\n"));
    expect(g.entities.map((e) => [e.qname, e.exported])).toEqual([["one", true], ["two", true]]);
  });
});

describe("python overloads", () => {
  test("@overload stubs and their implementation are one entity: the implementation, carrying the stubs' signatures", () => {
    const f = facts(
      [
        "import typing as t", // 1
        "", // 2
        "class Context:", // 3
        "    @t.overload", // 4
        "    def invoke(", // 5
        "        __self,", // 6
        "        __callback: t.Callable[..., V],", // 7
        "        **kwargs: t.Any,", // 8
        "    ) -> V: ...", // 9
        "    @t.overload", // 10
        "    def invoke(__self, __callback: Command) -> Result: ...", // 11
        "    def invoke(__self, __callback, **kwargs):", // 12
        "        return __callback(**kwargs)", // 13
        "    def run(self):", // 14
        "        return self.invoke(1)", // 15
      ].join("\n"),
    );
    expect(f.entities.map((e) => e.qname)).toEqual(["Context", "Context.invoke", "Context.run"]);
    expect(entity(f, "Context.invoke")).toMatchObject({
      startLine: 12,
      endLine: 13,
      signature: "def invoke(__self, __callback, **kwargs):",
      overloads: ["def invoke(__self, __callback: t.Callable[..., V], **kwargs: t.Any) -> V", "def invoke(__self, __callback: Command) -> Result"],
    });
    // The stubs disagree on the result: none is recorded.
    expect(entity(f, "Context.invoke").returns).toBeUndefined();
    // The implementation's body is the entity's scope.
    expect(f.calls.find((c) => c.callee === "__callback")?.from).toBe(indexOf(f, "Context.invoke"));
  });

  test("overload by name from typing or typing_extensions, or through `import typing`; stubs that agree keep their result", () => {
    for (const [imports, decorator] of [
      ["from typing import overload", "overload"],
      ["from typing_extensions import overload", "overload"],
      ["from typing import overload as ov", "ov"],
      ["import typing", "typing.overload"],
    ]) {
      const f = facts([imports, `@${decorator}`, "def parse(x: int) -> Node: ...", `@${decorator}`, "def parse(x: str) -> Node: ...", "def parse(x):", "    return x"].join("\n"));
      expect(f.entities.map((e) => [e.qname, e.startLine, e.returns])).toEqual([["parse", 6, "Node"]]);
    }
  });

  test("only stubs (a .pyi, a Protocol): the first stub is the entity; an `overload` from elsewhere is another decorator", () => {
    const stubs = facts(["from typing import overload", "class Reader:", "    @overload", "    def read(self, n: int) -> bytes: ...", "    @overload", "    def read(self) -> str: ..."].join("\n"));
    expect(stubs.entities.map((e) => [e.qname, e.startLine, e.endLine, e.overloads])).toEqual([
      ["Reader", 2, 6, undefined],
      ["Reader.read", 3, 4, ["def read(self, n: int) -> bytes", "def read(self) -> str"]],
    ]);
    const other = facts(["from mylib import overload", "@overload", "def f(x): ...", "def f(x):", "    return x"].join("\n"));
    expect(other.entities.map((e) => [e.qname, e.overloads])).toEqual([["f", undefined], ["f", undefined]]);
  });
});

describe("python calls", () => {
  test("callee and receiver for plain, dotted, self, cls and computed receivers", () => {
    const f = facts(
      [
        "import os",
        "class Service:",
        "    def run(self):",
        "        helper()",
        "        self.save()",
        "        self.db.query(1)",
        "        os.path.join('a')",
        "        get_items()[0].close()",
        "        make().start()",
        "    @classmethod",
        "    def build(cls):",
        "        cls.create()",
      ].join("\n"),
    );
    const run = indexOf(f, "Service.run");
    const build = indexOf(f, "Service.build");
    expect(f.calls).toContainEqual({ from: run, line: 4, callee: "helper" });
    expect(f.calls).toContainEqual({ from: run, line: 5, callee: "save", receiver: "self" });
    expect(f.calls).toContainEqual({ from: run, line: 6, callee: "query", receiver: "self.db" });
    expect(f.calls).toContainEqual({ from: run, line: 7, callee: "join", receiver: "os.path" });
    expect(f.calls).toContainEqual({ from: run, line: 8, callee: "close", receiver: "?" });
    expect(f.calls).toContainEqual({ from: run, line: 8, callee: "get_items" });
    const start = f.calls.find((c) => c.callee === "start");
    expect(start).toMatchObject({ from: run, line: 9, receiver: "?" });
    // make().start(): start's receiver is the result of the call to make.
    expect(f.calls[start!.receiverCall!]).toEqual({ from: run, line: 9, callee: "make" });
    expect(f.calls).toContainEqual({ from: build, line: 12, callee: "create", receiver: "cls" });
  });

  test("super().method() has the receiver super()", () => {
    const f = facts(["class A(B):", "    def save(self):", "        super().save()", "        super(A, self).clean()"].join("\n"));
    const save = indexOf(f, "A.save");
    expect(f.calls).toContainEqual({ from: save, line: 3, callee: "save", receiver: "super()" });
    expect(f.calls).toContainEqual({ from: save, line: 4, callee: "clean", receiver: "super()" });
  });

  test("from is the innermost def, the class for class-body calls, -1 at module level", () => {
    const f = facts(
      [
        "setup()",
        "class Model:",
        "    objects = Manager()",
        "    def outer(self):",
        "        def inner():",
        "            deep()",
        "        shallow(lambda: in_lambda())",
      ].join("\n"),
    );
    const byCallee = Object.fromEntries(f.calls.map((c) => [c.callee, c.from]));
    expect(byCallee).toEqual({
      setup: -1,
      Manager: indexOf(f, "Model"),
      deep: indexOf(f, "Model.outer.inner"),
      shallow: indexOf(f, "Model.outer"),
      in_lambda: indexOf(f, "Model.outer"),
    });
  });

  test("decorators, default values and bases are evaluated in the enclosing scope", () => {
    const f = facts(
      [
        "class Outer:",
        "    @register(kind())",
        "    def method(self, when=now()):",
        "        body()",
        "def factory():",
        "    class Local(make_base()):",
        "        pass",
      ].join("\n"),
    );
    const outer = indexOf(f, "Outer");
    const byCallee = Object.fromEntries(f.calls.map((c) => [c.callee, c.from]));
    expect(byCallee).toEqual({
      register: outer,
      kind: outer,
      now: outer,
      body: indexOf(f, "Outer.method"),
      make_base: indexOf(f, "factory"),
    });
  });

  test("a bare decorator is a call of the decorator", () => {
    const f = facts(["@functools.cache", "@login_required", "def view(): pass"].join("\n"));
    expect(f.calls).toEqual([
      { from: -1, line: 1, callee: "cache", receiver: "functools" },
      { from: -1, line: 2, callee: "login_required" },
    ]);
  });

  test("calls inside f-string interpolations are found", () => {
    const f = facts('def show(x):\n    return f"{render(x)}!"\n');
    expect(f.calls).toEqual([{ from: 0, line: 2, callee: "render" }]);
  });
});

describe("python imports", () => {
  test("import forms map to source and names", () => {
    const f = facts(
      [
        "import a.b.c",
        "import a.b as c, d",
        "from x import y as z, w",
        "from . import sibling",
        "from ..pkg.mod import thing",
        "from .mod import (one,",
        "    two)",
        "from star import *",
      ].join("\n"),
    );
    expect(f.imports).toEqual([
      { line: 1, source: "a.b.c", names: [{ imported: "*", local: "a.b.c" }], kind: "import" },
      { line: 2, source: "a.b", names: [{ imported: "*", local: "c" }], kind: "import" },
      { line: 2, source: "d", names: [{ imported: "*", local: "d" }], kind: "import" },
      { line: 3, source: "x", names: [{ imported: "y", local: "z" }, { imported: "w", local: "w" }], kind: "import" },
      { line: 4, source: ".", names: [{ imported: "sibling", local: "sibling" }], kind: "import" },
      { line: 5, source: "..pkg.mod", names: [{ imported: "thing", local: "thing" }], kind: "import" },
      { line: 6, source: ".mod", names: [{ imported: "one", local: "one" }, { imported: "two", local: "two" }], kind: "import" },
      { line: 8, source: "star", names: [{ imported: "*", local: "" }], kind: "import" },
    ]);
    expect(f.exports).toEqual([]);
  });

  test("imports inside functions, try blocks and TYPE_CHECKING guards count", () => {
    const f = facts(
      [
        "from typing import TYPE_CHECKING",
        "if TYPE_CHECKING:",
        "    from app.models import User",
        "try:",
        "    import ujson as json",
        "except ImportError:",
        "    import json",
        "def lazy():",
        "    from heavy import thing",
      ].join("\n"),
    );
    expect(f.imports.map((i) => [i.line, i.source])).toEqual([
      [1, "typing"],
      [3, "app.models"],
      [5, "ujson"],
      [7, "json"],
      [9, "heavy"],
    ]);
  });
});

describe("python heritage", () => {
  test("bases as written; keyword arguments, Generic/Protocol/object skipped; subscripts stripped", () => {
    const f = facts(
      [
        "class A(Base, models.Model, metaclass=Meta): pass",
        "class B(Generic[T], typing.Protocol, object): pass",
        "class C(Repository[User]): pass",
      ].join("\n"),
    );
    expect(f.heritage).toEqual([
      { entity: 0, kind: "extends", name: "Base", line: 1 },
      { entity: 0, kind: "extends", name: "models.Model", line: 1 },
      { entity: 2, kind: "extends", name: "Repository", line: 3 },
    ]);
  });
});

describe("python refs", () => {
  test("annotation names from parameters, returns and variables; builtins skipped; subscripts opened", () => {
    const f = facts(
      [
        "def load(repo: Repo, ids: List[UserId], flag: bool = False) -> Optional[models.User]:",
        "    cache: Dict[str, Entry] = {}",
        "def forward(x: 'Node', kind: Literal['a', 'b']) -> int | Result: pass",
        "TOTAL: Counter = Counter()",
      ].join("\n"),
    );
    const load = indexOf(f, "load");
    const forward = indexOf(f, "forward");
    expect(f.refs).toEqual([
      { from: load, name: "Repo", line: 1 },
      { from: load, name: "UserId", line: 1 },
      { from: load, name: "models.User", line: 1 },
      { from: load, name: "Entry", line: 2 },
      { from: forward, name: "Node", line: 3 },
      { from: forward, name: "Result", line: 3 },
      { from: -1, name: "Counter", line: 4 },
    ]);
  });
});

describe("python typed vars", () => {
  test("constructed and annotated variables, parameters and self fields; a list of a type is a collection", () => {
    const f = facts(
      [
        "client = Client()",
        "count = compute()",
        "class Service:",
        "    repo: Repository",
        "    objects = models.Manager()",
        "    def __init__(self, db: Database, cache: Optional[Cache] = None, *rest: Extra):",
        "        self.db = Db(db)",
        "        self.log: Logger = make_logger()",
        "        user = models.User(1)",
        "        other: 'Other' | None = None",
        "        items: List[Item] = []",
        "    @staticmethod",
        "    def build(x):",
        "        x.value = Value()",
      ].join("\n"),
    );
    const service = indexOf(f, "Service");
    const init = indexOf(f, "Service.__init__");
    const build = indexOf(f, "Service.build");
    expect(f.vars).toEqual([
      { scope: -1, name: "client", type: "Client", line: 1 },
      { scope: service, name: "self.repo", type: "Repository", line: 4 },
      { scope: service, name: "self.objects", type: "models.Manager", line: 5 },
      { scope: init, name: "db", type: "Database", line: 6 },
      { scope: init, name: "cache", type: "Cache", line: 6 },
      { scope: service, name: "self.db", type: "Db", line: 7 },
      { scope: service, name: "self.log", type: "Logger", line: 8 },
      { scope: init, name: "user", type: "models.User", line: 9 },
      { scope: init, name: "other", type: "Other", line: 10 },
      { scope: init, name: "items", type: "Item", line: 11, collection: true },
    ]);
    expect(build).toBeGreaterThan(init);
  });

  test("self fields assigned in a def nested inside a method still land on the class", () => {
    const f = facts(["class Job:", "    def start(self):", "        def later():", "            self.timer = Timer()"].join("\n"));
    expect(f.vars).toEqual([{ scope: 0, name: "self.timer", type: "Timer", line: 4 }]);
  });

  test("self.x = param keeps an annotated parameter's (or local's) type; unannotated ones do not", () => {
    const f = facts(
      [
        "class Order:",
        "    def __init__(self, customer: Customer, note, ledger: 'books.Ledger'):",
        "        self.customer = customer",
        "        self.note = note",
        "        self.books = ledger",
        "        audit: Audit = make_audit()",
        "        self.audit = audit",
        "        self.later = later",
        "        later: Later = None",
      ].join("\n"),
    );
    const order = indexOf(f, "Order");
    const init = indexOf(f, "Order.__init__");
    expect(f.vars).toEqual([
      { scope: init, name: "customer", type: "Customer", line: 2 },
      { scope: init, name: "ledger", type: "books.Ledger", line: 2 },
      { scope: order, name: "self.customer", type: "Customer", line: 3 },
      { scope: order, name: "self.books", type: "books.Ledger", line: 5 },
      { scope: init, name: "audit", type: "Audit", line: 6 },
      { scope: order, name: "self.audit", type: "Audit", line: 7 },
      { scope: init, name: "later", type: "Later", line: 9 },
    ]);
  });

  test("a local set from an attribute path records the path, for the resolver to type", () => {
    const f = facts(
      [
        "class Service:",
        "    def __init__(self, repo: Repo):",
        "        self.repo = repo",
        "    def run(self):",
        "        repo = self.repo",
        "        other = self.unknown",
        "        return repo.save()",
      ].join("\n"),
    );
    const run = indexOf(f, "Service.run");
    expect(f.vars.filter((v) => v.scope === run)).toEqual([
      { scope: run, name: "repo", type: "", line: 5, fromPath: "self.repo" },
      { scope: run, name: "other", type: "", line: 6, fromPath: "self.unknown" },
    ]);
  });
});

describe("python odd input", () => {
  test("a syntax error is counted and later definitions are still extracted", () => {
    const f = facts(
      [
        "def broken(:",
        "    pass",
        "class After:",
        "    def method(self):",
        "        call_me()",
        "def last(): pass",
      ].join("\n"),
    );
    expect(f.parseErrors).toBeGreaterThan(0);
    expect(f.entities.map((e) => e.qname)).toEqual(expect.arrayContaining(["After", "After.method", "last"]));
    expect(f.calls).toContainEqual({ from: indexOf(f, "After.method"), line: 5, callee: "call_me" });
  });

  test("a clean file has no parse errors; empty and garbage input do not throw", () => {
    expect(facts("x = 1\n").parseErrors).toBe(0);
    expect(facts("").entities).toEqual([]);
    expect(() => facts(")))((( def class : @@ import")).not.toThrow();
  });

  test("non-ASCII text before a definition keeps names and signatures intact", () => {
    const f = facts('greeting = "héllo wörld ✓"\ndef naïve(): return "ü"\n');
    expect(entity(f, "naïve")).toMatchObject({ startLine: 2, signature: 'def naïve(): return "ü"' });
  });
});

describe("python locals", () => {
  test("parameters and assigned names are locals of the whole def; a lambda's over its lines", () => {
    const f = facts(
      [
        "def run(a, b: int, c=1, d: int = 2, *args, **kw):", // 1
        "    x = make()", //                                  2
        "    y, (z, *w) = pair()", //                         3
        "    self.attr = 1", //                               4
        "    return map(lambda item: (item +", //             5
        "                             x), args)", //          6
        "top = 1", //                                         7
      ].join("\n"),
    );
    const run = indexOf(f, "run");
    expect(f.locals).toEqual([
      ...["a", "b", "c", "d", "args", "kw"].map((name): LocalFact => [run, name, 1]),
      ...["x", "y", "z", "w"].map((name): LocalFact => [run, name, 1]),
      [run, "item", 5, 6],
    ]);
  });
});

describe("python hand-overs: functions named as values", () => {
  const values = (f: FileFacts) => f.refs.filter((r) => r.value).map((r) => [f.entities[r.from]?.qname ?? "<module>", r.name, r.line]);

  test("arguments (keyword ones too), assignments, containers, dict values, either branch, returns", () => {
    const f = facts(
      [
        "from .helpers import helper",
        "from . import views",
        "def local(): pass",
        "class Job:",
        "    def on_done(self): pass",
        "    def run(self, xs, cb):",
        "        sorted(xs, key=helper)",
        "        register(callback=self.on_done, fn=cb, data=self.data)",
        "        return local",
        "handlers = [helper, (local, views.index), x]",
        "urls = {'a': views.index, 'b': unknown}",
        "pick = helper if flag else local",
      ].join("\n"),
    );
    expect(values(f)).toEqual([
      ["Job.run", "helper", 7],
      ["Job.run", "self.on_done", 8],
      ["Job.run", "local", 9],
      ["<module>", "views.index", 10],
      ["<module>", "local", 10],
      ["<module>", "helper", 10],
      ["<module>", "views.index", 11],
      ["<module>", "local", 12],
      ["<module>", "helper", 12],
    ]);
  });

  test("a @property is an accessor: reading it hands nothing over", () => {
    const f = facts(["class A:", "    @property", "    def size(self): pass", "    @size.setter", "    def size(self, v): pass", "    def grow(self): pass"].join("\n"));
    expect(f.entities.map((e) => [e.qname, e.accessor ?? false])).toEqual([["A", false], ["A.size", true], ["A.size", true], ["A.grow", false]]);
  });
});

describe("python results, fixtures and decorated names (issue 17)", () => {
  test("a decorator factory returns what its nested def returns; other unannotated defs declare no result", () => {
    const f = facts(
      [
        "def make():",
        "    if x:",
        "        return Runner()",
        "    return Runner(1)",
        "def mixed():",
        "    if x:",
        "        return Runner()",
        "    return other()",
        "def declared() -> Base:",
        "    return Runner()",
        "def command():",
        "    def decorator(f):",
        "        return Command(f)",
        "    return decorator",
        "def typed() -> Callable[[F], Group]:",
        "    ...",
      ].join("\n"),
    );
    expect(entity(f, "make").returns).toBeUndefined();
    expect(entity(f, "mixed").returns).toBeUndefined();
    expect(entity(f, "declared").returns).toBe("Base");
    expect(entity(f, "command").returnsCallable).toBe("Command");
    expect(entity(f, "typed").returnsCallable).toBe("Group");
  });

  test("fixtures are marked, with what they return or yield; tests and fixtures of a test module have their parameters injected", async () => {
    const testFacts = await extractorFor("python", "tests/test_x.py");
    const f = testFacts(
      [
        "@pytest.fixture",
        "def runner():",
        "    return CliRunner()",
        "@pytest.fixture(scope='module')",
        "def clock(runner):",
        "    c = Clock()",
        "    yield c",
        "def test_it(runner, clock, n=1):",
        "    pass",
        "class TestA:",
        "    def test_m(self, runner):",
        "        pass",
        "def helper(runner):",
        "    pass",
      ].join("\n"),
    );
    expect(entity(f, "runner")).toMatchObject({ fixture: true, returns: "CliRunner" });
    expect(entity(f, "clock")).toMatchObject({ fixture: true, returns: "Clock" });
    const injected = f.vars.filter((v) => v.injected).map((v) => [f.entities[v.scope]!.qname, v.name]);
    expect(injected).toEqual([["clock", "runner"], ["test_it", "runner"], ["test_it", "clock"], ["TestA.test_m", "runner"]]);
    // Outside a test module nothing is injected.
    expect(facts("def test_it(runner):\n    pass\n").vars.filter((v) => v.injected)).toEqual([]);
  });

  test("a decorated name holds its outermost decorator's result: `@deco` the call recorded, `@cli.command()` what calling that call's result gives", () => {
    const f = facts(["@cli.command()", "@cache", "def hello():", "    pass", "class K:", "    @property", "    def p(self):", "        pass"].join("\n"));
    const decorated = (f.resultVars ?? []).map((v) => [v.name, f.calls[v.fromCall!]!.callee, v.applied ?? false]);
    expect(decorated).toEqual([["hello", "command", true]]);
  });

  test("a private class's name constructs: `TASK_STATUS_IGNORED = _TaskStatusIgnored()`", () => {
    const f = facts("TASK_STATUS_IGNORED = _TaskStatusIgnored()\n_cache = _make()\n");
    expect(f.vars).toEqual([{ scope: -1, name: "TASK_STATUS_IGNORED", type: "_TaskStatusIgnored", line: 1 }]);
  });

  test("a class attribute assigned a name holds what the name does", () => {
    const f = facts(["class Group:", "    context_class = Context", "    limit = 3"].join("\n"));
    expect(f.vars).toEqual([{ scope: 0, name: "self.context_class", type: "", line: 2, fromPath: "Context" }]);
  });

  test("an unannotated parameter with a default holds it: a name's value, or the class a call constructs", () => {
    const f = facts(["async def child(n, task_status=_core.TASK_STATUS_IGNORED, clock=Clock(), flag=None, typed: Foo = x):", "    pass"].join("\n"));
    expect(f.vars).toEqual([
      { scope: 0, name: "task_status", type: "", line: 1, fromPath: "_core.TASK_STATUS_IGNORED" },
      { scope: 0, name: "clock", type: "Clock", line: 1 },
      { scope: 0, name: "typed", type: "Foo", line: 1 },
    ]);
  });
});

describe("python attribute reads and writes", () => {
  test("reads and writes of the instance, a typed variable and a call's result; a call's own target, fields only assigned, dunders and untyped receivers are left out", () => {
    const f = facts(
      [
        "class Response(Base):", //                             1
        "    def __init__(self, request: Request):", //          2
        "        self.status = 200", //                           3
        "        self.timeout = 5", //                            4
        "", //                                                    5
        "    @property", //                                       6
        "    def timeout(self):", //                              7
        "        return self._timeout", //                        8
        "", //                                                    9
        "    @timeout.setter", //                                 10
        "    def timeout(self, value):", //                       11
        "        self._timeout = value", //                       12
        "", //                                                    13
        "    def check(self, other):", //                         14
        "        if self.status and self.timeout:", //            15
        "            self.count += 1", //                         16
        "        other.flag", //                                  17
        "        return make().ready, self.__class__, self.request.url.host, self.save()", // 18
      ].join("\n"),
    );
    const check = indexOf(f, "Response.check");
    const init = indexOf(f, "Response.__init__");
    const accesses = f.calls.filter((c) => c.access).map((c) => [f.entities[c.from]?.qname ?? "<module>", c.line, c.receiver, c.callee, c.access, c.receiverCall === undefined ? "" : f.calls[c.receiverCall]!.callee]);
    // `self.timeout = 5` runs the setter the file defines; `self.status`, `self._timeout` and
    // `self.count` are fields, only ever assigned on the instance; `self.request` may be Base's.
    expect(accesses).toEqual([
      ["Response.__init__", 4, "self", "timeout", "write", ""],
      ["Response.check", 15, "self", "timeout", "read", ""],
      ["Response.check", 18, "?", "ready", "read", "make"],
      ["Response.check", 18, "self.request.url", "host", "read", ""],
      ["Response.check", 18, "self.request", "url", "read", ""],
      ["Response.check", 18, "self", "request", "read", ""],
    ]);
    expect([init, check].every((i) => i >= 0)).toBe(true);
    // The setter is marked apart from the getter of its name.
    expect(f.entities.filter((e) => e.name === "timeout").map((e) => [e.startLine, e.accessor, e.setter])).toEqual([
      [6, true, undefined],
      [10, true, true],
    ]);
  });

  test("of a class whose bases are all the file's, only the names the file defines are read; a property's `+=` reads and writes it; `del` deletes it", () => {
    const f = facts(
      [
        "class Base:",
        "    @property",
        "    def size(self):",
        "        return 1",
        "class Box(Base):",
        "    def grow(self):",
        "        self.size += 1",
        "        del self.size",
        "        return self.other",
      ].join("\n"),
    );
    expect(f.calls.filter((c) => c.access).map((c) => [c.line, c.receiver, c.callee, c.access])).toEqual([
      [7, "self", "size", "read"],
      [7, "self", "size", "write"],
    ]);
  });

  test("a read of a typed variable's attribute, once per line", () => {
    const f = facts(["def follow(response: Response):", "    if response.ok or response.ok:", "        return response.url"].join("\n"));
    expect(f.calls.filter((c) => c.access).map((c) => [c.line, c.receiver, c.callee])).toEqual([
      [2, "response", "ok"],
      [3, "response", "url"],
    ]);
  });

  test("an attribute both branches of a conditional construct the same class of is typed", () => {
    const f = facts(["class R:", "    def __init__(self, u):", "        self.url = URL(u) if u else URL()", "        self.other = URL() if u else Path()"].join("\n"));
    expect(f.vars.filter((v) => v.name.startsWith("self."))).toEqual([{ scope: 0, name: "self.url", type: "URL", line: 3 }]);
  });
});

describe("python context managers and awaited results", () => {
  test("`with C() as c` waits for the call and names the method entering calls; `x = await f()` waits for f's call", () => {
    const f = facts(
      [
        "async def run():",
        "    with Client() as client, open(p) as (a, b):",
        "        pass",
        "    async with AsyncClient() as ac:",
        "        response = await ac.get(url)",
      ].join("\n"),
    );
    const callOf = (callee: string) => f.calls.findIndex((c) => c.callee === callee && !c.access);
    expect(f.resultVars).toEqual([
      { scope: 0, name: "client", type: "", line: 2, thenCalls: "__enter__", fromCall: callOf("Client") },
      { scope: 0, name: "ac", type: "", line: 4, thenCalls: "__aenter__", fromCall: callOf("AsyncClient") },
      { scope: 0, name: "response", type: "", line: 5, fromCall: callOf("get") },
    ]);
  });

  test("a method declared to return its receiver: `(self: T) -> T`, `-> Self`, `-> \"Self\"`; not another type", () => {
    const f = facts(
      [
        "class C:",
        "    def __enter__(self: T) -> T:",
        "        return self",
        "    def again(self) -> Self:",
        "        return self",
        "    def quoted(self) -> 'typing.Self':",
        "        return self",
        "    def other(self: T) -> C:",
        "        return C()",
      ].join("\n"),
    );
    expect(f.entities.filter((e) => e.returnsSelf).map((e) => e.name)).toEqual(["__enter__", "again", "quoted"]);
  });
});

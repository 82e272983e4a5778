// Python calls that unseen code makes and ix left unresolved (issue 17): each test is named for
// the call it guards, and asks `ix callees` of the function making it, as an agent would.
import { describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";

function mapped(files: Record<string, string>): Promise<{ root: string; home: string }> {
  return (async () => {
    const root = await writeTree(tempDir("ix-py-"), files);
    const home = tempDir("ix-py-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    return { root, home };
  })();
}

/** The callee rows of `ix callees <at>` as "name path". */
function callees(at: string, where: { root: string; home: string }): string[] {
  const r = ix(["callees", at, "--format", "llm", "--full"], { cwd: where.root, home: where.home });
  expect(r.code).toBe(0);
  return r.lines.filter((l) => l.startsWith("ref ")).map((l) => `${/name=(\S+)/.exec(l)![1]} ${/path=(\S+)/.exec(l)![1]}`).sort();
}

describe("a package's own submodule named in its __init__", () => {
  test("`from . import lowlevel` in pkg/__init__.py: `pkg.lowlevel.checkpoint()` and `lowlevel.checkpoint()` reach it", async () => {
    const where = await mapped({
      "pkg/__init__.py": "from . import lowlevel\n",
      "pkg/lowlevel.py": "from ._core import (\n    checkpoint,\n)\n",
      "pkg/_core/__init__.py": "from ._run import checkpoint\n",
      "pkg/_core/_run.py": "async def checkpoint():\n    pass\n",
      "pkg/channel.py": "import pkg\nfrom pkg import lowlevel\n\nasync def send():\n    await pkg.lowlevel.checkpoint()\n\nasync def receive():\n    await lowlevel.checkpoint()\n",
    });
    expect(callees("pkg/channel.py:4", where)).toEqual(["checkpoint pkg/_core/_run.py"]);
    expect(callees("pkg/channel.py:7", where)).toEqual(["checkpoint pkg/_core/_run.py"]);
  });
});

describe("pytest fixtures", () => {
  const files = {
    "app/__init__.py": "",
    "app/testing.py": [
      "class CliRunner:",
      "    def invoke(self, cli):",
      "        return None",
      "",
      "class Clock:",
      "    def jump(self, seconds):",
      "        pass",
      "",
      "class Path:",
      "    def exists(self):",
      "        return True",
      "",
    ].join("\n"),
    "tests/conftest.py": [
      "import pytest",
      "from app.testing import CliRunner, Clock",
      "",
      "@pytest.fixture",
      "def runner():",
      "    return CliRunner()",
      "",
      "@pytest.fixture(scope='module')",
      "def clock():",
      "    c = Clock()",
      "    yield c",
      "",
    ].join("\n"),
    "tests/unit/test_cli.py": [
      "import pytest",
      "from app import testing",
      "",
      "@pytest.fixture",
      "def path() -> testing.Path:",
      "    return make_path()",
      "",
      "def test_invoke(runner, clock, path):",
      "    runner.invoke(None)",
      "    clock.jump(1)",
      "    path.exists()",
      "",
      "class TestGroup:",
      "    def test_method(self, runner):",
      "        runner.invoke(None)",
      "",
      "def helper(runner):",
      "    runner.invoke(None)",
      "",
    ].join("\n"),
  };

  test("a test's parameter named after a fixture (conftest.py up the tree, or its own module) has what the fixture returns or yields", async () => {
    const where = await mapped(files);
    expect(callees("tests/unit/test_cli.py:8", where)).toEqual(["exists app/testing.py", "invoke app/testing.py", "jump app/testing.py"]);
    expect(callees("tests/unit/test_cli.py:14", where)).toEqual(["invoke app/testing.py"]);
    // A function that is neither a test nor a fixture gets nothing injected.
    expect(callees("tests/unit/test_cli.py:17", where)).toEqual([]);
  });
});

describe("pytest fixtures after an edit", () => {
  test("a conftest.py fixture that starts returning another class re-types the tests using it on the next map", async () => {
    const where = await mapped({
      "app.py": "class Runner:\n    def invoke(self):\n        pass\n\nclass Other:\n    def invoke(self):\n        pass\n",
      "tests/conftest.py": "import pytest\nfrom app import Runner, Other\n\n@pytest.fixture\ndef runner():\n    return Runner()\n",
      "tests/test_a.py": "def test_a(runner):\n    runner.invoke()\n",
    });
    expect(callees("tests/test_a.py:1", where)).toEqual(["invoke app.py"]);
    const before = ix(["callees", "tests/test_a.py:1", "--format", "llm", "--full"], { cwd: where.root, home: where.home }).stdout;
    expect(before).toContain("lines=2-3");
    await writeTree(where.root, { "tests/conftest.py": "import pytest\nfrom app import Runner, Other\n\n@pytest.fixture\ndef runner():\n    return Other()\n" });
    expect(ix(["map", ".", "--silent"], { cwd: where.root, home: where.home }).code).toBe(0);
    const after = ix(["callees", "tests/test_a.py:1", "--format", "llm", "--full"], { cwd: where.root, home: where.home }).stdout;
    expect(after).toContain("lines=6-7");
  });
});

describe("names decorated by a method of an object", () => {
  test("`@cli.command()` where `cli` was made by `@group()`: cli is a Group, hello the Command its decorator returns", async () => {
    const where = await mapped({
      "app/__init__.py": "",
      "app/core.py": [
        "from typing import Callable",
        "",
        "class Group:",
        "    def command(self):",
        "        def decorator(f):",
        "            return Command(f)",
        "        return decorator",
        "",
        "    def add(self, cmd):",
        "        pass",
        "",
        "class Command:",
        "    def __init__(self, f):",
        "        self.f = f",
        "",
        "    def main(self):",
        "        pass",
        "",
        "def group(name=None) -> Callable[[Callable], Group]:",
        "    return make_group(name)",
        "",
      ].join("\n"),
      "app/cli.py": [
        "from .core import group",
        "",
        "@group()",
        "def cli():",
        "    pass",
        "",
        "@cli.command()",
        "def hello():",
        "    pass",
        "",
        "def run():",
        "    cli.add(hello)",
        "    hello.main()",
        "",
      ].join("\n"),
      "app/main.py": "from app.cli import cli, hello\n\ndef main():\n    cli.add(hello)\n    cli()\n",
    });
    expect(callees("app/cli.py:11", where)).toEqual(["add app/core.py", "main app/core.py"]);
    // From another module too; calling the decorated name still calls the def.
    expect(callees("app/main.py:3", where)).toEqual(["add app/core.py", "cli app/cli.py"]);
  });
});

describe("a name decorated by a class", () => {
  test("`@generic_function def open_channel` is an instance, yet calling it through a re-export still calls the def", async () => {
    const where = await mapped({
      "pkg/__init__.py": "from ._channel import open_channel\n",
      "pkg/_util.py": "class generic_function:\n    def __init__(self, fn):\n        self._fn = fn\n\n    def __call__(self, *args):\n        return self._fn(*args)\n",
      "pkg/_channel.py": "from ._util import generic_function\n\n@generic_function\ndef open_channel(size):\n    pass\n",
      "pkg/user.py": "import pkg\nfrom pkg import open_channel\n\ndef main():\n    open_channel(1)\n    pkg.open_channel(2)\n",
    });
    expect(callees("pkg/user.py:4", where)).toEqual(["open_channel pkg/_channel.py"]);
  });
});

describe("a parameter's default", () => {
  test("`task_status=_core.TASK_STATUS_IGNORED`, a module's instance of a private class: `task_status.started()` reaches its method", async () => {
    const where = await mapped({
      "pkg/__init__.py": "",
      "pkg/_core/__init__.py": "from ._run import TASK_STATUS_IGNORED\n",
      "pkg/_core/_run.py": "class _TaskStatusIgnored:\n    def started(self, value=None):\n        pass\n\nTASK_STATUS_IGNORED = _TaskStatusIgnored()\n",
      "pkg/serve.py": "from . import _core\n\nasync def serve(port, *, task_status=_core.TASK_STATUS_IGNORED):\n    task_status.started(port)\n",
    });
    expect(callees("pkg/serve.py:3", where)).toEqual(["started pkg/_core/_run.py"]);
  });
});

describe("class attributes holding classes", () => {
  test("`context_class = Context`, then `self.context_class(…)` constructs a Context, whose methods the result has", async () => {
    const where = await mapped({
      "core.py": [
        "class Context:",
        "    def fail(self, message):",
        "        raise ValueError(message)",
        "",
        "class Command:",
        "    context_class = Context",
        "",
        "    def make_context(self):",
        "        ctx = self.context_class(self)",
        "        ctx.fail('no')",
        "        return ctx",
        "",
      ].join("\n"),
    });
    expect(callees("core.py:8", where)).toEqual(["Context core.py", "fail core.py"]);
  });
});

describe("a client opened by `with`", () => {
  test("`with Client() as client:` and `async with` bind what __enter__ declares it returns, the client itself; an awaited call's result its declared result", async () => {
    const where = await mapped({
      "net/__init__.py": "",
      "net/client.py": [
        "import typing",
        "",
        "T = typing.TypeVar('T', bound='Client')",
        "",
        "class Response:",
        "    def json(self):",
        "        return {}",
        "",
        "class Client:",
        "    def __enter__(self: T) -> T:",
        "        return self",
        "",
        "    def get(self, url: str) -> Response:",
        "        return Response()",
        "",
        "class AsyncClient:",
        "    async def __aenter__(self) -> 'typing.Self':",
        "        return self",
        "",
        "    async def get(self, url: str) -> Response:",
        "        return Response()",
        "",
      ].join("\n"),
      "tests/test_client.py": [
        "from net.client import AsyncClient, Client",
        "",
        "def test_get():",
        "    with Client() as client:",
        "        client.get('/').json()",
        "",
        "async def test_async_get():",
        "    async with AsyncClient() as client:",
        "        response = await client.get('/')",
        "    response.json()",
        "",
      ].join("\n"),
    });
    expect(callees("tests/test_client.py:3", where)).toEqual(["Client net/client.py", "get net/client.py", "json net/client.py"]);
    expect(callees("tests/test_client.py:7", where)).toEqual(["AsyncClient net/client.py", "get net/client.py", "json net/client.py"]);
  });
});

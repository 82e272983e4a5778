# Ground truth for Python call, hand-over and import edges, from jedi's own inference.
# Run by Debian's interpreter (`/usr/bin/python3`, with python3-jedi installed); bench/truth-py.ts
# drives it and reads its JSON, the same Truth shape bench/truth-ts.ts writes.
#
#   /usr/bin/python3 bench/truth-py.py <dir> [out.json]   (stats on stderr)
#
# Entities are what ix models as one: every def (a method when its scope is a class body,
# nested defs included) and every class. A call site is a call trailer `f(…)`, `a.b.f(…)`,
# or a bare decorator `@f` / `@a.f` (which calls f with the function); its callee is what jedi's
# goto says the called name is, following imports. A name that goto finds to be a module- or
# class-level variable (`context_class = Context`, `open_file = _open_file`) is inferred, so
# `self.context_class(…)` reaches Context. Parameters and function locals stay unmodelled,
# as in the TypeScript truth (jedi's guesses from call sites are switched off).
import json
import os
import re
import sys
import time

from pathlib import Path

import jedi
import jedi.plugins.pytest as jedi_pytest
from jedi.file_io import FileIO
from jedi.inference.imports import load_module_from_path
from jedi.parser_utils import get_parent_scope

jedi.settings.dynamic_params = False
jedi.settings.dynamic_params_for_other_modules = False


def _pytest_modules(module_context, skip_own_module=False):
    """Where jedi's pytest plugin looks for fixtures: the module, each conftest.py up to the
    project root, pytest's own fixture modules.

    jedi 0.18.2 walks up from the module's file_io, which a module met again through an import
    no longer has: only the first fixture parameter of a Script was inferred, every later one
    was nothing. The module's path is always known.
    """
    if not skip_own_module:
        yield module_context
    own = module_context.py__file__()
    if own is not None:
        root = Path(module_context.inference_state.project.path)
        folder = Path(own).parent
        while folder == root or root in folder.parents:
            conftest = folder / "conftest.py"
            if conftest != Path(own) and conftest.is_file():
                yield load_module_from_path(module_context.inference_state, FileIO(str(conftest))).as_context()
            folder = folder.parent
    for names in jedi_pytest._PYTEST_FIXTURE_MODULES + jedi_pytest._find_pytest_plugin_modules():
        for module_value in module_context.inference_state.import_module(names):
            yield module_value.as_context()


jedi_pytest._iter_pytest_modules = _pytest_modules

TOP_LEVEL = "<file>"
# The modules pytest collects and takes fixtures from (ix's own rule, src/lang/python).
TEST_MODULE = re.compile(r"(^|/)(test_[^/]*|[^/]*_test|conftest)\.py$")
SAMPLES = 8


def list_sources(root):
    found = []
    for parent, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in (".git", "__pycache__", "node_modules"))
        for name in files:
            if name.endswith(".py"):
                found.append(os.path.join(parent, name))
    return sorted(found)


class Truth:
    def __init__(self, root):
        self.root = os.path.realpath(root)
        # The corpus first: its packages shadow the installed copy it was taken from (sys.path[0]
        # is this script's folder, not a place to import from).
        # Every project of the corpus is importable as if installed: the root, and each folder with
        # a pyproject.toml, setup.py or setup.cfg (flask's examples/tutorial, whose tests import
        # `flaskr`), each with its `src/` when it has one (flask's own src/flask).
        self.source_roots = project_roots(self.root)
        sys_path = self.source_roots + [p for p in sys.path[1:] if p and os.path.realpath(p) not in self.source_roots]
        self.project = jedi.Project(self.root, sys_path=sys_path, smart_sys_path=False, load_unsafe_extensions=False)
        self.calls = []
        self.references = []
        self.imports = {}
        self.import_statements = []
        self.unbound = []
        self.property_names = set()
        self.defs = {}
        self.files = []
        self.stats = {"files": 0, "callSites": 0, "bound": 0, "external": 0, "unresolved": 0, "unmodelled": 0,
                      "unmodelledByDeclaration": {}, "samples": {"external": [], "unresolved": [], "unmodelled": []},
                      "byVia": {}, "importOutcomes": {}}

    def rel(self, path):
        if path is None:
            return None
        full = os.path.realpath(str(path))
        if not full.startswith(self.root + os.sep) or not full.endswith(".py"):
            return None
        return os.path.relpath(full, self.root).replace(os.sep, "/")

    def remember(self, d):
        self.defs[(d["path"], d["name"], d["line"])] = d
        return d

    # --- entities -------------------------------------------------------------------------

    def def_of_node(self, path, node):
        """The entity a funcdef or classdef node is."""
        if node.type == "classdef":
            kind = "class"
        elif is_method(node):
            kind = "getter" if is_property(node) else "method"
        else:
            kind = "local-function" if is_nested(node) else "function"
        return {"path": path, "name": node.name.value, "line": node.name.start_pos[0], "kind": kind}

    def def_of_name(self, name):
        """The entity a jedi Name stands for, when it is a def or class in the corpus."""
        if name.type not in ("function", "class"):
            return None
        path = self.rel(name.module_path)
        if path is None or name.line is None:
            return None
        tree = name._name.tree_name if hasattr(name._name, "tree_name") else None
        definition = tree.get_definition() if tree is not None else None
        if definition is None or definition.type not in ("funcdef", "classdef") or definition.name is not tree:
            return None
        # A property's setter or deleter (what jedi's goto names for `obj.prop`) stands for its getter.
        definition = property_getter(definition) or definition
        return self.def_of_node(path, definition)

    # --- binding --------------------------------------------------------------------------

    def property_read(self, script, name_leaf):
        """The getter a read of `obj.name` calls, when the name is a property's (else None)."""
        if name_leaf.value not in self.property_names:
            return None
        line, column = name_leaf.start_pos
        try:
            found = script.goto(line, column, follow_imports=True)
        except Exception:
            return None
        for name in found:
            tree = getattr(name._name, "tree_name", None)
            definition = tree.get_definition() if tree is not None else None
            if definition is None or definition.type != "funcdef":
                continue
            getter = property_getter(definition) or (definition if is_property(definition) else None)
            path = self.rel(name.module_path)
            if getter is not None and path is not None:
                return self.def_of_node(path, getter)
        return None

    def bind(self, script, name_leaf):
        """("bound", [def…]) | ("unmodelled", declaration) | ("external",) | ("unresolved",)

        Every corpus def goto names is bound: a name defined in both branches of an `if` may be
        either at run time.
        """
        line, column = name_leaf.start_pos
        try:
            found = script.goto(line, column, follow_imports=True)
        except Exception:
            return ("unresolved",)
        if not found:
            return ("unresolved",)
        bound = {}
        unmodelled = None
        for name in found:
            d = self.def_of_name(name)
            if d:
                bound[(d["path"], d["name"], d["line"])] = d
                continue
            if self.rel(name.module_path) is None:
                continue
            if name.type == "statement" and holds_alias(name):
                # `context_class = Context`: the class or def the variable names is what the call reaches.
                try:
                    inferred = script.infer(line, column)
                except Exception:
                    inferred = []
                for value in inferred:
                    d = self.def_of_name(value)
                    if d:
                        bound[(d["path"], d["name"], d["line"])] = d
                if bound:
                    continue
            unmodelled = unmodelled or declaration_kind(name)
        if bound:
            return ("bound", list(bound.values()))
        if unmodelled:
            return ("unmodelled", unmodelled)
        return ("external",)

    # --- the walk -------------------------------------------------------------------------

    def file(self, full):
        path = self.rel(full)
        if path is None:
            return
        with open(full, encoding="utf-8", errors="replace") as f:
            code = f.read()
        script = jedi.Script(code, path=full, project=self.project)
        module = script._module_node
        self.files.append(path)
        self.stats["files"] += 1
        file_def = {"path": path, "name": TOP_LEVEL, "line": 1, "kind": "file"}

        def call(caller, name_leaf, line, text, via="call"):
            self.stats["callSites"] += 1
            binding = self.bind(script, name_leaf)
            if binding[0] == "bound":
                self.stats["bound"] += 1
                self.stats["byVia"][via] = self.stats["byVia"].get(via, 0) + 1
                for callee in binding[1]:
                    self.calls.append({"caller": caller, "callee": self.remember(callee), "line": line,
                                       "site": name_leaf.start_pos[0], "via": via})
                return
            reason = binding[0]
            self.stats[reason] += 1
            if reason != "external":
                self.unbound.append({"path": path, "line": name_leaf.start_pos[0], "name": name_leaf.value})
            if reason == "unmodelled":
                by = self.stats["unmodelledByDeclaration"]
                by[binding[1]] = by.get(binding[1], 0) + 1
            samples = self.stats["samples"][reason]
            if len(samples) < SAMPLES:
                samples.append(f"{path}:{line} {text[:60]}")

        def reference(caller, node):
            leaf = value_leaf(node)
            if leaf is None:
                return
            binding = self.bind(script, leaf)
            if binding[0] == "bound":
                for callee in binding[1]:
                    if callee["kind"] == "getter":
                        continue  # reading a property calls its getter and hands nothing over
                    self.references.append({"caller": caller, "callee": self.remember(callee), "line": leaf.start_pos[0]})

        def values(caller, node):
            for value in handed_values(node):
                reference(caller, value)

        def visit(node, caller):
            t = node.type
            if t in ("funcdef", "classdef"):
                own = self.remember(self.def_of_node(path, node))
                # Defaults, annotations and bases are evaluated where the def stands, as are its
                # decorators (siblings in the `decorated` node, walked with the enclosing caller).
                for child in node.children:
                    if child is node.children[-1]:
                        visit(child, own)
                    else:
                        visit(child, caller)
                return
            if t == "decorator":
                expr = node.children[1]
                if expr.type in ("name", "dotted_name") or (expr.type in ("power", "atom_expr") and not has_call(expr)):
                    leaf = expr.get_last_leaf()
                    if leaf.type == "name":
                        call(caller, leaf, node.start_pos[0], expr.get_code().strip(), "decorator")
            if t in ("power", "atom_expr"):
                children = node.children
                start = 1 if children[0].type == "keyword" and children[0].value == "await" else 0
                for i in range(start + 1, len(children)):
                    trailer = children[i]
                    if trailer.type == "trailer" and trailer.children[0].value == "." and is_property_read(node, children, i):
                        getter = self.property_read(script, trailer.children[1])
                        if getter is not None:
                            self.stats["callSites"] += 1
                            self.stats["bound"] += 1
                            self.stats["byVia"]["property"] = self.stats["byVia"].get("property", 0) + 1
                            leaf = trailer.children[1]
                            self.calls.append({"caller": caller, "callee": self.remember(getter), "line": children[start].start_pos[0],
                                               "site": leaf.start_pos[0], "via": "property"})
                    if trailer.type != "trailer" or trailer.children[0].value != "(":
                        continue
                    before = children[i - 1]
                    if i - 1 == start and before.type == "name":
                        leaf = before
                    elif before.type == "trailer" and before.children[0].value == ".":
                        leaf = before.children[1]
                    else:
                        continue  # a call of a call's result or of a subscript: no name to ask about
                    call(caller, leaf, children[start].start_pos[0], leaf.value)
                    args = trailer.children[1] if len(trailer.children) == 3 else None
                    if args is not None:
                        for arg in (args.children if args.type == "arglist" else [args]):
                            if arg.type == "argument":
                                if len(arg.children) == 3 and arg.children[1] == "=":
                                    values(caller, arg.children[2])
                                # `*args`, `**kw`, generator arguments pass no one name
                            elif arg.type != "operator":
                                values(caller, arg)
            elif t == "expr_stmt":
                rhs = node.children[-1]
                if len(node.children) >= 3 and node.children[-2] == "=":
                    values(caller, rhs)
                elif node.children[1].type == "annassign" and len(node.children[1].children) == 4:
                    values(caller, node.children[1].children[3])
            elif t == "return_stmt" and len(node.children) == 2:
                values(caller, node.children[1])
            elif t in ("import_name", "import_from"):
                self.import_edges(script, path, node)
            if hasattr(node, "children"):
                for child in node.children:
                    visit(child, caller)

        # In a test module, each top-level def or class gets a fresh Script: jedi 0.18.2 remembers a
        # pytest fixture parameter as nothing once enough other names of the module were inferred
        # (flask's tests: `app.route(…)` on the `app` fixture bound in the first tests of a file and
        # in none after), and a fresh inference state infers it again.
        fresh = TEST_MODULE.search(path) is not None
        for child in module.children:
            if fresh and child.type in ("funcdef", "classdef", "decorated", "async_stmt"):
                script = jedi.Script(code, path=full, project=self.project)
            visit(child, file_def)

    def import_edges(self, script, path, node):
        """Each module an import statement names (`import a.b`, `from a import b`, b too when it
        is a submodule; `from . import b`, the package too) that is a corpus file; and the
        statement itself, resolved or not (one per module of `import a, b`)."""
        line = node.start_pos[0]
        if node.type == "import_name":
            for dotted in node.get_paths():
                specifier = ".".join(n.value for n in dotted)
                self.import_statement(path, specifier, line, self.goto_modules(script, path, [dotted[-1]]))
            return
        from_names = node.get_from_names()
        specifier = "." * node.level + ".".join(n.value for n in from_names)
        targets = set()
        if not from_names:
            # `from .. import _core` runs the package `..` (its __init__.py) before binding the name.
            folder = os.path.dirname(os.path.join(self.root, path))
            for _ in range(node.level - 1):
                folder = os.path.dirname(folder)
            to = self.rel(os.path.join(folder, "__init__.py"))
            if to is not None and to != path and os.path.isfile(os.path.join(self.root, to)):
                targets.add((to, "corpus"))
        leaves = ([from_names[-1]] if from_names else []) + list(node.get_defined_names())
        targets |= self.goto_modules(script, path, leaves)
        self.import_statement(path, specifier, line, targets)

    def goto_modules(self, script, path, leaves):
        """(corpus file, "corpus") for each leaf that names a module of the corpus; ("", "external")
        for one jedi finds elsewhere (the standard library, an installed package)."""
        found_modules = set()
        for leaf in leaves:
            try:
                found = script.goto(leaf.start_pos[0], leaf.start_pos[1], follow_imports=True)
            except Exception:
                continue
            for name in found:
                if name.type != "module":
                    continue
                to = self.rel(name.module_path)
                if to is None:
                    found_modules.add(("", "external"))
                elif to != path:
                    found_modules.add((to, "corpus"))
        return found_modules

    def own_module(self, specifier):
        """A relative import, or one whose first name is a package or module of the corpus."""
        if specifier.startswith("."):
            return True
        first = specifier.split(".")[0]
        return any(os.path.isdir(os.path.join(r, first)) or os.path.isfile(os.path.join(r, first + ".py")) for r in self.source_roots)

    def import_statement(self, path, specifier, line, targets):
        files = sorted(to for to, outcome in targets if outcome == "corpus")
        for to in files:
            self.imports[(path, to)] = {"from": path, "to": to}
        # A leaf jedi resolves to a name (a function of a corpus module) still shows the module was found.
        # An absolute import of a package the corpus does not hold (not installed here) is external.
        outcome = "corpus" if files else ("external" if targets or not self.own_module(specifier) else "unresolved")
        self.stats["importOutcomes"][outcome] = self.stats["importOutcomes"].get(outcome, 0) + 1
        statement = {"from": path, "specifier": specifier, "line": line, "outcome": outcome, "kind": "static"}
        if files:
            statement["to"] = files
        self.import_statements.append(statement)

    def build(self, every=1):
        """Every file's calls; with `every` > 1, those of every `every`-th file only (a sample:
        callers and importers are then judged on rows from those files alone)."""
        started = time.time()
        sources = list_sources(self.root)
        self.property_names = property_names(sources)
        for i, full in enumerate(sources):
            if i % every == 0:
                self.file(full)
        self.stats["seconds"] = time.time() - started
        truth = {"calls": self.calls, "references": self.references, "imports": list(self.imports.values()),
                 "files": sorted(self.files), "defs": list(self.defs.values()),
                 "importStatements": self.import_statements, "unbound": self.unbound}
        if every > 1:
            truth["sampled"] = True
        return truth


def is_method(funcdef):
    parent = funcdef.parent
    while parent.type in ("decorated", "async_funcdef", "async_stmt"):
        parent = parent.parent
    return parent.type == "suite" and parent.parent.type == "classdef" or parent.type == "classdef"


def project_roots(root):
    """The corpus root and every project folder in it, each followed by its src/ when it has one."""
    roots = []
    for parent, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in (".git", "__pycache__", "node_modules") and not d.startswith("."))
        if parent == root or {"pyproject.toml", "setup.py", "setup.cfg"} & set(files):
            roots.append(parent)
            if os.path.isdir(os.path.join(parent, "src")):
                roots.append(os.path.join(parent, "src"))
    return roots


def is_nested(funcdef):
    """A def inside another def: a named local function."""
    parent = funcdef.parent
    while parent is not None and parent.type != "file_input":
        if parent.type == "funcdef":
            return True
        if parent.type == "classdef":
            return False
        parent = parent.parent
    return False


def decorator_names(funcdef):
    """The decorators' dotted names without call parentheses: `property`, `functools.cached_property`, `x.setter`."""
    names = []
    for decorator in funcdef.get_decorators():
        code = decorator.children[1].get_code().strip()
        names.append(code.split("(", 1)[0])
    return names


def is_property(funcdef):
    """`@property`, `@cached_property`, `@functools.cached_property` (any decorator whose last name ends in "property")."""
    return any(name.split(".")[-1].endswith("property") for name in decorator_names(funcdef))


def property_getter(funcdef):
    """For `@x.setter` / `@x.deleter def x`, the `@property def x` of the same class; else None."""
    if not any(name.endswith((".setter", ".deleter")) for name in decorator_names(funcdef)):
        return None
    body = funcdef.parent
    while body is not None and body.type not in ("suite", "classdef"):
        body = body.parent
    if body is None:
        return None
    for node in body.children:
        candidate = node.children[-1] if node.type == "decorated" else node
        if candidate.type == "funcdef" and candidate.name.value == funcdef.name.value and is_property(candidate):
            return candidate
    return None


def property_names(sources):
    """Names of every property in the corpus: only reads of these names are asked of jedi."""
    import parso
    names = set()
    grammar = parso.load_grammar()
    for full in sources:
        with open(full, encoding="utf-8", errors="replace") as f:
            module = grammar.parse(f.read())
        pending = [module]
        while pending:
            n = pending.pop()
            if n.type == "funcdef" and is_property(n):
                names.add(n.name.value)
            pending.extend(getattr(n, "children", []))
    return names


def is_property_read(node, children, i):
    """`obj.name` read, not called (`obj.name(…)` is a call) nor assigned (`obj.name = …` calls a setter)."""
    if i + 1 < len(children):
        following = children[i + 1]
        return not (following.type == "trailer" and following.children[0].value == "(")
    target = node
    while target.parent is not None and target.parent.type in ("testlist_star_expr", "exprlist"):
        target = target.parent
    statement = target.parent
    if statement is not None and statement.type == "expr_stmt" and statement.children[0] is target:
        second = statement.children[1] if len(statement.children) > 1 else None
        if second is not None and (second == "=" or second.type == "annassign"):
            return False
    if statement is not None and statement.type == "del_stmt":
        return False
    return True


def has_call(expr):
    return any(c.type == "trailer" and c.children[0].value == "(" for c in expr.children)


def holds_alias(name):
    """A module or class-level variable, or `self.x`, assigned a plain name or attribute path.

    What it holds is what `Holder.x(…)` calls (`context_class = Context`, `open_file =
    _open_file`). A variable holding a call's result stays unmodelled, as in the TypeScript truth:
    `enable_ki_protection = _ki_protection_decorator(True)` calls whatever that call returned.
    """
    tree = getattr(name._name, "tree_name", None)
    if tree is None:
        return False
    scope = get_parent_scope(tree)
    if not (scope is not None and scope.type in ("file_input", "classdef") or is_self_attribute(tree)):
        return False
    statement = tree.get_definition()
    if statement is None or statement.type != "expr_stmt" or len(statement.children) != 3 or statement.children[1] != "=":
        return False
    return value_leaf(statement.children[2]) is not None


def is_self_attribute(tree_name):
    """`self.x = …` inside a method: an attribute of the instance."""
    prev = tree_name.get_previous_leaf()
    return prev is not None and prev.value == "." and prev.get_previous_leaf().value == "self"


def declaration_kind(name):
    tree = getattr(name._name, "tree_name", None)
    if name.type == "param":
        return "param"
    if name.type == "statement" and tree is not None:
        scope = get_parent_scope(tree)
        return f"statement-in-{scope.type if scope is not None else 'none'}"
    return name.type


CONTAINERS = ("testlist_star_expr", "testlist", "exprlist", "testlist_comp")


def handed_values(node):
    """The expressions a value position evaluates to: itself, a container's elements, a dict's values, either branch."""
    pending = [node]
    while pending:
        n = pending.pop()
        t = n.type
        if t == "name" or t in ("power", "atom_expr"):
            yield n
        elif t in CONTAINERS:
            pending.extend(c for c in n.children if c.type != "operator")
        elif t == "atom" and n.children[0].value in ("(", "[", "{") and len(n.children) == 3:
            inner = n.children[1]
            if inner.type == "dictorsetmaker":
                kids = inner.children
                if len(kids) >= 3 and kids[1] == ":":
                    pending.extend(kids[i] for i in range(2, len(kids), 4))
                elif not any(k.type == "comp_for" or k.type == "sync_comp_for" for k in kids):
                    pending.extend(k for k in kids if k.type != "operator")
            elif inner.type == "testlist_comp" and any(k.type in ("comp_for", "sync_comp_for") for k in inner.children):
                continue
            else:
                pending.append(inner)
        elif t == "test" and len(n.children) == 5:
            pending.extend([n.children[0], n.children[4]])
        elif t in ("or_test", "and_test"):
            pending.extend(c for c in n.children if c.type != "keyword")


def value_leaf(node):
    """The last name of a plain name or attribute path (`helper`, `self.on_done`, `mod.fn`); else None."""
    if node.type == "name":
        return node
    if node.type not in ("power", "atom_expr"):
        return None
    children = node.children
    if children[0].type != "name":
        return None
    for trailer in children[1:]:
        if trailer.type != "trailer" or trailer.children[0].value != ".":
            return None
    return children[-1].children[1]


def main():
    args = sys.argv[1:]
    every = 1
    if args[:1] == ["--every"]:
        every = int(args[1])
        args = args[2:]
    if not args:
        print("usage: truth-py.py [--every n] <dir> [out.json]", file=sys.stderr)
        sys.exit(2)
    truth = Truth(args[0])
    result = truth.build(every)
    text = json.dumps(result)
    if len(args) > 1:
        with open(args[1], "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    print(json.dumps(truth.stats), file=sys.stderr)


if __name__ == "__main__":
    main()

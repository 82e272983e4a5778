// Typed variables from assignments: annotated, constructed, read from a path or one element
// of a collection, or awaiting the call whose declared result types them.
import type { Node } from "web-tree-sitter";
import type { TypedVarFact } from "../../../model/facts";
import { dottedPath } from "../types";
import { addAnnotatedVar } from "./annotations";
import type { Scope } from "./scopes";
import { lineOf, type PythonFile, spanKey } from "./state";

interface TypedTarget {
  scope: number;
  name: string;
}

export function addAssignedVar(file: PythonFile, node: Node, left: Node, assigned: Node | null, type: Node | null, scope: Scope): void {
  const target = typedTarget(file, left, scope);
  if (!target) return;
  // `response = await client.get(url)`: what the coroutine gives is what its def declares.
  const right = assigned?.type === "await" && assigned.firstNamedChild?.type === "call" ? assigned.firstNamedChild : assigned;
  const vars = file.facts.vars;
  const constructed = right?.type === "conditional_expression" ? constructedEither(right) : undefined;
  if (type) {
    addAnnotatedVar(file, target.scope, target.name, type, lineOf(node));
  } else if (constructed !== undefined) {
    // `self.url = URL(url) if params is None else URL(url, params=params)`: a URL either way.
    vars.push({ scope: target.scope, name: target.name, type: constructed, line: lineOf(node) });
  } else if (right?.type === "call") {
    // Python constructs with a plain call: only a capitalised callee is taken for a class.
    const constructor = right.childForFieldName("function");
    const path = constructor ? dottedPath(constructor) : undefined;
    if (path !== undefined && isClassLike(path)) {
      vars.push({ scope: target.scope, name: target.name, type: path, line: lineOf(node) });
    } else {
      // `repo = open_repo()`: typed by what open_repo is annotated to return.
      file.awaitingCall.push([{ scope: target.scope, name: target.name, type: "", line: lineOf(node) }, spanKey(right)]);
    }
  } else if ((right?.type === "identifier" || right?.type === "attribute") && scope.kind === "class") {
    // `context_class = Context`: the class attribute holds what the path names, so
    // `self.context_class(…)` constructs a Context.
    const fromPath = dottedPath(right);
    if (fromPath) vars.push({ scope: target.scope, name: target.name, type: "", line: lineOf(node), fromPath });
  } else if (right?.type === "subscript" && !target.name.startsWith("self.")) {
    // `first = self.items[0]`: one element of what that path holds.
    const collection = right.childForFieldName("value");
    const fromPath = collection ? dottedPath(collection) : undefined;
    if (fromPath) vars.push({ scope: target.scope, name: target.name, type: "", line: lineOf(node), fromPath, element: true });
  } else if (right?.type === "attribute" && !target.name.startsWith("self.")) {
    // `repo = self.repo`, `db = app.db`: what that path holds, read by the resolver.
    const fromPath = dottedPath(right);
    if (fromPath) vars.push({ scope: target.scope, name: target.name, type: "", line: lineOf(node), fromPath });
  } else if (right?.type === "identifier" && target.name.startsWith("self.") && scope.kind === "function") {
    // `self.repo = repo` keeps the type of `repo: Repo`, an annotated parameter or local.
    const typed = typedLocalBefore(file, scope.index, file.text(right), lineOf(node));
    if (typed) vars.push({ scope: target.scope, name: target.name, type: typed.type, line: lineOf(node) });
  }
}

/** The class both branches of `A(…) if c else A(…)` construct, when they construct the same one. */
function constructedEither(conditional: Node): string | undefined {
  const parts = conditional.namedChildren;
  if (parts.length !== 3) return undefined;
  const [first, second] = [constructedClass(parts[0]!), constructedClass(parts[2]!)];
  return first !== undefined && first === second ? first : undefined;
}

function constructedClass(value: Node): string | undefined {
  const constructor = value.type === "call" ? value.childForFieldName("function") : null;
  const path = constructor ? dottedPath(constructor) : undefined;
  return path !== undefined && isClassLike(path) ? path : undefined;
}

/** Where an assigned name lives: class attributes and `self.x` both become the class's "self.x". */
function typedTarget(file: PythonFile, left: Node, scope: Scope): TypedTarget | undefined {
  if (left.type === "identifier") {
    const name = file.text(left);
    return scope.kind === "class" ? { scope: scope.index, name: `self.${name}` } : { scope: scope.index, name };
  }
  if (left.type === "attribute" && scope.selfClass >= 0) {
    const object = left.childForFieldName("object");
    const attribute = left.childForFieldName("attribute");
    if (object?.type === "identifier" && attribute && file.text(object) === scope.selfName) {
      return { scope: scope.selfClass, name: `self.${file.text(attribute)}` };
    }
  }
  return undefined;
}

/** The last typed variable `name` of function `fn` declared by line `at`. */
function typedLocalBefore(file: PythonFile, fn: number, name: string, at: number): TypedVarFact | undefined {
  const vars = file.facts.vars;
  for (let i = vars.length - 1; i >= 0; i--) {
    const v = vars[i]!;
    if (v.scope === fn && v.name === name && v.line <= at) return v;
  }
  return undefined;
}

/** Capitalised last segment, past a private name's underscores: `User`, `models.User`, `_SocketType`. */
export function isClassLike(path: string): boolean {
  let at = path.lastIndexOf(".") + 1;
  while (path.charCodeAt(at) === 95) at++; // _
  const first = path.charCodeAt(at);
  return first >= 65 && first <= 90; // A-Z
}

/**
 * `with Client() as client:` binds what the result's `__enter__` returns (`async with`:
 * `__aenter__`), which the resolver reads from the method's declaration.
 */
export function visitWith(file: PythonFile, node: Node, scope: Scope): void {
  const entered = node.firstChild?.type === "async" ? "__aenter__" : "__enter__";
  const clause = node.namedChildren.find((child) => child.type === "with_clause");
  for (const item of clause?.namedChildren ?? []) {
    const value = item.childForFieldName("value");
    if (value?.type !== "as_pattern") continue;
    const expression = value.firstNamedChild;
    const target = value.childForFieldName("alias")?.firstNamedChild;
    if (expression?.type !== "call" || target?.type !== "identifier") continue;
    const variable: TypedVarFact = { scope: scope.index, name: file.text(target), type: "", line: lineOf(node), thenCalls: entered };
    file.awaitingCall.push([variable, spanKey(expression)]);
  }
}

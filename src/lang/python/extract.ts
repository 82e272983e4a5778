// Python extractor: one pass over the interesting nodes of a syntax tree into FileFacts.
// Scopes are tracked as a stack that the document-order walk opens and closes by offset.
import type { Node } from "web-tree-sitter";
import { emptyFacts, type EntityFact, type FileFacts, type ImportName, type Lang, localFact, type LocalFact, type TypedVarFact } from "../../model/facts";
import { annotatedType, dottedPath, elementType, typeNamesIn } from "./types";
import { countParseErrors } from "../parse-errors";

/** Bases that say nothing about the class's own hierarchy. */
const IGNORED_BASES = new Set([
  "object",
  "Generic",
  "Protocol",
  "typing.Generic",
  "typing.Protocol",
  "typing_extensions.Protocol",
]);

const SIGNATURE_LIMIT = 200;

/** Every node type the walk acts on; descendantsOfType returns them in document order. */
const INTERESTING = [
  "function_definition",
  "class_definition",
  "decorated_definition",
  "call",
  "import_statement",
  "import_from_statement",
  "assignment",
  "augmented_assignment",
  "lambda",
  "if_statement",
  "elif_clause",
  "for_statement",
];

interface Scope {
  /** Entity index; -1 for the module. */
  readonly index: number;
  readonly kind: "module" | "class" | "function";
  /** The class whose `self` is in reach (methods and defs nested in them); -1 when none. */
  readonly selfClass: number;
  /** What the method calls its first parameter: usually "self". */
  readonly selfName: string;
  /** Where the body starts: decorators, default values and bases before it belong outside. */
  readonly bodyStart: number;
  readonly end: number;
}

const MODULE_SCOPE: Scope = {
  index: -1,
  kind: "module",
  selfClass: -1,
  selfName: "",
  bodyStart: 0,
  end: Number.MAX_SAFE_INTEGER,
};

/** What a decorated_definition tells its definition, which the walk reaches right after it. */
interface Decoration {
  /** The span of a decorated definition starts at its first decorator. */
  startLine: number;
  decorators: string[];
}

/** `__all__`: not assigned, assigned only list/tuple literals of strings, or computed. */
type DunderAllState = "absent" | "literal" | "unknown";

interface TypedTarget {
  scope: number;
  name: string;
}

export function extract(root: Node, source: string, path: string, lang: Lang): FileFacts {
  const facts: FileFacts = emptyFacts(path, lang, countParseErrors(root));
  let dunderAll: string[] = [];
  // Widened on purpose: visitAssignment changes it, which narrowing by the initialiser cannot see.
  let dunderAllState = "absent" as DunderAllState;
  const scopes: Scope[] = [MODULE_SCOPE];
  /** Keyed by the definition's start offset. */
  const decorated = new Map<number, Decoration>();
  const line = (node: Node): number => node.startPosition.row + 1;
  // node.text also fetches the start point from wasm; slicing the source we hold is cheaper.
  const text = (node: Node): string => source.slice(node.startIndex, node.endIndex);

  /** Recorded calls by their span; calls and variables awaiting the call whose result they use. */
  const callsBySpan = new Map<string, number>();
  const receiverCalls: [call: number, span: string][] = [];
  const awaitingCall: [variable: TypedVarFact, span: string][] = [];
  const spanKey = (node: Node): string => `${node.startIndex}:${node.endIndex}`;
  const locals: LocalFact[] = [];

  /** The name a parameter binds: `x`, `x: T`, `x=1`, `x: T = 1`, `*args`, `**kw`. */
  function parameterNames(parameter: Node): string[] {
    if (parameter.type === "identifier") return [text(parameter)];
    const named = parameter.childForFieldName("name") ?? parameter.namedChild(0);
    return named?.type === "identifier" ? [text(named)] : [];
  }

  /** The names an assignment's left side binds: `x`, `a, b`, `(a, [b, *c])`. */
  function assignedNames(left: Node): string[] {
    if (left.type === "identifier") return [text(left)];
    if (left.type === "pattern_list" || left.type === "tuple_pattern" || left.type === "list_pattern" || left.type === "list_splat_pattern") {
      return left.namedChildren.flatMap(assignedNames);
    }
    return [];
  }

  function scopeAt(offset: number): Scope {
    // Nodes arrive in document order, so a scope we have walked past never reopens.
    while (scopes.length > 1 && scopes[scopes.length - 1]!.end <= offset) scopes.pop();
    // Before a def's or class's body (decorators, defaults, bases) the enclosing scope evaluates.
    for (let i = scopes.length - 1; i > 0; i--) {
      const scope = scopes[i]!;
      if (offset >= scope.bodyStart) return scope;
    }
    return MODULE_SCOPE;
  }

  function signatureOf(node: Node): string {
    const start = node.startIndex;
    const newline = source.indexOf("\n", start);
    const end = newline < 0 || newline > node.endIndex ? node.endIndex : newline;
    return source.slice(start, end).trim().slice(0, SIGNATURE_LIMIT);
  }

  function addEntity(entity: EntityFact): number {
    facts.entities.push(entity);
    return facts.entities.length - 1;
  }

  function qualify(parent: number, name: string): string {
    const owner = facts.entities[parent];
    return owner ? `${owner.qname}.${name}` : name;
  }

  function addRefs(typeNode: Node, from: number): void {
    const names: string[] = [];
    typeNamesIn(typeNode, names);
    const at = line(typeNode);
    for (const name of names) facts.refs.push({ from, name, line: at });
  }

  function addVar(scope: number, name: string, typeNode: Node, at: number): void {
    const element = elementType(typeNode);
    if (element) {
      facts.vars.push({ scope, name, type: element, line: at, collection: true });
      return;
    }
    const type = annotatedType(typeNode);
    if (type) facts.vars.push({ scope, name, type, line: at });
  }

  /** `for x in self.items:`: over the loop, x is one element of what the path holds. */
  function visitFor(node: Node, scope: Scope): void {
    const left = node.childForFieldName("left");
    const right = node.childForFieldName("right");
    if (left?.type !== "identifier" || !right || scope.kind === "class") return;
    const fromPath = dottedPath(right);
    if (fromPath) facts.vars.push({ scope: scope.index, name: text(left), type: "", line: line(node), fromPath, element: true, until: node.endPosition.row + 1 });
  }

  function visitDecorated(node: Node, scope: Scope): void {
    const decorators: string[] = [];
    for (const child of node.namedChildren) {
      if (child.type !== "decorator") continue;
      const expression = child.namedChild(0);
      if (!expression) continue;
      // `@cache` calls cache with the function; `@register(...)` is a call node the walk finds itself.
      if (expression.type !== "call") addCallTo(expression, line(child), scope.index);
      const decorator = expression.type === "call" ? expression.childForFieldName("function") : expression;
      decorators.push((decorator && dottedPath(decorator)) ?? "");
    }
    const definition = node.childForFieldName("definition");
    if (definition) decorated.set(definition.startIndex, { startLine: line(node), decorators });
  }

  function visitFunction(node: Node, scope: Scope): void {
    const nameNode = node.childForFieldName("name");
    const body = node.childForFieldName("body");
    if (!nameNode || !body) return;
    const name = text(nameNode);
    const wrapper = decorated.get(node.startIndex);
    const isMethod = scope.kind === "class";
    const index = addEntity({
      name,
      qname: qualify(scope.index, name),
      kind: isMethod ? "method" : "function",
      startLine: wrapper?.startLine ?? line(node),
      endLine: node.endPosition.row + 1,
      signature: signatureOf(node),
      // A def nested in a def is a local, never importable.
      exported: scope.kind !== "function" && isPublicName(name, isMethod),
      parent: scope.index,
    });
    const parameters = node.childForFieldName("parameters");
    const firstParameter = parameters?.namedChild(0);
    const decorators = wrapper?.decorators ?? [];
    const isPlainMethod = isMethod && !decorators.some((d) => d === "staticmethod" || d === "classmethod");
    // A plain method's first parameter is the instance, whatever it is called; nested defs inherit it.
    const selfParameter = isPlainMethod && firstParameter?.type === "identifier" ? firstParameter : undefined;
    scopes.push({
      index,
      kind: "function",
      selfClass: selfParameter ? scope.index : scope.selfClass,
      selfName: selfParameter ? text(selfParameter) : scope.selfName,
      bodyStart: body.startIndex,
      end: node.endIndex,
    });
    if (parameters) visitParameters(parameters, index);
    const returnType = node.childForFieldName("return_type");
    if (returnType) {
      addRefs(returnType, index);
      const returns = annotatedType(returnType);
      if (returns !== undefined) facts.entities[index]!.returns = returns;
    }
  }

  function visitParameters(parameters: Node, fn: number): void {
    const at = facts.entities[fn]!.startLine;
    for (const parameter of parameters.namedChildren) {
      for (const name of parameterNames(parameter)) locals.push(localFact(fn, name, at));
      const type = parameter.childForFieldName("type");
      if (!type) continue;
      addRefs(type, fn);
      // typed_parameter has no name field: its name is the first child.
      const nameNode = parameter.childForFieldName("name") ?? parameter.namedChild(0);
      if (nameNode?.type === "identifier") addVar(fn, text(nameNode), type, line(parameter));
    }
  }

  function visitClass(node: Node, scope: Scope): void {
    const nameNode = node.childForFieldName("name");
    const body = node.childForFieldName("body");
    if (!nameNode || !body) return;
    const name = text(nameNode);
    const index = addEntity({
      name,
      qname: qualify(scope.index, name),
      kind: "class",
      startLine: decorated.get(node.startIndex)?.startLine ?? line(node),
      endLine: node.endPosition.row + 1,
      signature: signatureOf(node),
      exported: scope.kind !== "function" && isPublicName(name, false),
      parent: scope.index,
    });
    const bases = node.childForFieldName("superclasses");
    if (bases) {
      for (const base of bases.namedChildren) {
        // `Base[T]` extends Base; keyword arguments (metaclass=...) are no dotted path and drop out.
        const baseName = dottedPath(base.type === "subscript" ? (base.childForFieldName("value") ?? base) : base);
        if (baseName !== undefined && !IGNORED_BASES.has(baseName)) {
          facts.heritage.push({ entity: index, kind: "extends", name: baseName, line: line(base) });
        }
      }
    }
    scopes.push({ index, kind: "class", selfClass: -1, selfName: "", bodyStart: body.startIndex, end: node.endIndex });
  }

  function addCallTo(target: Node, at: number, from: number): void {
    if (target.type === "identifier") {
      facts.calls.push({ from, line: at, callee: text(target) });
      return;
    }
    if (target.type !== "attribute") return;
    const attribute = target.childForFieldName("attribute");
    const object = target.childForFieldName("object");
    if (!attribute || !object) return;
    facts.calls.push({ from, line: at, callee: text(attribute), receiver: receiverOf(object) });
    // `repo().save()`: the receiver is what repo returns, linked once that call is recorded.
    if (object.type === "call" && object.childForFieldName("function")?.text !== "super") {
      receiverCalls.push([facts.calls.length - 1, spanKey(object)]);
    }
  }

  function receiverOf(object: Node): string {
    const path = dottedPath(object);
    if (path !== undefined) return path;
    // The resolver binds `super().x()` to the base classes' x.
    if (object.type === "call" && object.childForFieldName("function")?.text === "super") return "super()";
    return "?";
  }

  function visitImport(node: Node): void {
    for (const name of node.childrenForFieldName("name")) {
      if (name.type === "aliased_import") {
        const source = name.childForFieldName("name");
        const alias = name.childForFieldName("alias");
        if (source && alias) {
          facts.imports.push({ line: line(node), source: text(source), names: [{ imported: "*", local: text(alias) }], kind: "import" });
        }
      } else {
        // `import a.b.c` binds `a`; the local is the whole path so the resolver can follow it.
        const source = text(name);
        facts.imports.push({ line: line(node), source, names: [{ imported: "*", local: source }], kind: "import" });
      }
    }
  }

  function visitImportFrom(node: Node): void {
    const moduleNode = node.childForFieldName("module_name");
    if (!moduleNode) return;
    // `from . pkg import x` is legal: the specifier must not keep the space.
    const source = text(moduleNode).replace(/\s+/g, "");
    const names: ImportName[] = [];
    for (const child of node.namedChildren) {
      if (child.type === "wildcard_import") names.push({ imported: "*", local: "" });
    }
    for (const name of node.childrenForFieldName("name")) {
      if (name.type === "aliased_import") {
        const imported = name.childForFieldName("name");
        const alias = name.childForFieldName("alias");
        if (imported && alias) names.push({ imported: text(imported), local: text(alias) });
      } else {
        names.push({ imported: text(name), local: text(name) });
      }
    }
    facts.imports.push({ line: line(node), source, names, kind: "import" });
  }

  function visitAssignment(node: Node, scope: Scope): void {
    const left = node.childForFieldName("left");
    const right = node.childForFieldName("right");
    const type = node.childForFieldName("type");
    if (!left) return;
    if (scope.kind === "module" && right && left.type === "identifier" && text(left) === "__all__") {
      const listed = literalStrings(right);
      dunderAll = listed ?? [];
      dunderAllState = listed ? "literal" : "unknown";
    }
    if (type) addRefs(type, scope.index);
    // An assignment anywhere in a def makes the name local to all of it.
    if (scope.kind === "function") {
      const at = facts.entities[scope.index]!.startLine;
      for (const name of assignedNames(left)) locals.push(localFact(scope.index, name, at));
    }
    const target = typedTarget(left, scope);
    if (!target) return;
    if (type) {
      addVar(target.scope, target.name, type, line(node));
    } else if (right?.type === "call") {
      // Python constructs with a plain call: only a capitalised callee is taken for a class.
      const constructor = right.childForFieldName("function");
      const path = constructor ? dottedPath(constructor) : undefined;
      if (path !== undefined && isClassLike(path)) {
        facts.vars.push({ scope: target.scope, name: target.name, type: path, line: line(node) });
      } else {
        // `repo = open_repo()`: typed by what open_repo is annotated to return.
        awaitingCall.push([{ scope: target.scope, name: target.name, type: "", line: line(node) }, spanKey(right)]);
      }
    } else if (right?.type === "subscript" && !target.name.startsWith("self.")) {
      // `first = self.items[0]`: one element of what that path holds.
      const collection = right.childForFieldName("value");
      const fromPath = collection ? dottedPath(collection) : undefined;
      if (fromPath) facts.vars.push({ scope: target.scope, name: target.name, type: "", line: line(node), fromPath, element: true });
    } else if (right?.type === "attribute" && !target.name.startsWith("self.")) {
      // `repo = self.repo`, `db = app.db`: what that path holds, read by the resolver.
      const fromPath = dottedPath(right);
      if (fromPath) facts.vars.push({ scope: target.scope, name: target.name, type: "", line: line(node), fromPath });
    } else if (right?.type === "identifier" && target.name.startsWith("self.") && scope.kind === "function") {
      // `self.repo = repo` keeps the type of `repo: Repo`, an annotated parameter or local.
      const typed = typedLocalBefore(scope.index, text(right), line(node));
      if (typed) facts.vars.push({ scope: target.scope, name: target.name, type: typed.type, line: line(node) });
    }
  }

  /**
   * `if isinstance(x, Foo):` or `elif …`, also as one of several `and` terms: over the block,
   * x is a Foo. A tuple of classes tells nothing.
   */
  function visitIf(node: Node, scope: Scope): void {
    const consequence = node.childForFieldName("consequence");
    const condition = node.childForFieldName("condition");
    if (!consequence || !condition || scope.kind === "class") return;
    const terms = [condition];
    for (let term = terms.pop(); term; term = terms.pop()) {
      if (term.type === "parenthesized_expression") {
        if (term.firstNamedChild) terms.push(term.firstNamedChild);
        continue;
      }
      if (term.type === "boolean_operator") {
        const left = term.childForFieldName("left");
        const right = term.childForFieldName("right");
        if (term.childForFieldName("operator")?.type === "and" && left && right) terms.push(left, right);
        continue;
      }
      if (term.type !== "call" || text(term.childForFieldName("function") ?? term) !== "isinstance") continue;
      const args = term.childForFieldName("arguments")?.namedChildren ?? [];
      const [subject, cls] = args;
      if (args.length !== 2 || subject?.type !== "identifier" || !cls) continue;
      const type = cls.type === "identifier" || cls.type === "attribute" ? dottedPath(cls) : undefined;
      if (type) facts.vars.push({ scope: scope.index, name: text(subject), type, line: line(consequence), until: consequence.endPosition.row + 1 });
    }
  }

  /** The last typed variable `name` of function `fn` declared by line `at`. */
  function typedLocalBefore(fn: number, name: string, at: number): TypedVarFact | undefined {
    for (let i = facts.vars.length - 1; i >= 0; i--) {
      const v = facts.vars[i]!;
      if (v.scope === fn && v.name === name && v.line <= at) return v;
    }
    return undefined;
  }

  /** Where an assigned name lives: class attributes and `self.x` both become the class's "self.x". */
  function typedTarget(left: Node, scope: Scope): TypedTarget | undefined {
    if (left.type === "identifier") {
      const name = text(left);
      return scope.kind === "class" ? { scope: scope.index, name: `self.${name}` } : { scope: scope.index, name };
    }
    if (left.type === "attribute" && scope.selfClass >= 0) {
      const object = left.childForFieldName("object");
      const attribute = left.childForFieldName("attribute");
      if (object?.type === "identifier" && attribute && text(object) === scope.selfName) {
        return { scope: scope.selfClass, name: `self.${text(attribute)}` };
      }
    }
    return undefined;
  }

  for (const node of root.descendantsOfType(INTERESTING)) {
    const scope = scopeAt(node.startIndex);
    switch (node.type) {
      case "call": {
        const fn = node.childForFieldName("function");
        const before = facts.calls.length;
        if (fn) addCallTo(fn, line(node), scope.index);
        if (facts.calls.length > before) callsBySpan.set(spanKey(node), before);
        break;
      }
      case "function_definition":
        visitFunction(node, scope);
        break;
      case "class_definition":
        visitClass(node, scope);
        break;
      case "decorated_definition":
        visitDecorated(node, scope);
        break;
      case "import_statement":
        visitImport(node);
        break;
      case "import_from_statement":
        visitImportFrom(node);
        break;
      case "assignment":
        visitAssignment(node, scope);
        break;
      case "if_statement":
      case "elif_clause":
        visitIf(node, scope);
        break;
      case "for_statement":
        visitFor(node, scope);
        break;
      case "lambda": {
        // A lambda is no entity: its parameters hide outer names over its own lines.
        const parameters = node.childForFieldName("parameters");
        for (const parameter of parameters?.namedChildren ?? []) {
          for (const name of parameterNames(parameter)) locals.push(localFact(scope.index, name, line(node), node.endPosition.row + 1));
        }
        break;
      }
      case "augmented_assignment": {
        // `__all__ += [...]` extends a literal list; anything computed makes it unknowable.
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        if (left && right && scope.kind === "module" && text(left) === "__all__") {
          const listed = literalStrings(right);
          if (listed && dunderAllState === "literal") dunderAll.push(...listed);
          else dunderAllState = "unknown";
        }
        break;
      }
    }
  }

  for (const [call, span] of receiverCalls) {
    const inner = callsBySpan.get(span);
    if (inner !== undefined) facts.calls[call]!.receiverCall = inner;
  }
  for (const [variable, span] of awaitingCall) {
    const call = callsBySpan.get(span);
    if (call === undefined) continue;
    variable.fromCall = call;
    (facts.resultVars ??= []).push(variable);
  }

  if (locals.length > 0) facts.locals = locals;

  // A literal `__all__` is the module's public surface; a computed one leaves the naming rule.
  if (dunderAllState === "literal") {
    const listed = new Set(dunderAll);
    for (const entity of facts.entities) {
      if (entity.parent === -1) entity.exported = listed.has(entity.name);
    }
  }
  return facts;
}

/** Leading underscore means private, except dunder methods (`__init__`), which are protocol. */
function isPublicName(name: string, isMethod: boolean): boolean {
  if (!name.startsWith("_")) return true;
  return isMethod && name.length > 4 && name.startsWith("__") && name.endsWith("__");
}

/** Capitalised last segment: `User`, `models.User`. */
function isClassLike(path: string): boolean {
  const first = path.charCodeAt(path.lastIndexOf(".") + 1);
  return first >= 65 && first <= 90; // A-Z
}

/** The strings of a list/tuple literal of plain strings; undefined if any item is something else. */
function literalStrings(node: Node): string[] | undefined {
  if (node.type !== "list" && node.type !== "tuple") return undefined;
  const out: string[] = [];
  for (const item of node.namedChildren) {
    if (item.type === "comment") continue;
    if (item.type !== "string") return undefined;
    let value = "";
    for (const part of item.namedChildren) {
      if (part.type === "interpolation") return undefined;
      if (part.type === "string_content") value += part.text;
    }
    out.push(value);
  }
  return out;
}

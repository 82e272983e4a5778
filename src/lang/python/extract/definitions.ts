// Entities: defs and classes, their decorators, parameters and declared results. Each one
// opens the scope its body evaluates in. `@overload` stubs and the implementation after them
// are one entity, which carries the stubs' signatures.
import type { Node } from "web-tree-sitter";
import { type EntityFact, localFact } from "../../../model/facts";
import { markDeclared } from "../../doc-text";
import { headerSignature } from "../../signature";
import { docstringText, parseDocstring } from "../doc";
import { annotatedType, callableResult, dottedPath, yieldedType } from "../types";
import { addAnnotatedVar, addRefs } from "./annotations";
import { addCallTo } from "./calls";
import { addBases } from "./heritage";
import { parameterNames } from "./locals";
import { isClassLike } from "./variables";
import { isOverloadDecorator, overloadSignature } from "./overloads";
import type { Scope } from "./scopes";
import { lineOf, type PythonFile, spanKey, spanNumber } from "./state";

const SIGNATURE_LIMIT = 200;

export function visitDecorated(file: PythonFile, node: Node, scope: Scope): void {
  const decorators: string[] = [];
  const definition = node.childForFieldName("definition");
  for (const child of node.namedChildren) {
    if (child.type !== "decorator") continue;
    const expression = child.namedChild(0);
    if (!expression) continue;
    const outermost = decorators.length === 0;
    const calls = file.facts.calls.length;
    // `@cache` calls cache with the function; `@register(...)` is a call node the walk finds itself.
    if (expression.type !== "call") addCallTo(file, expression, lineOf(child), scope.index);
    if (expression.type === "attribute") file.callTargets.add(spanNumber(expression));
    if (outermost && definition) decoratedName(file, definition, expression, scope, file.facts.calls.length > calls ? calls : undefined);
    const decorator = expression.type === "call" ? expression.childForFieldName("function") : expression;
    decorators.push((decorator && dottedPath(decorator)) ?? "");
  }
  if (definition) file.decorated.set(definition.startIndex, { startLine: lineOf(node), decorators });
}

/**
 * The decorated name holds what its outermost decorator returns: `@cache def f` is `cache(f)`
 * (the call just recorded), `@cli.command() def hello` is `cli.command()(hello)`. A class body's
 * names are members, read through the class: only other scopes' names are typed so.
 */
function decoratedName(file: PythonFile, definition: Node, expression: Node, scope: Scope, bareCall: number | undefined): void {
  const nameNode = definition.childForFieldName("name");
  if (!nameNode || scope.kind === "class") return;
  const variable = { scope: scope.index, name: file.text(nameNode), type: "", line: lineOf(definition) };
  if (expression.type === "call") file.awaitingCall.push([{ ...variable, applied: true }, spanKey(expression)]);
  else if (bareCall !== undefined) (file.facts.resultVars ??= []).push({ ...variable, fromCall: bareCall });
}

export function visitFunction(file: PythonFile, node: Node, scope: Scope): void {
  const nameNode = node.childForFieldName("name");
  const body = node.childForFieldName("body");
  if (!nameNode || !body) return;
  const name = file.text(nameNode);
  const wrapper = file.decorated.get(node.startIndex);
  const isMethod = scope.kind === "class";
  const decorators = wrapper?.decorators ?? [];
  const isOverload = decorators.some((d) => isOverloadDecorator(file.facts.imports, d));
  const own: EntityFact = {
    name,
    qname: qualify(file, scope.index, name),
    kind: isMethod ? "method" : "function",
    startLine: wrapper?.startLine ?? lineOf(node),
    endLine: node.endPosition.row + 1,
    signature: signatureOf(file.source, node),
    // A def nested in a def is a local, never importable.
    exported: scope.kind !== "function" && isPublicName(name, isMethod),
    parent: scope.index,
  };
  const returnType = node.childForFieldName("return_type");
  const isFixture = decorators.some(isFixtureDecorator);
  // A yield fixture annotated `-> Iterator[Foo]` hands tests a Foo.
  const returns = returnType ? annotatedType(returnType) ?? (isFixture ? yieldedType(returnType) : undefined) : undefined;
  const overloadKey = `${scope.index}\0${name}`;
  const group = file.overloads.get(overloadKey);
  let index: number;
  if (group !== undefined) {
    index = group.index;
    const entity = file.facts.entities[index]!;
    if (isOverload) {
      entity.overloads!.push(overloadSignature(file.source, node.startIndex, body.startIndex));
      // Overloads that declare different results leave none: which one a call gets depends on its arguments.
      if (group.returns !== returns) delete entity.returns;
    } else {
      // The implementation after its overloads is the entity; callers see the overloads' results.
      file.overloads.delete(overloadKey);
      Object.assign(entity, { startLine: own.startLine, endLine: own.endLine, signature: own.signature });
    }
  } else {
    index = addEntity(file, own);
    if (returns !== undefined) own.returns = returns;
    const callable = returnType ? callableResult(returnType) : undefined;
    if (callable !== undefined) own.returnsCallable = callable;
    if (isFixture) own.fixture = true;
    if (returnType) file.annotatedResults.add(index);
    if (isMethod && returnType && returnsReceiver(file, returnType, node.childForFieldName("parameters"))) own.returnsSelf = true;
    if (isOverload) {
      own.overloads = [overloadSignature(file.source, node.startIndex, body.startIndex)];
      file.overloads.set(overloadKey, { index, returns });
    }
  }
  const parameters = node.childForFieldName("parameters");
  const firstParameter = parameters?.namedChild(0);
  if (!isOverload) documentFunction(file, file.facts.entities[index]!, body, parameters, returnType, decorators, isMethod && !decorators.includes("staticmethod"));
  if (isMethod && decorators.some(isPropertyDecorator)) file.facts.entities[index]!.accessor = true;
  // `@timeout.setter def timeout(self, value)`: what `client.timeout = t` runs, not a read.
  if (isMethod && decorators.some((d) => d.endsWith(".setter"))) file.facts.entities[index]!.setter = true;
  const isPlainMethod = isMethod && !decorators.some((d) => d === "staticmethod" || d === "classmethod");
  // A plain method's first parameter is the instance, whatever it is called; nested defs inherit it.
  const selfParameter = isPlainMethod && firstParameter?.type === "identifier" ? firstParameter : undefined;
  file.scopes.push({
    index,
    kind: "function",
    selfClass: selfParameter ? scope.index : scope.selfClass,
    selfName: selfParameter ? file.text(selfParameter) : scope.selfName,
    bodyStart: body.startIndex,
    end: node.endIndex,
  });
  // pytest hands a test or fixture of a test module each fixture its parameters name.
  const injects = file.isTestModule && (name.startsWith("test") || isFixture);
  if (parameters) visitParameters(file, parameters, index, injects ? selfParameter ?? null : undefined);
  if (returnType) addRefs(file, returnType, index);
}

/**
 * Parameters are locals of the def; annotated ones are references and typed variables. With
 * `injected` (a test's or fixture's; the instance parameter it names is not one), each plain
 * parameter is a fixture pytest hands in.
 */
function visitParameters(file: PythonFile, parameters: Node, fn: number, injected?: Node | null): void {
  const at = file.facts.entities[fn]!.startLine;
  for (const parameter of parameters.namedChildren) {
    for (const name of parameterNames(file, parameter)) file.locals.push(localFact(fn, name, at));
    if (injected !== undefined && parameter.type === "identifier" && parameter.startIndex !== injected?.startIndex) {
      file.facts.vars.push({ scope: fn, name: file.text(parameter), type: "", line: at, injected: true });
    }
    if (parameter.type === "default_parameter") defaultTyped(file, parameter, fn, at);
    const type = parameter.childForFieldName("type");
    if (!type) continue;
    addRefs(file, type, fn);
    // typed_parameter has no name field: its name is the first child.
    const nameNode = parameter.childForFieldName("name") ?? parameter.namedChild(0);
    if (nameNode?.type === "identifier") addAnnotatedVar(file, fn, file.text(nameNode), type, lineOf(parameter));
  }
}

/**
 * An unannotated parameter holds its default when the caller passes none:
 * `task_status=TASK_STATUS_IGNORED` what that name holds, `clock=Clock()` a Clock.
 */
function defaultTyped(file: PythonFile, parameter: Node, fn: number, at: number): void {
  const name = parameter.childForFieldName("name");
  const value = parameter.childForFieldName("value");
  if (name?.type !== "identifier" || !value) return;
  const variable = { scope: fn, name: file.text(name), type: "", line: at };
  if (value.type === "identifier" || value.type === "attribute") {
    const fromPath = dottedPath(value);
    if (fromPath) file.facts.vars.push({ ...variable, fromPath });
  } else if (value.type === "call") {
    const callee = value.childForFieldName("function");
    const path = callee ? dottedPath(callee) : undefined;
    if (path !== undefined && isClassLike(path)) file.facts.vars.push({ ...variable, type: path });
  }
}

export function visitClass(file: PythonFile, node: Node, scope: Scope): void {
  const nameNode = node.childForFieldName("name");
  const body = node.childForFieldName("body");
  if (!nameNode || !body) return;
  const name = file.text(nameNode);
  const index = addEntity(file, {
    name,
    qname: qualify(file, scope.index, name),
    kind: "class",
    startLine: file.decorated.get(node.startIndex)?.startLine ?? lineOf(node),
    endLine: node.endPosition.row + 1,
    signature: signatureOf(file.source, node),
    exported: scope.kind !== "function" && isPublicName(name, false),
    parent: scope.index,
  });
  const doc = docstringOf(file, body);
  if (doc) file.facts.entities[index]!.doc = doc;
  const bases = node.childForFieldName("superclasses");
  if (bases) addBases(file, bases, index);
  file.scopes.push({ index, kind: "class", selfClass: -1, selfName: "", bodyStart: body.startIndex, end: node.endIndex });
}

/** The docstring that opens a def's or class's body, as claims. */
function docstringOf(file: PythonFile, body: Node): EntityFact["doc"] {
  const first = body.firstNamedChild;
  const literal = first?.type === "expression_statement" ? first.firstNamedChild : null;
  if (!literal || literal.type !== "string") return undefined;
  const text = docstringText(file.text(literal));
  if (text === undefined) return undefined;
  // A module-level `NAME = …` (or `NAME: T = …`).
  return markDeclared(parseDocstring(text, lineOf(literal), literal.endPosition.row + 1), file.source, (name) => new RegExp(`^${name}\\s*(?::[^=\\n]*)?=`, "m"));
}

/**
 * A def's docstring, and for a documented def what its claims are checked against: its
 * parameters' names (the instance or class parameter left out) and whether it gives back a
 * value (`-> None` says not; other annotations say so; otherwise its returns and yields tell,
 * met later by the walk: see markReturnsValue). A stub (`...`, `pass`, `raise
 * NotImplementedError`, an abstract method) gives back nothing anyone can read.
 */
function documentFunction(file: PythonFile, entity: EntityFact, body: Node, parameters: Node | null, returnType: Node | null, decorators: readonly string[], hasReceiver: boolean): void {
  const doc = docstringOf(file, body);
  if (!doc) return;
  entity.doc = doc;
  const names: string[] = [];
  for (const parameter of parameters?.namedChildren ?? []) {
    const name = parameterName(file, parameter);
    if (name !== undefined) names.push(name);
  }
  entity.paramNames = hasReceiver ? names.slice(1) : names;
  if (returnType) {
    const declared = file.text(returnType).replace(/\s+/g, "");
    if (/^(typing\.)?(NoReturn|Never)$/.test(declared)) return;
    entity.returnsValue = declared !== "None";
    return;
  }
  if (decorators.some((d) => d.endsWith("abstractmethod")) || isStub(file, body)) return;
  entity.returnsValue = false;
}

/** `return value` or `yield` in a documented def: it gives back a value. */
export function markReturnsValue(file: PythonFile, fn: number): void {
  const entity = file.facts.entities[fn];
  // What an annotation declares stands: `-> None` returning a call is the annotation's word.
  if (entity?.returnsValue === false && !file.annotatedResults.has(fn)) entity.returnsValue = true;
}

/** A body of a docstring and at most `...`, `pass` or `raise NotImplementedError`. */
function isStub(file: PythonFile, body: Node): boolean {
  const statements = body.namedChildren.filter((n) => n.type !== "comment");
  if (statements.length > 2) return false;
  const rest = statements[1];
  if (!rest) return true;
  const text = file.text(rest).trim();
  return text === "..." || text === "pass" || /^raise\s+NotImplementedError\b/.test(text);
}

/** A parameter's name as the signature writes it: "*args", "**kwargs"; undefined for the `*` and `/` markers. */
function parameterName(file: PythonFile, parameter: Node): string | undefined {
  switch (parameter.type) {
    case "identifier":
      return file.text(parameter);
    case "default_parameter":
    case "typed_default_parameter": {
      const name = parameter.childForFieldName("name");
      return name ? file.text(name) : undefined;
    }
    case "typed_parameter": {
      const inner = parameter.namedChild(0);
      return inner ? parameterName(file, inner) : undefined;
    }
    case "list_splat_pattern":
    case "dictionary_splat_pattern": {
      const inner = parameter.namedChild(0);
      return inner ? `${parameter.type === "list_splat_pattern" ? "*" : "**"}${file.text(inner)}` : undefined;
    }
    default:
      return undefined;
  }
}

/** `@pytest.fixture`, `@pytest.fixture(scope="module")`, `@fixture` imported from pytest. */
function isFixtureDecorator(decorator: string): boolean {
  return decorator === "fixture" || decorator.endsWith(".fixture");
}

/** `@property`, `@functools.cached_property`, `@x.setter`: the method is read as an attribute. */
/**
 * `-> Self` (`typing.Self`, quoted or not), or `def __enter__(self: T) -> T`: the method gives
 * back the instance it is called on, of whatever class that is.
 */
function returnsReceiver(file: PythonFile, returnType: Node, parameters: Node | null): boolean {
  const declared = file.text(returnType).replace(/["'\s]/g, "");
  if (declared === "Self" || declared.endsWith(".Self")) return true;
  const first = parameters?.namedChild(0);
  const selfType = first?.type === "typed_parameter" ? first.childForFieldName("type") : null;
  return selfType !== null && selfType !== undefined && file.text(selfType).replace(/["'\s]/g, "") === declared;
}

function isPropertyDecorator(decorator: string): boolean {
  return decorator === "property" || decorator.endsWith("cached_property") || decorator.endsWith(".setter") || decorator.endsWith(".getter") || decorator.endsWith(".deleter");
}

function addEntity(file: PythonFile, entity: EntityFact): number {
  file.facts.entities.push(entity);
  return file.facts.entities.length - 1;
}

function qualify(file: PythonFile, parent: number, name: string): string {
  const owner = file.facts.entities[parent];
  return owner ? `${owner.qname}.${name}` : name;
}

/** A def's or class's header through its `:`, joined when its parameters run over lines; else the first line. */
function signatureOf(source: string, node: Node): string {
  const start = node.startIndex;
  const newline = source.indexOf("\n", start);
  const end = newline < 0 || newline > node.endIndex ? node.endIndex : newline;
  // Most headers end on their first line: the tree is asked only about the rest.
  const colon = /:\s*(?:#.*)?$/.test(source.slice(start, end)) ? undefined : headerColon(node);
  if (colon && colon.endIndex > end) return headerSignature(source, start, colon.endIndex, "#");
  return source.slice(start, end).trim().slice(0, SIGNATURE_LIMIT);
}

/** The `:` that ends a definition's header: the last one before its body. */
function headerColon(node: Node): Node | undefined {
  const body = node.childForFieldName("body");
  let colon: Node | undefined;
  for (const child of node.children) {
    if (body && child.startIndex >= body.startIndex) break;
    if (child.type === ":") colon = child;
  }
  return colon;
}

/** Leading underscore means private, except dunder methods (`__init__`), which are protocol. */
function isPublicName(name: string, isMethod: boolean): boolean {
  if (!name.startsWith("_")) return true;
  return isMethod && name.length > 4 && name.startsWith("__") && name.endsWith("__");
}

// TypeScript / TSX / JavaScript extractor: syntax tree → FileFacts.
//
// Every node crossing the WASM boundary costs, so instead of visiting all nodes we ask
// tree-sitter for the few kinds that carry facts (one C-side walk, document order) and keep
// scope with a stack of entity ranges: a node belongs to every open entity that ends after
// it starts. Nothing recurses, so deeply nested generated code cannot overflow the stack.
import type { Node } from "web-tree-sitter";
import { emptyFacts, type CallbackSlot, type CallFact, type EntityFact, type EntityKind, type FileFacts, type Lang, localFact, type LocalFact, RETURNED, type TypedVarFact } from "../../model/facts";
import { depthFirst } from "../../util/depth-first";
import { countParseErrors } from "../parse-errors";
import { CallableTypes } from "./callable";
import { callbackParameters, declaredCallbacks, declaredParams, functionTypeOf, mergeCallbacks, mergeParams, typeBounds, unionMembers } from "./callbacks";
import { assignmentChain, chainedValue, createdFrom, memberTarget } from "./commonjs";
import { jsDocBefore } from "./doc";
import { JSX_ELEMENTS, renderedComponent } from "./jsx";
import { finishFacts } from "./finish";
import { reparsePrepared } from "./prepare";
import {
  commonJsExportName,
  dynamicImportSpecifier,
  exportClauseFacts,
  importStatementFact,
  moduleBinding,
  reexportFact,
  requireSpecifier,
} from "./imports";
import {
  compact,
  declarationTextStart,
  dottedPath,
  elementTypeOf,
  endLineOf,
  flattened,
  indexedTypeOf,
  isNullish,
  lineOf,
  nameText,
  NOT_WRAPPERS,
  signatureAt,
  textOf,
  typeArgumentNames,
  typeNameOf,
} from "./syntax";

export function extract(root: Node, source: string, path: string, lang: Lang): FileFacts {
  const repaired = root.hasError ? reparsePrepared(root, source, lang) : undefined;
  try {
    return extractTree(repaired?.rootNode ?? root, source, path, lang);
  } finally {
    repaired?.delete();
  }
}

function extractTree(root: Node, source: string, path: string, lang: Lang): FileFacts {
  const facts: FileFacts = emptyFacts(path, lang);
  const extractor = new Extractor(source, facts, new CallableTypes(root, source));
  // A tree shape no handler foresaw throws to the caller, which names the file (ingest/failures):
  // the facts gathered up to the throw would pass for the whole file.
  extractor.run(root);
  facts.parseErrors = countParseErrors(root);
  finishFacts(facts, extractor.typeVariables);
  return facts;
}

/** The node kinds that carry facts; everything else is only looked at through them. */
const FACT_NODES = [
  "call_expression", "new_expression", "type_identifier", "nested_type_identifier",
  "required_parameter", "optional_parameter", "variable_declarator", "function_declaration",
  "generator_function_declaration", "function_signature", "function_expression",
  "class_declaration", "abstract_class_declaration", "class", "interface_declaration",
  "type_alias_declaration", "enum_declaration", "internal_module", "module", "method_definition",
  "method_signature", "abstract_method_signature", "property_signature", "public_field_definition",
  "field_definition", "import_statement",
  "export_statement", "assignment_expression", "type_parameters", "infer_type",
  "mapped_type_clause", "formal_parameters", "arrow_function", "if_statement", "for_in_statement",
  // Where a function is handed over by name: arguments, elements, property values, returns, JSX.
  "arguments", "array", "pair", "shorthand_property_identifier", "return_statement", "jsx_expression",
  ...JSX_ELEMENTS,
  // Where a getter is read: any other member access.
  "member_expression",
];

/** `f || g`, `f ?? g`, `ok && f`: an operand may be the value. */
const VALUE_OPERATORS = new Set(["||", "??", "&&"]);

const CLASS_MEMBERS = new Set(["method_definition", "method_signature", "abstract_method_signature", "public_field_definition", "field_definition"]);

/** Members of an interface or an object type alias that may be called through it. */
const TYPE_MEMBERS = new Set(["method_signature", "property_signature"]);

/** Values that make `const f = …` (or a class field, or an export) a function entity. */
const FUNCTION_VALUES = new Set(["arrow_function", "function_expression", "generator_function", "function"]);

/**
 * `f.call(…)` and `f.apply(…)` call f. `f.bind(…)` does not: it makes a function that may
 * never run, and the compiler's own answer does not count it (7 of 12 false callers on rxjs).
 */
const INDIRECT_CALLS = new Set(["call", "apply"]);

interface Scope {
  /** Innermost entity: parent of new entities and `from` of type references. */
  entity: number;
  /** Innermost function or method; the class inside its body outside methods; -1 at top level. */
  caller: number;
  /** Source index where the scope closes. */
  end: number;
}

interface ExportMark {
  exported: boolean;
  defaultExport: boolean;
}

/** A module-level variable as declared: where, how exported, and its value (through `a = b = …`). */
interface ModuleVariable {
  from: Node;
  end: Node;
  mark: ExportMark;
  value: Node;
}

const NOT_EXPORTED: ExportMark = { exported: false, defaultExport: false };

/** A class expression named by what holds it: `const A = class { … }`. */
interface ClassBinding {
  name: string;
  start: Node;
  mark: ExportMark;
}

class Extractor {
  /** Names that are type variables somewhere in the file: `<T>`, `infer U`, `[K in …]`. */
  readonly typeVariables = new Set<string>();

  private scope: Scope = { entity: -1, caller: -1, end: Number.POSITIVE_INFINITY };
  private readonly outer: Scope[] = [];
  /** Start index of an exported declaration → how it is exported. */
  private readonly marks = new Map<number, ExportMark>();
  /** Start index of a member of an entity class → the class's entity index. */
  private readonly members = new Map<number, number>();
  /** Start index of a `key: value` pair of an object namespace → the holder's entity index. */
  private readonly objectPairs = new Map<number, number>();
  /** Object namespaces whose type is written, by entity index → that type: what `this` is in their methods. */
  private readonly objectTypes = new Map<number, string>();
  private readonly classBindings = new Map<number, ClassBinding>();
  /** Start indices of type names that declare rather than reference (class, interface, heritage names). */
  private readonly notRefs = new Set<number>();
  /** Start indices of require()/import() calls already read as bindings. */
  private readonly boundLoads = new Set<number>();
  /** The inner names of a `ns.Type` already recorded whole end here. */
  private nestedTypeEnd = -1;
  private readonly refKeys = new Set<string>();
  private refLine = 0;
  /** Value references already noted, by scope, name and line. */
  private readonly valueKeys = new Set<string>();
  /** Reads already noted, by scope, path and line. */
  private readonly readKeys = new Set<string>();
  /**
   * Where the last member chain read or called starts: its inner parts (`c.req` of `c.req.url`,
   * of `c.req.header()`) start there too and are read with it.
   */
  private chainStart = -1;
  /**
   * Members by their type's entity and name, so get/set pairs and overloads share one entity,
   * and `interface A` merged with `class A` keeps the class's methods apart from its signatures.
   */
  private readonly memberIndex = new Map<string, number>();
  /** Function overload signatures awaiting their implementation, by qname. */
  private readonly signatures = new Map<string, number>();
  /** Recorded calls by the span of their call or new expression, and calls whose receiver is one. */
  private readonly callsBySpan = new Map<string, number>();
  private readonly receiverCalls: [call: number, span: string][] = [];
  /** Variables initialised by a call, awaiting that call's index (recorded after them). */
  private readonly resultVars: [variable: TypedVarFact, span: string][] = [];
  /** Function entities by the start of their function node: where a `this:` parameter belongs. */
  private readonly functionEntities = new Map<number, number>();
  private readonly locals: LocalFact[] = [];
  /** Entities declared at the file's top, by name: what `X.y = function …` makes a member of. */
  private readonly topLevelNames = new Map<string, number[]>();
  /**
   * Module-level variables no entity holds yet, by name (`var res = Object.create(…)`): the first
   * `res.send = function …` makes one, an object holding its members.
   */
  private readonly moduleVariables = new Map<string, ModuleVariable>();
  private readonly prototypeWritten = new Map<string, boolean>();
  /** How many `require(…)` calls were read in place so far: each binds its module under its own name. */
  private inlineRequires = 0;

  /** Documented functions whose body returns no value so far, by the start of their function node. */
  private readonly documentedBodies = new Map<number, EntityFact>();

  /** Start index of a property whose type is an object literal holding callable members → that literal. */
  private readonly typeHolders = new Map<number, Node>();

  constructor(
    private readonly source: string,
    private readonly facts: FileFacts,
    private readonly callable: CallableTypes,
  ) {}

  run(root: Node): void {
    for (const node of root.descendantsOfType(FACT_NODES)) {
      const start = node.startIndex;
      while (start >= this.scope.end) this.scope = this.outer.pop()!;
      this.visit(node, start);
    }
    // A receiver call comes after the call on its result in document order: linked at the end.
    for (const [call, span] of this.receiverCalls) {
      const inner = this.callsBySpan.get(span);
      if (inner !== undefined) this.facts.calls[call]!.receiverCall = inner;
    }
    for (const [variable, span] of this.resultVars) {
      const call = this.callsBySpan.get(span);
      if (call === undefined) continue;
      variable.fromCall = call;
      (this.facts.resultVars ??= []).push(variable);
    }
    if (this.locals.length > 0) this.facts.locals = this.locals;
  }

  private enter(entity: number, caller: number, end: number): void {
    this.outer.push(this.scope);
    this.scope = { entity, caller, end };
  }

  private visit(node: Node, start: number): void {
    switch (node.type) {
      case "type_identifier":
        if (start >= this.nestedTypeEnd && !this.notRefs.has(start)) this.typeRef(node, textOf(node, this.source));
        return;
      case "nested_type_identifier":
        if (start < this.nestedTypeEnd) return;
        this.nestedTypeEnd = node.endIndex;
        this.typeRef(node, compact(textOf(node, this.source)));
        return;
      case "call_expression":
        return this.call(node, start);
      case "new_expression":
        return this.construct(node);
      case "required_parameter":
      case "optional_parameter":
        return this.parameter(node);
      case "variable_declarator":
        return this.declarator(node, start);
      case "function_declaration":
      case "generator_function_declaration":
        return this.functionDeclaration(node, start);
      case "function_signature":
        return this.functionSignature(node, start);
      case "function_expression":
        return this.recoveredFunction(node);
      case "class":
      case "module":
        // The same names are keywords; only the named nodes are declarations.
        if (!node.isNamed) return;
        return node.type === "class" ? this.classDeclaration(node, start) : this.moduleDeclaration(node, start);
      case "class_declaration":
      case "abstract_class_declaration":
        return this.classDeclaration(node, start);
      case "interface_declaration":
        return this.interfaceDeclaration(node, start);
      case "type_alias_declaration":
      case "enum_declaration":
        return this.typeDeclaration(node, start);
      case "internal_module":
        return this.moduleDeclaration(node, start);
      case "method_definition":
      case "method_signature":
      case "abstract_method_signature":
      case "property_signature":
      case "public_field_definition":
      case "field_definition":
        return this.member(node, start);
      case "import_statement":
        return this.importStatement(node);
      case "export_statement":
        return this.exportStatement(node);
      case "assignment_expression":
        return this.assignment(node);
      case "type_parameters":
        return this.typeParameters(node);
      case "infer_type":
      case "mapped_type_clause":
        return this.typeVariable(node);
      case "formal_parameters":
        // TypeScript wraps each parameter (`required_parameter`); JavaScript lists the patterns.
        for (const param of node.namedChildren) {
          const pattern = param.type === "required_parameter" || param.type === "optional_parameter" ? param.childForFieldName("pattern") : param;
          if (pattern && node.parent) this.bindsNames(pattern, node.parent);
        }
        return;
      case "arrow_function": {
        const single = node.childForFieldName("parameter");
        if (single) this.bindsNames(single, node);
        // `() => helper` returns helper.
        const body = node.childForFieldName("body");
        if (body && body.type !== "statement_block") {
          this.valueUse(body);
          this.returnedFunction(node, body);
        }
        return;
      }
      case "arguments":
      case "array":
        for (const value of node.namedChildren) this.valueUse(value);
        return;
      case "pair": {
        const value = node.childForFieldName("value");
        if (value) this.valueUse(value);
        if (value && this.objectPairs.has(start)) this.objectPair(node, value);
        return;
      }
      case "shorthand_property_identifier":
        return this.valueUse(node);
      case "return_statement":
      case "jsx_expression": {
        const value = node.firstNamedChild;
        if (value) this.valueUse(value);
        if (value && value.type !== "comment" && node.type === "return_statement") {
          this.returnWithValue(node);
          this.getterReturn(node, value);
        }
        // Only a returned function needs the function it is returned from (a walk up the tree).
        if (value && node.type === "return_statement" && FUNCTION_VALUES.has(heldValue(value).type)) {
          const fn = enclosingFunction(node);
          if (fn) this.returnedFunction(fn, value);
        }
        return;
      }
      case "jsx_opening_element":
      case "jsx_self_closing_element": {
        // Rendering a component calls it.
        const component = renderedComponent(node, this.source);
        if (component) this.recordCall(component, false, node);
        return;
      }
      case "member_expression":
        return this.memberRead(node, start);
      case "if_statement":
        return this.narrowing(node);
      case "for_in_statement":
        return this.forOf(node);
    }
  }

  /**
   * `if (x instanceof Foo) { x.m() }`, also as one of several `&&` terms: over the consequence's
   * lines x is a Foo, as the compiler narrows it.
   */
  private narrowing(node: Node): void {
    const consequence = node.childForFieldName("consequence");
    const condition = node.childForFieldName("condition");
    if (!consequence || !condition) return;
    const line = lineOf(consequence);
    const until = endLineOf(consequence);
    const terms = [condition];
    for (let term = terms.pop(); term; term = terms.pop()) {
      if (term.type === "parenthesized_expression") {
        if (term.firstNamedChild) terms.push(term.firstNamedChild);
        continue;
      }
      if (term.type !== "binary_expression") continue;
      const operator = term.childForFieldName("operator")?.type;
      const left = term.childForFieldName("left");
      const right = term.childForFieldName("right");
      if (!left || !right) continue;
      if (operator === "&&") terms.push(left, right);
      if (operator !== "instanceof" || left.type !== "identifier") continue;
      const type = right.type === "identifier" || right.type === "member_expression" ? dottedPath(right, this.source) : undefined;
      if (type) this.facts.vars.push({ scope: this.scope.caller, name: textOf(left, this.source), type, line, until });
    }
  }

  // ── entities ──────────────────────────────────────────────────────────────

  private addEntity(kind: EntityKind, name: string, start: Node, end: Node, textStart: number, mark: ExportMark): number {
    const parent = this.scope.entity;
    const entity: EntityFact = {
      name,
      qname: this.qnameOf(name),
      kind,
      startLine: lineOf(start),
      endLine: endLineOf(end),
      signature: signatureAt(this.source, textStart, end),
      exported: mark.exported,
      parent,
    };
    if (mark.defaultExport) entity.defaultExport = true;
    // `@dec() export class A`: the decorators belong to the export statement, the comment is before them.
    const exportStatement = mark.exported ? start.parent : null;
    const from = exportStatement?.type === "export_statement" ? exportStatement : start;
    const doc = jsDocBefore(this.source, from.startIndex, lineOf(from));
    if (doc) entity.doc = doc;
    const index = this.facts.entities.push(entity) - 1;
    if (parent === -1) {
      const same = this.topLevelNames.get(name);
      if (same) same.push(index);
      else this.topLevelNames.set(name, [index]);
    }
    return index;
  }

  private qnameOf(name: string): string {
    const owner = this.facts.entities[this.scope.entity];
    return owner ? `${owner.qname}.${name}` : name;
  }

  /** Records what `fn`'s function-typed parameters pass on, merged with earlier overloads. */
  private noteCallbacks(index: number, fn: Node): void {
    const entity = this.facts.entities[index]!;
    const merged = mergeCallbacks(entity.callbackParams, declaredCallbacks(fn, this.source));
    if (merged) entity.callbackParams = merged;
    const params = mergeParams(entity.params, declaredParams(fn, this.source));
    if (params) entity.params = params;
    else delete entity.params;
  }

  /**
   * Records what entity `index` takes from its function node `fn`: the declared result type
   * (overloads that declare different results leave none: which one a call gets depends on
   * its arguments), and that a `this:` parameter of `fn` belongs to this entity.
   */
  private noteFunction(index: number, fn: Node): void {
    this.functionEntities.set(fn.startIndex, index);
    const entity = this.facts.entities[index]!;
    this.noteResult(entity, fn);
    if (entity.doc) this.noteDocumented(entity, fn);
  }

  /** The declared result of `fn`, one of `entity`'s overloads or call signatures: kept where all agree. */
  private noteResult(entity: EntityFact, fn: Node): void {
    const declared = typeNameOf(fn.childForFieldName("return_type"), this.source) ?? "";
    if (entity.returns === undefined) entity.returns = declared;
    else if (entity.returns !== declared) entity.returns = "";
  }

  /**
   * Another overload of entity `index`: when it is not deprecated, the entity is not either (a
   * `@deprecated` on one overload retires that way of calling it, not the function).
   */
  private overloadDoc(index: number, node: Node): void {
    const doc = this.facts.entities[index]!.doc;
    if (doc?.deprecated === undefined) return;
    const mark = this.markOf(node.startIndex);
    const exportStatement = mark.exported ? node.parent : null;
    const from = exportStatement?.type === "export_statement" ? exportStatement : node;
    if (jsDocBefore(this.source, from.startIndex, lineOf(from))?.deprecated === undefined) delete doc.deprecated;
  }

  /**
   * What a documented function's claims are checked against: its parameters' names, and
   * whether it gives back a value. A body without a value-returning `return` yet is marked
   * false here; its return statements, met later in document order, may set it.
   */
  private noteDocumented(entity: EntityFact, fn: Node): void {
    const names = parameterNames(fn, this.source);
    if (names) entity.paramNames = entity.paramNames ? [...new Set([...entity.paramNames, ...names])] : names;
    const result = fn.childForFieldName("return_type");
    if (result) {
      const type = textOf(result, this.source).replace(/^:\s*/, "").replace(/\s+/g, "");
      if (type === "never" || /^asserts\b/.test(type) || /\bis\b/.test(textOf(result, this.source))) return;
      entity.returnsValue = !VOID_RESULTS.has(type);
      return;
    }
    if (entity.returnsValue !== undefined) return;
    const body = fn.childForFieldName("body");
    if (!body) return;
    if (body.type !== "statement_block" || fn.type.startsWith("generator") || textOf(fn, this.source).slice(0, body.startIndex - fn.startIndex).includes("*")) {
      entity.returnsValue = true;
      return;
    }
    // An empty body or one that only throws is a stub to override, not a function that forgot its result.
    const first = body.firstNamedChild;
    if (!first || (first.type === "throw_statement" && body.namedChildCount === 1)) return;
    entity.returnsValue = false;
    this.documentedBodies.set(fn.startIndex, entity);
  }

  /** `return x` in a documented function's own body (not a callback's): it gives back a value. */
  private returnWithValue(node: Node): void {
    if (this.documentedBodies.size === 0) return;
    const caller = this.facts.entities[this.scope.caller];
    if (caller?.returnsValue !== false) return;
    const fn = enclosingFunction(node);
    const entity = fn && this.documentedBodies.get(fn.startIndex);
    if (entity) {
      entity.returnsValue = true;
      this.documentedBodies.delete(fn.startIndex);
    }
  }

  /**
   * `get req() { return this.#req }`: what the only `return` of a getter without a declared
   * result holds is what reading the getter gives (RETURNED, a variable of the getter).
   */
  private getterReturn(node: Node, value: Node): void {
    const getter = this.facts.entities[this.scope.caller];
    if (!getter?.accessor || getter.returns) return;
    const fn = enclosingFunction(node);
    if (!fn || fn.childForFieldName("return_type") || this.functionEntities.get(fn.startIndex) !== this.scope.caller) return;
    const own = fn.childForFieldName("body")?.descendantsOfType("return_statement").filter((r) => enclosingFunction(r)?.startIndex === fn.startIndex);
    if (own?.length !== 1) return;
    // `return this.#req ??= new Req()`: the field, as it now holds.
    const returned = heldValue(value);
    const held = returned.type === "augmented_assignment_expression" ? returned.childForFieldName("left") ?? returned : returned;
    this.typedVariable(RETURNED, null, held, node);
  }

  private markOf(start: number): ExportMark {
    return this.marks.get(start) ?? NOT_EXPORTED;
  }

  /** `class A …`, `abstract class`, and class expressions that are named or bound to a name. */
  private classDeclaration(node: Node, start: number): void {
    const binding = this.classBindings.get(start);
    const mark = binding?.mark ?? this.markOf(start);
    const nameNode = node.childForFieldName("name");
    if (nameNode) this.notRefs.add(nameNode.startIndex);
    const name = binding?.name ?? (nameNode ? textOf(nameNode, this.source) : mark.defaultExport ? "default" : undefined);
    // An anonymous class expression (a mixin's result): its members are not entities.
    if (name === undefined) return;
    const textStart = binding ? binding.start.startIndex : declarationTextStart(node);
    const index = this.addEntity("class", name, binding?.start ?? node, node, textStart, mark);
    let body: Node | undefined;
    for (const child of node.namedChildren) {
      if (child.type === "class_heritage") this.classHeritage(child, index);
      else if (child.type === "class_body") {
        body = child;
        for (const member of child.namedChildren) {
          if (CLASS_MEMBERS.has(member.type)) this.members.set(member.startIndex, index);
        }
      }
    }
    const declaredFrom = this.scope.caller;
    this.enter(index, index, node.endIndex);
    // Decorators and `extends mixin(…)` run where the class is declared, before its body
    // exists: their calls belong to that scope, their type references to the class.
    if (body) this.enter(index, declaredFrom, body.startIndex);
  }

  private interfaceDeclaration(node: Node, start: number): void {
    const nameNode = node.childForFieldName("name");
    if (!nameNode) return;
    this.notRefs.add(nameNode.startIndex);
    const index = this.addEntity("interface", textOf(nameNode, this.source), node, node, start, this.markOf(start));
    for (const child of node.namedChildren) {
      if (child.type === "extends_type_clause") this.heritageTypes(child, index, "extends");
    }
    this.typeMembers(node.childForFieldName("body"), index);
    this.enter(index, this.scope.caller, node.endIndex);
  }

  /** Type aliases and enums. */
  private typeDeclaration(node: Node, start: number): void {
    const nameNode = node.childForFieldName("name");
    if (!nameNode) return;
    this.notRefs.add(nameNode.startIndex);
    const index = this.addEntity("type", textOf(nameNode, this.source), node, node, start, this.markOf(start));
    if (node.type === "type_alias_declaration") {
      const value = node.childForFieldName("value");
      this.typeMembers(value, index);
      const typeParameters = (node.childForFieldName("type_parameters")?.namedChildren ?? []).map((p) => (p.type === "type_parameter" ? textOf(p.childForFieldName("name") ?? p, this.source) : ""));
      const entity = this.facts.entities[index]!;
      const { names, args } = aliasedTypes(value, typeParameters, this.source);
      if (names.length > 0) entity.aliasOf = names;
      const union = unionMembers(value, typeParameters, this.source);
      if (union) entity.unionOf = union.names;
      if (args || union?.args) entity.aliasArgs = { ...args, ...union?.args };
      // `type Handler = (c: Context) => void`: what a function declared as a Handler receives.
      const fnType = functionTypeOf(value, this.source);
      if (fnType) this.noteCallbacks(index, fnType);
      if (entity.params) entity.params = entity.params.map((type) => passedParameter(type, typeParameters));
    }
    this.enter(index, this.scope.caller, node.endIndex);
  }

  /**
   * The methods of an interface body or of `type X = { … }` (also `Base & { … }`), and its
   * properties of function type: the compiler binds `x.m()` with `x: X` to them, so they are
   * entities of X.
   */
  private typeMembers(body: Node | null, index: number): void {
    const bodies = body ? [body] : [];
    for (let next = bodies.pop(); next; next = bodies.pop()) {
      if (next.type === "intersection_type" || next.type === "parenthesized_type") {
        bodies.push(...next.namedChildren);
        continue;
      }
      if (next.type !== "interface_body" && next.type !== "object_type") continue;
      for (const member of next.namedChildren) {
        // `interface HandlerInterface { (path: string, handler: H): R }`: what a function passed
        // to one receives, and what calling one returns.
        if (member.type === "call_signature") {
          this.noteCallbacks(index, member);
          this.noteResult(this.facts.entities[index]!, member);
        }
        if (!TYPE_MEMBERS.has(member.type)) continue;
        const type = member.childForFieldName("type");
        if (member.type === "method_signature" || functionTypeOf(type, this.source) !== undefined || this.callable.callable(type)) {
          this.members.set(member.startIndex, index);
        } else {
          const literal = type && objectTypeOf(type, this.source);
          if (literal && holdsCallables(literal, this.callable, this.source)) this.typeHolders.set(member.startIndex, literal);
          else if (member.type === "property_signature") this.typeField(member, index);
        }
      }
    }
  }

  /**
   * A property of an interface or object type with a named type (`matches: Store<T>`): read
   * through it as a class's typed field is (`x.matches.get()`).
   */
  private typeField(member: Node, index: number): void {
    const nameNode = member.childForFieldName("name");
    const declared = nameNode && declaredType(member.childForFieldName("type"), this.source);
    if (declared) this.facts.vars.push({ scope: index, name: `this.${memberName(nameNode, this.source)}`, line: lineOf(member), ...declared });
  }

  /** `namespace A.B { … }`, `module M { … }`, `declare module "m" { … }`. */
  private moduleDeclaration(node: Node, start: number): void {
    const nameNode = node.childForFieldName("name");
    if (!nameNode) return;
    const name = nameNode.type === "string" ? nameText(nameNode, this.source) : compact(textOf(nameNode, this.source));
    const index = this.addEntity("module", name, node, node, start, this.markOf(start));
    this.enter(index, this.scope.caller, node.endIndex);
  }

  private functionDeclaration(node: Node, start: number): void {
    const mark = this.markOf(start);
    const nameNode = node.childForFieldName("name");
    const name = nameNode ? textOf(nameNode, this.source) : mark.defaultExport ? "default" : undefined;
    if (name === undefined) return;
    const qname = this.qnameOf(name);
    let index = this.signatures.get(qname);
    if (index !== undefined) {
      // The implementation after its overloads: one entity spanning them all.
      this.signatures.delete(qname);
      // Callers see the overloads only, so the implementation's looser parameters do not count.
      const entity = this.facts.entities[index]!;
      entity.endLine = endLineOf(node);
      if (mark.exported) entity.exported = true;
    } else {
      index = this.addEntity("function", name, node, node, start, mark);
      this.scopeLocal(index, node);
      this.noteCallbacks(index, node);
      this.noteFunction(index, node);
    }
    this.enter(index, index, node.endIndex);
  }

  /**
   * A local function declared by `declaration` (a `const`/`let`/`var` statement or a function
   * declaration) in a block or a callback narrower than its container's own body: its name is
   * in scope over that block only (EntityFact.scopeLines). `var` belongs to the function around
   * it, the others to their block.
   */
  private scopeLocal(index: number, declaration: Node | null): void {
    let block = declaration?.parent ?? null;
    if (declaration?.type === "variable_declaration") {
      while (block && !RETURNING.has(block.type) && block.type !== "program") block = block.parent;
      block = block?.type === "program" ? block : (block?.childForFieldName("body") ?? null);
    } else if (block?.type === "switch_case" || block?.type === "switch_default") block = block.parent;
    if (!block || block.type === "program" || block.type === "export_statement") return;
    const owner = block.type === "statement_block" ? block.parent : block;
    if (!owner || MODULE_BODIES.has(owner.type)) return;
    const entity = this.facts.entities[index]!;
    if (this.functionEntities.get(owner.startIndex) === entity.parent) return;
    entity.scopeLines = [lineOf(block), endLineOf(block)];
  }

  /** An overload or `declare function`: an entity until an implementation of the same name takes it over. */
  private functionSignature(node: Node, start: number): void {
    const nameNode = node.childForFieldName("name");
    if (!nameNode) return;
    const name = textOf(nameNode, this.source);
    const qname = this.qnameOf(name);
    let index = this.signatures.get(qname);
    if (index === undefined) {
      index = this.addEntity("function", name, node, node, start, this.markOf(start));
      this.signatures.set(qname, index);
    } else this.overloadDoc(index, node);
    this.noteCallbacks(index, node);
    this.noteFunction(index, node);
    this.enter(index, index, node.endIndex);
  }

  /** A named function expression that error recovery cut loose from its `function` declaration. */
  private recoveredFunction(node: Node): void {
    const nameNode = node.childForFieldName("name");
    if (!nameNode || node.parent?.type !== "ERROR") return;
    const index = this.addEntity("function", textOf(nameNode, this.source), node, node, node.startIndex, NOT_EXPORTED);
    this.noteCallbacks(index, node);
    this.noteFunction(index, node);
    this.enter(index, index, node.endIndex);
  }

  /** `const f = () => …`, `const A = class …`, `const x = require(…)`, `let x: Foo`. */
  private declarator(node: Node, start: number): void {
    const nameNode = node.childForFieldName("name");
    const written = node.childForFieldName("value");
    const value = written && heldValue(written);
    if (!nameNode || !value || !written) {
      if (nameNode) this.localVariable(nameNode, node);
      if (nameNode?.type === "identifier") this.typedVariable(nameNode, node.childForFieldName("type"), null, node);
      return;
    }
    // A function held by a name is an entity wherever it is declared: at module level, or as
    // a local of the function around it (`const helper = () => …`), whose calls are then its
    // own and whose callers call it, not that function. A function with no name (a callback)
    // stays transparent: its calls belong to the entity around it.
    const moduleLevel = atModuleLevel(node);
    if (nameNode.type === "identifier" && (FUNCTION_VALUES.has(value.type) || value.type === "class")) {
      const name = textOf(nameNode, this.source);
      const { from, mark } = this.declaredAt(node, start);
      if (value.type === "class") {
        this.classBindings.set(value.startIndex, { name, start: from, mark });
        return;
      }
      if (!moduleLevel) this.localVariable(nameNode, node);
      const index = this.addEntity("function", name, from, value, from.startIndex, mark);
      if (!moduleLevel) this.scopeLocal(index, node.parent);
      this.noteCallbacks(index, value);
      this.noteFunction(index, value);
      this.typedByName(value, node.childForFieldName("type"), index);
      this.enter(index, index, node.endIndex);
      return;
    }
    const binding = moduleBinding(nameNode, written, this.source);
    if (binding) {
      this.boundLoads.add(binding.call.startIndex);
      this.facts.imports.push({ line: lineOf(node), source: binding.source, names: binding.names, kind: binding.kind });
      return;
    }
    const annotation = node.childForFieldName("type");
    if (nameNode.type === "identifier" && moduleLevel && holdsCallable(annotation, value, this.source, this.callable)) {
      // A module-level variable holding a function by its declared type or by the wrapper that
      // makes it (`export const map: { (f): … } = internal.map`, `const map = dual(2, (…) => …)`):
      // how effect-style libraries write their whole API. Calls inside its value belong to it.
      // `export const sql: Sql = …`: a call of sql is its own, `sql.lit(…)` a member of Sql.
      this.typedVariable(nameNode, annotation, null, node);
      const { from, mark } = this.declaredAt(node, start);
      const index = this.addEntity("function", textOf(nameNode, this.source), from, node, from.startIndex, mark);
      this.enter(index, index, node.endIndex);
      // `export const map: {…} = internal.map` hands internal.map over as its own.
      this.valueUse(written);
      return;
    }
    const object = nameNode.type === "identifier" && moduleLevel ? namespaceObject(value, this.source) : undefined;
    if (object) {
      // `export const util = { normalize() {…} }`, `freeze({ create() {…} })`: callers call
      // `util.normalize(…)`, so the object holds its functions as a namespace does.
      const { from, mark } = this.declaredAt(node, start);
      const holder = this.objectHolder(object, textOf(nameNode, this.source), from, node, mark);
      // `const p: Provider = { … }`, `{ … } as Provider`: the compiler reads `p.m()` through
      // that type, not the literal, and so does the resolver (the typed variable comes first).
      if (annotation || written.type === "as_expression") this.typedVariable(nameNode, annotation, annotation ? null : written, node);
      const declared = annotation ? typeNameOf(annotation, this.source) : this.valueType(written);
      if (declared) this.objectTypes.set(holder, declared);
      return;
    }
    this.localVariable(nameNode, node);
    if (FUNCTION_VALUES.has(value.type)) this.typedByName(value, node.childForFieldName("type"), this.scope.caller, endLineOf(value));
    if (nameNode.type === "identifier") {
      this.typedVariable(nameNode, annotation, written, node);
      this.valueUse(written);
      if (moduleLevel) this.moduleVariable(nameNode, node, start, value);
    } else if (nameNode.type === "object_pattern" && !node.childForFieldName("type")) this.destructured(nameNode, value, node);
  }

  /**
   * `var res = Object.create(…)`, `var app = exports = module.exports = {}`: kept by name, so that
   * members assigned to it later make it an entity; a chain through `module.exports` exports it.
   */
  private moduleVariable(nameNode: Node, declarator: Node, start: number, written: Node): void {
    const name = textOf(nameNode, this.source);
    const { value, exportsModule } = chainedValue(written, this.source);
    if (exportsModule) this.facts.exports.push({ local: name, exported: "default", line: lineOf(declarator) });
    const { from, mark } = this.declaredAt(declarator, start);
    this.moduleVariables.set(name, { from, end: declarator, mark, value: heldValue(value) });
  }

  /**
   * An object namespace: an entity whose function-valued members are its children, named
   * `Holder.member`. Calls outside those members stay with the scope around it, as a plain
   * variable's value's do.
   */
  private objectHolder(object: Node, name: string, from: Node, end: Node, mark: ExportMark): number {
    const index = this.addEntity("module", name, from, end, from.startIndex, mark);
    this.facts.entities[index]!.object = true;
    for (const part of object.namedChildren) {
      // Accessors too, as a class's are: their bodies' calls are theirs, and a read calls them.
      if (part.type === "method_definition") this.members.set(part.startIndex, index);
      else if (part.type === "pair" && objectMember(part)) this.objectPairs.set(part.startIndex, index);
    }
    this.enter(index, this.scope.caller, end.endIndex);
    return index;
  }

  /**
   * In a method of an object namespace whose type is written, `this` is of that type, as the
   * compiler reads it (`const Proto: Omit<Set, "k"> = { f() { this.g() } }`), unless the method
   * declares its own `this:`.
   */
  private objectThis(holder: number, method: number, fn: Node): void {
    const type = this.objectTypes.get(holder);
    const first = fn.childForFieldName("parameters")?.namedChildren.find((p) => p.type !== "comment");
    if (type === undefined || first?.childForFieldName("pattern")?.type === "this") return;
    this.facts.vars.push({ scope: method, name: "this", type, line: lineOf(fn) });
  }

  /** `key: (…) => …`, `key: function …` of an object namespace, or a nested namespace `key: { … }`. */
  private objectPair(pair: Node, written: Node): void {
    const key = pair.childForFieldName("key")!;
    const name = memberName(key, this.source);
    const value = heldValue(written);
    if (value.type === "object") {
      this.objectHolder(value, name, pair, pair, NOT_EXPORTED);
      return;
    }
    // An arrow's `this` is not the object's: only function expressions are methods of it.
    const index = this.addEntity(value.type === "arrow_function" ? "function" : "method", name, pair, pair, pair.startIndex, NOT_EXPORTED);
    if (value.type !== "arrow_function") this.objectThis(this.scope.entity, index, value);
    this.noteCallbacks(index, value);
    this.noteFunction(index, value);
    this.enter(index, index, pair.endIndex);
  }

  /** `const { a, b: c } = this.state`: a holds what `this.state.a` holds, c what `this.state.b` does. */
  private destructured(pattern: Node, value: Node, at: Node): void {
    const path = dottedPath(value, this.source);
    if (!path) return;
    for (const [key, name] of destructuredNames(pattern, this.source)) {
      this.facts.vars.push({ scope: this.scope.caller, name, type: "", line: lineOf(at), fromPath: `${path}.${key}` });
    }
  }

  /** Where `const f = …` starts (at `const`, unless f is not the statement's first declarator) and how it is exported. */
  private declaredAt(declarator: Node, start: number): { from: Node; mark: ExportMark } {
    const statement = declarator.parent;
    const declaration = statement && statement.firstNamedChild?.startIndex === start ? statement : null;
    return { from: declaration ?? declarator, mark: statement ? this.markOf(statement.startIndex) : NOT_EXPORTED };
  }

  /**
   * `const x = …` inside a function, a callback or a block: x hides outer names from here to the
   * end of its block (`var`: of its function).
   */
  private localVariable(pattern: Node, declarator: Node): void {
    if (atModuleLevel(declarator)) return;
    const declaration = declarator.parent;
    const block = declaration?.type === "lexical_declaration" ? declaration.parent : null;
    // A `var` outside every function is the module's own binding, whatever block holds it.
    if (!block && this.scope.caller < 0) return;
    const until = block ? endLineOf(block) : undefined;
    for (const name of boundNames(pattern, this.source)) this.locals.push(localFact(this.scope.caller, name, lineOf(declarator), until));
  }

  /**
   * `x: Foo`, `x: Foo[]`, `x = new Foo()`, `x = y as Foo`; or `x = f()`, typed by what f declares
   * it returns; or `x = this.db`, `x = items[i]`, what that path holds, or one element of it.
   */
  private typedVariable(nameNode: Node | string, annotation: Node | null, written: Node | null, at: Node): void {
    const name = typeof nameNode === "string" ? nameNode : textOf(nameNode, this.source);
    const value = written && fallbackHead(written);
    const declared = declaredType(annotation, this.source) ?? (annotation || !value ? undefined : this.literalArrayType(value));
    const type = declared ? undefined : value ? this.valueType(value) : undefined;
    const variable: TypedVarFact = { scope: this.scope.caller, name, type: type ?? "", line: lineOf(at) };
    if (declared) this.facts.vars.push({ ...variable, ...declared });
    else if (type) this.facts.vars.push(variable);
    else if (!annotation && value) {
      const call = callUnder(value);
      if (call?.type === "call_expression") this.resultVars.push([variable, spanKey(call)]);
      else if (value.type === "member_expression" || value.type === "identifier") {
        // `const c = this._connection`, `const db = store.db`, `const sub = subscription`: what that path holds, read by the resolver.
        const fromPath = dottedPath(value, this.source);
        if (fromPath) this.facts.vars.push({ ...variable, fromPath });
      } else if (value.type === "subscript_expression") {
        const object = value.childForFieldName("object");
        const fromPath = object && dottedPath(object, this.source);
        if (fromPath) this.facts.vars.push({ ...variable, fromPath, element: true });
      }
    }
  }

  /** `[new Foo()]`: an array of what its first element evidently is. */
  private literalArrayType(value: Node): { type: string; collection: true } | undefined {
    const first = value.type === "array" ? value.firstNamedChild : null;
    const type = first ? this.valueType(first) : undefined;
    return type ? { type, collection: true } : undefined;
  }

  /**
   * `for (const x of this.items)`: the loop's variables hide outer names over the loop, and x is
   * one element of what the path holds.
   */
  private forOf(node: Node): void {
    const left = node.childForFieldName("left");
    const right = node.childForFieldName("right");
    if (!left || !right || !node.childForFieldName("kind")) return;
    if (this.scope.caller >= 0) {
      for (const name of boundNames(left, this.source)) this.locals.push(localFact(this.scope.caller, name, lineOf(node), endLineOf(node)));
    }
    if (node.childForFieldName("operator")?.type !== "of" || left.type !== "identifier") return;
    const fromPath = dottedPath(right, this.source);
    if (!fromPath) return;
    this.facts.vars.push({ scope: this.scope.caller, name: textOf(left, this.source), type: "", line: lineOf(node), fromPath, element: true, until: endLineOf(node) });
  }

  /** The type a value evidently has: `new Foo()`, `x as Foo`, `<Foo>x`. */
  private valueType(value: Node): string | undefined {
    switch (value.type) {
      case "new_expression": {
        const constructor = value.childForFieldName("constructor");
        return constructor ? dottedPath(constructor, this.source) : undefined;
      }
      case "as_expression":
        return typeNameOf(value.lastNamedChild, this.source);
      case "type_assertion":
        return typeNameOf(value.firstNamedChild?.firstNamedChild ?? null, this.source);
    }
    return undefined;
  }

  // ── classes ───────────────────────────────────────────────────────────────

  private classHeritage(heritage: Node, index: number): void {
    for (const clause of heritage.namedChildren) {
      if (clause.type === "implements_clause") this.heritageTypes(clause, index, "implements");
      else if (clause.type === "extends_clause") {
        for (const part of clause.namedChildren) {
          if (part.type !== "type_arguments") this.extendsValue(part, index);
        }
      } else {
        // JavaScript's grammar puts the extended expression straight into class_heritage.
        this.extendsValue(clause, index);
      }
    }
  }

  /** `extends Base`, `extends ns.Base`; a computed base (`extends mixin(X)`) names no class. */
  private extendsValue(value: Node, index: number): void {
    if (value.type !== "identifier" && value.type !== "member_expression") return;
    const name = dottedPath(value, this.source);
    if (name) this.facts.heritage.push({ entity: index, kind: "extends", name, line: lineOf(value) });
  }

  /** `implements C, D<T>` / interface `extends J, ns.K<T>`. */
  private heritageTypes(clause: Node, index: number, kind: "extends" | "implements"): void {
    for (const type of clause.namedChildren) {
      const nameNode = type.type === "generic_type" ? type.childForFieldName("name") : type;
      if (!nameNode || (nameNode.type !== "type_identifier" && nameNode.type !== "nested_type_identifier")) continue;
      this.notRefs.add(nameNode.startIndex);
      if (nameNode.type === "nested_type_identifier") this.nestedTypeEnd = Math.max(this.nestedTypeEnd, nameNode.endIndex);
      this.facts.heritage.push({ entity: index, kind, name: compact(textOf(nameNode, this.source)), line: lineOf(type) });
    }
  }

  /** A method, accessor, constructor, overload signature, or field of an entity class. */
  private member(node: Node, start: number): void {
    const literal = this.typeHolders.get(start);
    if (literal) return this.typeHolder(node, literal);
    const classIndex = this.members.get(start);
    if (classIndex === undefined) return;
    const nameNode = node.childForFieldName("name") ?? node.childForFieldName("property");
    if (!nameNode) return;
    const name = memberName(nameNode, this.source);
    const isField = node.type === "public_field_definition" || node.type === "field_definition";
    // A property or field declared with a function type is called as a method: `batch!: (fn) => void`,
    // also through an alias of this file (`get: Getter`), which leaves no parameters to read.
    const typed = node.type === "property_signature" || isField ? functionTypeOf(node.childForFieldName("type"), this.source) : undefined;
    const written = isField ? node.childForFieldName("value") : null;
    const value = written && heldValue(written);
    if (isField) {
      if (!value || !FUNCTION_VALUES.has(value.type)) {
        if (written) this.valueUse(written);
        if (!typed && !this.callable.callable(node.childForFieldName("type"))) {
          const annotation = node.childForFieldName("type");
          const declared = declaredType(annotation, this.source) ?? (written ? optionalType(this.valueType(written)) : undefined);
          if (declared) this.facts.vars.push({ scope: classIndex, name: `this.${name}`, line: lineOf(node), ...declared });
          return;
        }
      }
    }
    const key = `${classIndex}\0${name}`;
    let index = this.memberIndex.get(key);
    const parameters = typed ?? (value && FUNCTION_VALUES.has(value.type) ? value : node);
    if (index === undefined) {
      index = this.addEntity("method", name, node, node, declarationTextStart(node), NOT_EXPORTED);
      if (accessorKind(node, nameNode)) this.facts.entities[index]!.accessor = true;
      // `onError?: OnError`, `createHandlers: CreateHandlersInterface = (...hs) => …`: the named type says what a call of it passes.
      const named = !typed && (node.type === "property_signature" || isField) ? typeNameOf(node.childForFieldName("type"), this.source) : undefined;
      if (named) this.facts.entities[index]!.typedAs = named;
      this.objectThis(classIndex, index, node);
      this.memberIndex.set(key, index);
      this.noteCallbacks(index, parameters);
      this.noteFunction(index, parameters);
    } else {
      const entity = this.facts.entities[index]!;
      entity.endLine = Math.max(entity.endLine, endLineOf(node));
      // Another overload adds its view; an implementation after overloads is not seen by callers.
      if (node.type === "method_signature" || node.type === "abstract_method_signature") {
        this.overloadDoc(index, node);
        this.noteCallbacks(index, parameters);
        this.noteFunction(index, parameters);
      } else if (accessorKind(node, nameNode) === "get") {
        // `set x(v)` then `get x(): T`: reading x gives what the getter declares, or returns.
        const declared = typeNameOf(node.childForFieldName("return_type"), this.source);
        if (declared) entity.returns = declared;
        this.functionEntities.set(node.startIndex, index);
      }
    }
    this.enter(index, index, node.endIndex);
  }

  /**
   * `hydrationScripts: { reserve: () => boolean }` in an interface or a type literal: the
   * property's type is an entity named by the property, holding its callable members, so
   * `ssr.hydrationScripts.reserve()` reaches them as the compiler binds it.
   */
  private typeHolder(node: Node, literal: Node): void {
    const nameNode = node.childForFieldName("name");
    if (!nameNode) return;
    const index = this.addEntity("type", memberName(nameNode, this.source), node, node, declarationTextStart(node), NOT_EXPORTED);
    this.typeMembers(literal, index);
    this.enter(index, this.scope.caller, node.endIndex);
  }

  // ── calls ─────────────────────────────────────────────────────────────────

  private call(node: Node, start: number): void {
    const fn = node.childForFieldName("function");
    if (!fn) return;
    if (fn.type === "import") {
      const specifier = dynamicImportSpecifier(node, this.source);
      if (specifier !== undefined && !this.boundLoads.has(start)) {
        this.facts.imports.push({ line: lineOf(node), source: specifier, names: [], kind: "dynamic" });
      }
      return;
    }
    if (fn.type === "identifier" && textOf(fn, this.source) === "require") {
      const specifier = requireSpecifier(node, this.source);
      if (specifier !== undefined) {
        if (!this.boundLoads.has(start)) {
          this.facts.imports.push({ line: lineOf(node), source: specifier, names: [], kind: "require" });
        }
        return;
      }
    }
    this.recordCall(fn, false, node);
  }

  private construct(node: Node): void {
    const constructor = node.childForFieldName("constructor");
    if (constructor) this.recordCall(constructor, true, node);
  }

  /**
   * A call fact for a callee written as a name or a member; nothing for other callees. The
   * functions among its arguments give their unannotated parameters callback types, except
   * through call/apply, whose arguments are shifted.
   */
  private recordCall(callee: Node, isNew: boolean, call: Node): void {
    let target = callee;
    if (target.type === "non_null_expression") target = target.firstNamedChild ?? target;
    let nameNode: Node | null = null;
    let object: Node | null = null;
    let indirect = false;
    let required: string | undefined;
    if (target.type === "identifier" || target.type === "super") {
      nameNode = target;
    } else if (target.type === "call_expression" && !isNew) {
      // `require('./boot')(app)`: the module's whole value, called.
      required = this.inlineRequire(target);
      if (required === undefined) return;
      nameNode = target;
    } else if (target.type === "member_expression") {
      nameNode = target.childForFieldName("property");
      object = target.childForFieldName("object");
      // `require('./x').a(…)`: a member of the module, as `const x = require('./x'); x.a(…)`.
      const loaded = object?.type === "call_expression" ? this.inlineRequire(object) : undefined;
      if (loaded !== undefined) {
        required = loaded;
        object = null;
      }
      // `this.onClose.bind(this)` hands onClose over without calling it.
      if (!isNew && nameNode && object && textOf(nameNode, this.source) === "bind") this.valueUse(object);
      if (!isNew && nameNode && object && INDIRECT_CALLS.has(textOf(nameNode, this.source))) {
        indirect = true;
        // f.call(…) / a.f.apply(…): the call goes to f.
        if (object.type === "identifier") {
          nameNode = object;
          object = null;
        } else if (object.type === "member_expression") {
          nameNode = object.childForFieldName("property");
          object = object.childForFieldName("object");
        }
      }
    }
    if (!nameNode) return;
    // The callee's chain is the call's receiver, which the call's own fact reads.
    this.chainStart = callee.startIndex;
    const fact: CallFact = { from: this.scope.caller, line: lineOf(nameNode), callee: required !== undefined && !object && nameNode === target ? required : textOf(nameNode, this.source) };
    if (object) fact.receiver = dottedPath(object, this.source) ?? "?";
    else if (required !== undefined && nameNode !== target) fact.receiver = required;
    if (isNew) fact.isNew = true;
    const index = this.facts.calls.push(fact) - 1;
    this.callsBySpan.set(spanKey(call), index);
    const resultOf = object && !indirect ? callUnder(object) : undefined;
    if (resultOf) this.receiverCalls.push([index, spanKey(resultOf)]);
    const asserted = object && !indirect ? assertedType(object, this.source) : undefined;
    if (asserted) fact.receiverType = asserted;
    const args = call.childForFieldName("arguments");
    if (!indirect && args) this.callbackVariables(args, index);
  }

  /**
   * A `require('./x')` used in place (its member called, or itself): an import binding the module
   * under a name no code can write (`require#1`), which the call then names.
   */
  private inlineRequire(call: Node): string | undefined {
    // Read off the text first: `expect(x).toBe(y)` is far more common, and asking the tree costs.
    if (!this.source.startsWith("require", call.startIndex)) return undefined;
    const source = requireSpecifier(call, this.source);
    if (source === undefined) return undefined;
    const local = `require#${++this.inlineRequires}`;
    this.boundLoads.add(call.startIndex);
    this.facts.imports.push({ line: lineOf(call), source, names: [{ imported: "*", local }], kind: "require" });
    return local;
  }

  private callbackVariables(args: Node, call: number): void {
    const scope = this.scope.caller;
    for (const param of callbackParameters(args, this.source)) {
      const { name, arg, line, until, property } = param;
      const slot: CallbackSlot = { call, arg, param: param.param, until };
      if (property !== undefined) slot.property = property;
      this.facts.vars.push({ scope, name, type: "", line, fromCallback: slot });
    }
  }

  // ── modules ───────────────────────────────────────────────────────────────

  private importStatement(node: Node): void {
    const fact = importStatementFact(node, this.source);
    if (fact) this.facts.imports.push(fact);
  }

  private exportStatement(node: Node): void {
    const reexport = reexportFact(node, this.source);
    if (reexport) {
      this.facts.imports.push(reexport);
      return;
    }
    const mark: ExportMark = { exported: true, defaultExport: hasDefaultKeyword(node) };
    const declaration = node.childForFieldName("declaration");
    if (declaration?.type === "ambient_declaration") {
      for (const inner of declaration.namedChildren) this.marks.set(inner.startIndex, mark);
    } else if (declaration) {
      this.marks.set(declaration.startIndex, mark);
    }
    const value = node.childForFieldName("value");
    if (value) this.defaultValue(heldValue(value), mark);
    for (const child of node.namedChildren) {
      if (child.type === "export_clause") this.facts.exports.push(...exportClauseFacts(child, this.source));
      else if (child.type === "identifier" && child.startIndex !== value?.startIndex) {
        // TS `export = name`.
        this.facts.exports.push({ local: textOf(child, this.source), exported: "default", line: lineOf(child) });
        this.valueUse(child);
      }
    }
  }

  /** `export default <expression>`. */
  private defaultValue(value: Node, mark: ExportMark): void {
    this.valueUse(value);
    if (value.type === "identifier") {
      this.facts.exports.push({ local: textOf(value, this.source), exported: "default", line: lineOf(value) });
    } else if (FUNCTION_VALUES.has(value.type)) {
      this.functionValue(value, "default", mark);
    } else if (value.type === "class") {
      this.marks.set(value.startIndex, mark);
    } else {
      const object = namespaceObject(value, this.source);
      if (object) this.objectHolder(object, "default", value, value, mark);
    }
  }

  /** A function expression that is a module export: named by itself, else by `fallbackName`. */
  private functionValue(value: Node, fallbackName: string, mark: ExportMark): void {
    const nameNode = value.childForFieldName("name");
    const name = nameNode ? textOf(nameNode, this.source) : fallbackName;
    const index = this.addEntity("function", name, value, value, value.startIndex, mark);
    this.noteCallbacks(index, value);
    this.enter(index, index, value.endIndex);
  }

  /**
   * `x = helper`, `this.cb = this.onDone`; CommonJS `module.exports = …` / `exports.x = …`; a
   * member assigned at module level (`res.send = function send(…)`, `View.prototype.render = …`).
   */
  private assignment(node: Node): void {
    const written = node.childForFieldName("right");
    if (written) this.valueUse(written);
    const left = node.childForFieldName("left");
    const right = written && heldValue(written);
    if (!right || (left?.type !== "member_expression" && left?.type !== "subscript_expression")) return;
    const exported = commonJsExportName(left, this.source);
    if (exported === undefined) return this.memberAssignment(node, left, right);
    const line = lineOf(node);
    if (right.type === "identifier") {
      this.facts.exports.push({ local: textOf(right, this.source), exported, line });
    } else if (FUNCTION_VALUES.has(right.type)) {
      const mark = { exported: true, defaultExport: exported === "default" };
      if (exported === "default") this.functionValue(right, "default", mark);
      else {
        // `exports.x = function y() {}` is imported as x, whatever the expression calls itself;
        // `exports.a = exports.x = …` as a too.
        const chain = assignmentChain(node);
        const index = this.addEntity("function", exported, chain?.statement ?? node, right, node.startIndex, mark);
        const aliases = (chain?.outer ?? []).flatMap((outer) => {
          const name = commonJsExportName(outer, this.source);
          return name === undefined || name === "default" || name === exported ? [] : [name];
        });
        if (aliases.length > 0) this.facts.entities[index]!.aliases = aliases;
        this.noteCallbacks(index, right);
        this.enter(index, index, right.endIndex);
      }
    } else if (right.type === "call_expression") {
      this.exportedRequire(right, exported, line);
    } else if (exported === "default" && right.type === "object") {
      // `module.exports = { parse(…) {…} }`: the object is the module, its functions its members.
      const object = namespaceObject(right, this.source);
      if (object) this.objectHolder(object, "default", assignmentChain(node)?.statement ?? node, right, { exported: true, defaultExport: true });
      this.exportedObject(right, line);
    }
  }

  /**
   * `module.exports = require('./x')` exports what x exports, its whole value included;
   * `exports.y = require('./x')` exports x's module as y.
   */
  private exportedRequire(call: Node, exported: string, line: number): void {
    const source = requireSpecifier(call, this.source);
    if (source === undefined) return;
    this.boundLoads.add(call.startIndex);
    const names = exported === "default" ? [{ imported: "*", local: "" }, { imported: "default", local: "default" }] : [{ imported: "*", local: exported }];
    this.facts.imports.push({ line, source, names, kind: "reexport" });
  }

  /**
   * `res.send = function send(…)` (also `req.get = req.header = function header(…)`),
   * `View.prototype.render = function …`, `View.prototype = { … }`, written as a statement at
   * the file's top: a member of what the file declares by that name (a class; a function, then
   * a constructor; a variable, then an object holding its members). Another module's object
   * patched here is left alone.
   */
  private memberAssignment(node: Node, left: Node, right: Node): void {
    // Inside a function or class (the common case), and `this.x = …`, known without asking the tree, which costs.
    if (this.scope.entity !== -1 || this.source.startsWith("this.", left.startIndex) || this.source.startsWith("this[", left.startIndex)) return;
    const target = memberTarget(left, this.source);
    if (!target) return;
    const chain = assignmentChain(node);
    if (chain?.statement.parent?.type !== "program") return;
    if (target.name === "prototype" && !target.prototype) {
      const holder = right.type === "object" ? this.memberHolder(target.object, true) : undefined;
      if (holder !== undefined) this.prototypeObject(holder, right);
      return;
    }
    if (!FUNCTION_VALUES.has(right.type)) return;
    const holder = this.memberHolder(target.object, target.prototype);
    if (holder === undefined) return;
    const aliases = chain.outer.flatMap((outer) => {
      const other = memberTarget(outer, this.source);
      return other && other.object === target.object && other.prototype === target.prototype && other.name !== target.name ? [other.name] : [];
    });
    this.enter(holder, this.scope.caller, right.endIndex);
    // An arrow's `this` is not the object's: only function expressions are its methods.
    const index = this.addEntity(right.type === "arrow_function" ? "function" : "method", target.name, chain.statement, right, node.startIndex, NOT_EXPORTED);
    if (aliases.length > 0) this.facts.entities[index]!.aliases = aliases;
    this.noteCallbacks(index, right);
    this.noteFunction(index, right);
    this.enter(index, index, right.endIndex);
  }

  /**
   * The entity named `name` at the file's top that members assigned to it belong to: a class,
   * an object, or a function whose prototype the file writes (it is then a class: `new View()`
   * makes one, `view.render()` calls its member). A variable becomes an object entity here.
   */
  private memberHolder(name: string, prototype: boolean): number | undefined {
    const declared = (this.topLevelNames.get(name) ?? []).filter((i) => !this.facts.entities[i]!.scopeLines);
    const known = declared[declared.length - 1];
    if (known !== undefined) {
      const entity = this.facts.entities[known]!;
      // A function's own static members are no names in its body: only a constructor's are kept.
      if (entity.kind === "function" && (prototype || this.writesPrototype(name))) entity.kind = "class";
      // A namespace's names are in scope inside it: a property assigned from outside is none of them.
      return entity.kind === "class" || entity.object ? known : undefined;
    }
    const variable = prototype ? undefined : this.moduleVariables.get(name);
    if (!variable) return undefined;
    this.moduleVariables.delete(name);
    const index = this.addEntity("module", name, variable.from, variable.end, variable.from.startIndex, variable.mark);
    this.facts.entities[index]!.object = true;
    // `Object.create(http.ServerResponse.prototype)`: what it does not hold, its prototype does.
    const base = createdFrom(variable.value, this.source);
    if (base) this.facts.heritage.push({ entity: index, kind: "extends", name: base, line: lineOf(variable.end) });
    return index;
  }

  /** Whether the file writes `name.prototype` anywhere: a function's static member seen before its prototype's. */
  private writesPrototype(name: string): boolean {
    let writes = this.prototypeWritten.get(name);
    if (writes === undefined) this.prototypeWritten.set(name, (writes = this.source.includes(`${name}.prototype`)));
    return writes;
  }

  /** `View.prototype = { render() {…}, lookup: function () {…} }`: its functions are View's methods. */
  private prototypeObject(holder: number, object: Node): void {
    for (const part of object.namedChildren) {
      if (part.type === "method_definition") this.members.set(part.startIndex, holder);
      else if (part.type === "pair" && objectMember(part)) this.objectPairs.set(part.startIndex, holder);
    }
    this.enter(holder, this.scope.caller, object.endIndex);
  }

  /** `module.exports = { a, b: c }`. */
  private exportedObject(object: Node, line: number): void {
    for (const part of object.namedChildren) {
      if (part.type === "shorthand_property_identifier") {
        const name = textOf(part, this.source);
        this.facts.exports.push({ local: name, exported: name, line });
      } else if (part.type === "pair") {
        const key = part.childForFieldName("key");
        const value = part.childForFieldName("value");
        if (key && value?.type === "identifier") {
          this.facts.exports.push({ local: textOf(value, this.source), exported: nameText(key, this.source), line });
        }
      }
    }
  }

  // ── types and variables ───────────────────────────────────────────────────

  private parameter(node: Node): void {
    const pattern = node.childForFieldName("pattern");
    if (pattern?.type === "this") return this.thisParameter(node);
    if (pattern?.type === "object_pattern") {
      const annotation = node.childForFieldName("type");
      const type = typeNameOf(annotation, this.source);
      const owner = node.parent?.parent && this.functionEntities.get(node.parent.parent.startIndex);
      const until = owner === undefined && node.parent?.parent ? endLineOf(node.parent.parent) : undefined;
      const at: TypedVarFact = { scope: owner ?? this.scope.caller, name: "", type: type ?? "", line: lineOf(node), ...(until === undefined ? {} : { until }) };
      if (type) this.destructuredOf(pattern, at);
      else this.destructuredFromLiteral(pattern, literalPropertyTypes(annotation, this.source), at);
      return;
    }
    if (pattern?.type !== "identifier") return;
    const annotation = node.childForFieldName("type");
    const declared = declaredType(annotation, this.source);
    if (!declared) {
      if (annotation) this.literalParameter(node, textOf(pattern, this.source), annotation);
      return;
    }
    // `<R extends AnyRouter>(router: R)`: what the function may do with router is AnyRouter's.
    const bound = node.parent?.parent ? typeBounds(node.parent.parent, this.source).get(declared.type) : undefined;
    if (bound) {
      const type = typeNameOf(bound, this.source);
      if (!type) return;
      declared.type = type;
    }
    const name = textOf(pattern, this.source);
    const line = lineOf(node);
    // A parameter of a function that is no entity (a callback, a local arrow, a function type)
    // holds over that function's lines only, not over the whole scope around it.
    const fn = node.parent?.parent;
    const until = fn && !this.functionEntities.has(fn.startIndex) ? endLineOf(fn) : undefined;
    this.facts.vars.push({ scope: this.scope.caller, name, line, ...declared, ...(until === undefined ? {} : { until }) });
    const classIndex = this.parameterPropertyOwner(node);
    if (classIndex !== undefined) this.facts.vars.push({ scope: classIndex, name: `this.${name}`, line, ...declared });
  }

  /**
   * A function written where a named type declares it (`const h: Handler = (c) => …`): its
   * unannotated parameters are that type's, read by the resolver through the alias.
   */
  private typedByName(fn: Node, annotation: Node | null, scope: number, until?: number): void {
    const type = typeNameOf(annotation, this.source);
    if (!type) return;
    const typeArgs = typeArgumentNames(annotation, this.source);
    const single = fn.childForFieldName("parameter");
    const params = single ? [single] : fn.childForFieldName("parameters")?.namedChildren.filter((p) => p.type !== "comment") ?? [];
    params.forEach((param, parameterOf) => {
      const pattern = param.type === "required_parameter" || param.type === "optional_parameter" ? param.childForFieldName("pattern") : param;
      if (!pattern || param.childForFieldName("type")) return;
      const variable: TypedVarFact = { scope, name: "", type, line: lineOf(param), parameterOf };
      if (until !== undefined) variable.until = until;
      if (typeArgs) variable.typeArgs = typeArgs;
      if (pattern.type === "identifier") this.facts.vars.push({ ...variable, name: textOf(pattern, this.source) });
      else if (pattern.type === "object_pattern") this.destructuredOf(pattern, variable);
    });
  }

  /** `function f(): Handler { return (c) => … }`: the returned function's parameters are Handler's. */
  private returnedFunction(fn: Node, value: Node): void {
    const returned = heldValue(value);
    if (FUNCTION_VALUES.has(returned.type)) this.typedByName(returned, fn.childForFieldName("return_type"), this.scope.caller, endLineOf(returned));
  }

  /** `{ api, refetch: r }` of a value `typed` describes: each name is that property of it. */
  private destructuredOf(pattern: Node, typed: TypedVarFact): void {
    for (const [property, name] of destructuredNames(pattern, this.source)) this.facts.vars.push({ ...typed, name, property });
  }

  /** `({ api, context: { defs } }: { api: Api; context: Ctx })`: typed by the literal's properties. */
  private destructuredFromLiteral(pattern: Node, types: Map<string, DeclaredType> | undefined, at: TypedVarFact): void {
    if (!types) return;
    for (const [path, name] of destructuredNames(pattern, this.source)) {
      const dot = path.indexOf(".");
      const declared = types.get(dot < 0 ? path : path.slice(0, dot));
      if (!declared) continue;
      if (dot < 0) this.facts.vars.push({ ...at, name, ...declared });
      else if (!declared.collection) {
        const rest = path.slice(dot + 1);
        this.facts.vars.push({ ...at, name, type: declared.type, property: declared.typeOfProperty === undefined ? rest : `${declared.typeOfProperty}.${rest}` });
      }
    }
  }

  /**
   * `function withTimeout(opts: { onTimeout: () => T }) { opts.onTimeout() }`: the parameter's
   * object type is a type entity of the function, named by the parameter, holding its callable
   * members, and the parameter is of that type, so the function's own calls reach them. Only
   * for a function with a body: elsewhere (a signature, a function type) nothing calls them.
   */
  private literalParameter(node: Node, name: string, annotation: Node): void {
    const fn = node.parent?.parent;
    const owner = fn && this.functionEntities.get(fn.startIndex);
    if (owner === undefined || owner !== this.scope.entity || !fn!.childForFieldName("body")) return;
    const literal = objectTypeOf(annotation, this.source);
    if (!literal || !holdsCallables(literal, this.callable, this.source)) return;
    this.facts.vars.push({ scope: owner, name, type: name, line: lineOf(node) });
    const index = this.addEntity("type", name, node, node, node.startIndex, NOT_EXPORTED);
    this.typeMembers(literal, index);
    this.enter(index, this.scope.caller, node.endIndex);
  }

  /**
   * The names a parameter pattern binds, local to its function: the function's own entity when
   * it is one, else (a callback) the enclosing scope over the function's lines only.
   */
  private bindsNames(pattern: Node, fn: Node): void {
    const owner = this.functionEntities.get(fn.startIndex);
    const [scope, until] = owner !== undefined ? [owner, undefined] : [this.scope.caller, endLineOf(fn)];
    for (const name of boundNames(pattern, this.source)) this.locals.push(localFact(scope, name, lineOf(fn), until));
  }

  /**
   * `function (this: Foo, …)`: inside that function, `this` is a Foo. A function that is an
   * entity owns the binding; a function expression passed as an argument shares its caller's
   * scope, so there the binding holds only over its own lines.
   */
  private thisParameter(node: Node): void {
    const fn = node.parent?.parent;
    const type = typeNameOf(node.childForFieldName("type"), this.source);
    if (!fn || !type) return;
    const owner = this.functionEntities.get(fn.startIndex);
    if (owner !== undefined) this.facts.vars.push({ scope: owner, name: "this", type, line: lineOf(node) });
    else this.facts.vars.push({ scope: this.scope.caller, name: "this", type, line: lineOf(fn), until: endLineOf(fn) });
  }

  /** The class that `constructor(private db: Db)` declares a field on, if this is such a parameter. */
  private parameterPropertyOwner(node: Node): number | undefined {
    const method = this.facts.entities[this.scope.caller];
    if (!method || method.kind !== "method" || method.name !== "constructor") return undefined;
    for (const child of node.children) {
      const type = child.type;
      if (type === "accessibility_modifier" || type === "readonly" || type === "override_modifier") return method.parent;
      if (type === "identifier" || type === "type_annotation") break;
    }
    return undefined;
  }

  /**
   * A name or a dotted path where `expression` is a value, not called: a reference that hands
   * over what it names, if it names a function, method or class (settled in finish and by the
   * resolver). Either branch of `a ? f : g` and each operand of `f || g` may be the value.
   */
  private valueUse(expression: Node): void {
    const pending = [expression];
    for (let node = pending.pop(); node; node = pending.pop()) {
      const value = heldValue(node);
      if (value.type === "identifier" || value.type === "member_expression" || value.type === "shorthand_property_identifier") {
        const name = value.type === "shorthand_property_identifier" ? textOf(value, this.source) : dottedPath(value, this.source);
        if (name !== undefined && name !== "this" && name !== "super") this.valueRef(name, lineOf(value));
      } else if (value.type === "ternary_expression") {
        for (const branch of [value.childForFieldName("consequence"), value.childForFieldName("alternative")]) if (branch) pending.push(branch);
      } else if (value.type === "binary_expression" && VALUE_OPERATORS.has(value.childForFieldName("operator")?.type ?? "")) {
        for (const operand of [value.childForFieldName("left"), value.childForFieldName("right")]) if (operand) pending.push(operand);
      }
    }
  }

  /**
   * A member chain read, neither called nor handed over (`c.req.url`, `if (this.size)`, an
   * assignment's target): the resolver calls the getters it reads.
   */
  private memberRead(node: Node, start: number): void {
    if (start === this.chainStart) return;
    const path = dottedPath(node, this.source);
    if (path === undefined || path.startsWith("super.")) return;
    this.chainStart = start;
    const from = this.scope.caller;
    const line = lineOf(node);
    const key = `${from}\0${path}\0${line}`;
    if (this.valueKeys.has(key) || this.readKeys.has(key)) return;
    this.readKeys.add(key);
    (this.facts.reads ??= []).push([from, path, line]);
  }

  private valueRef(name: string, line: number): void {
    const from = this.scope.caller;
    const key = `${from}\0${name}\0${line}`;
    if (this.valueKeys.has(key)) return;
    this.valueKeys.add(key);
    this.facts.refs.push({ from, name, line, value: true });
  }

  /** One reference per (entity, name, line); nodes arrive in line order, so only the current line is remembered. */
  private typeRef(node: Node, name: string): void {
    const from = this.scope.entity;
    const line = lineOf(node);
    if (line !== this.refLine) {
      this.refLine = line;
      this.refKeys.clear();
    }
    const key = from === -1 ? name : `${from} ${name}`;
    if (this.refKeys.has(key)) return;
    this.refKeys.add(key);
    this.facts.refs.push({ from, name, line });
  }

  /** `<T, out U extends X>`: the names are type variables. */
  private typeParameters(node: Node): void {
    for (const child of node.namedChildren) {
      if (child.type === "type_parameter") {
        const name = child.childForFieldName("name");
        if (name) this.typeVariables.add(textOf(name, this.source));
      } else if (child.type === "ERROR") {
        // `<out T>`: tree-sitter-typescript 0.23.2 leaves the variance's name in an ERROR node.
        for (const part of child.namedChildren) {
          if (part.type === "identifier" || part.type === "type_identifier") this.typeVariables.add(textOf(part, this.source));
        }
      }
    }
  }

  /** `infer U`, `[K in keyof T]`. */
  private typeVariable(node: Node): void {
    const name = node.childForFieldName("name") ?? node.firstNamedChild;
    if (name?.type === "type_identifier") this.typeVariables.add(textOf(name, this.source));
  }
}

/** What a declaration's type says of the variable: TypedVarFact's fields of the same names. */
type DeclaredType = { type: string; collection?: true; typeArgs?: string[]; typeOfProperty?: string };

/**
 * A declared type: a named one (with its generic arguments' names), a collection of one
 * (`Foo[]`, `Array<Foo>`: elements of type Foo), or a property's (`Router['ssr']`).
 */
function declaredType(annotation: Node | null, source: string): DeclaredType | undefined {
  const element = elementTypeOf(annotation, source);
  if (element) return { type: element, collection: true };
  const declared = optionalType(typeNameOf(annotation, source));
  if (!declared) return indexedTypeOf(annotation, source);
  const typeArgs = typeArgumentNames(annotation, source);
  return typeArgs ? { ...declared, typeArgs } : declared;
}

/**
 * The named types a type alias stands for, whose members are its members: `type A = B<T>` is
 * B, `type A = B & C & { … }` is B and C. A union names none: which member holds is unknown.
 */
function aliasedTypes(value: Node | null, typeParameters: readonly string[], source: string): { names: string[]; args?: Record<string, string[]> } {
  const parts = value ? [value] : [];
  const names: string[] = [];
  let args: Record<string, string[]> | undefined;
  for (let part = parts.pop(); part; part = parts.pop()) {
    if (part.type === "intersection_type" || part.type === "parenthesized_type") parts.push(...part.namedChildren);
    else if (part.type !== "object_type") {
      const name = typeNameOf(part, source);
      if (!name) continue;
      // `type PickAsRequired<T, K> = Omit<T, K> & …` passes its first argument through: "<0>".
      const passed = passedParameter(name, typeParameters);
      names.push(passed);
      const written = passed === name ? typeArgumentNames(part, source) : undefined;
      if (written) (args ??= {})[name] = written.map((arg) => passedParameter(arg, typeParameters));
    }
  }
  return args ? { names: [...new Set(names.reverse())], args } : { names: [...new Set(names.reverse())] };
}

/** A type alias's own type parameter as "<i>", any other name as it is. */
function passedParameter(type: string, typeParameters: readonly string[]): string {
  const position = type === "" ? -1 : typeParameters.indexOf(type);
  return position < 0 ? type : `<${position}>`;
}

/** The function a `return` statement returns from. */
/** Declared results that give back nothing. */
const VOID_RESULTS = new Set(["void", "undefined", "Promise<void>", "Promise<undefined>", "PromiseLike<void>"]);

/**
 * A function's parameters by name, `this` left out: "...rest" for a rest parameter, "{}" for a
 * destructured one; undefined when the node declares none (a field typed by an alias).
 */
function parameterNames(fn: Node, source: string): string[] | undefined {
  const single = fn.childForFieldName("parameter");
  if (single) return [patternName(single, source)];
  const list = fn.childForFieldName("parameters");
  if (!list) return undefined;
  const names: string[] = [];
  for (const param of list.namedChildren) {
    if (param.type === "comment") continue;
    const pattern = param.type === "required_parameter" || param.type === "optional_parameter" ? param.childForFieldName("pattern") : param;
    if (!pattern || pattern.type === "this") continue;
    names.push(patternName(pattern, source));
  }
  return names;
}

function patternName(pattern: Node, source: string): string {
  switch (pattern.type) {
    case "identifier":
      return textOf(pattern, source);
    case "rest_pattern": {
      const inner = pattern.firstNamedChild;
      return inner?.type === "identifier" ? `...${textOf(inner, source)}` : "{}";
    }
    case "assignment_pattern": {
      const left = pattern.childForFieldName("left");
      return left ? patternName(left, source) : "{}";
    }
    default:
      return "{}";
  }
}

function enclosingFunction(node: Node): Node | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (RETURNING.has(current.type)) return current;
    if (current.type === "class_body" || current.type === "program") return undefined;
  }
  return undefined;
}

/** Nodes whose body is module level: a local function there is none. */
const MODULE_BODIES = new Set(["internal_module", "module", "ambient_declaration", "program"]);

const RETURNING = new Set(["function_declaration", "generator_function_declaration", "function_expression", "arrow_function", "method_definition", "function", "generator_function"]);

/**
 * `opts.encoder ?? jsonEncoder`, `a || b`: the value is the left operand's where that is set,
 * and the fallback is, in practice, of its type.
 */
function fallbackHead(value: Node): Node {
  let current = value;
  for (let depth = 0; depth < 4 && current.type === "binary_expression"; depth++) {
    const operator = current.childForFieldName("operator")?.type;
    const left = current.childForFieldName("left");
    if ((operator !== "??" && operator !== "||") || !left) break;
    current = left;
  }
  return current;
}

/** The plainly named properties an object pattern binds: `{ a, b: c, d = 1 }` → a→a, b→c, d→d. */
function destructuredNames(pattern: Node, source: string, prefix = "", depth = 0): [key: string, name: string][] {
  const names: [string, string][] = [];
  for (const part of pattern.namedChildren) {
    let key: Node | null = null;
    let name: Node | null = null;
    if (part.type === "shorthand_property_identifier_pattern") key = name = part;
    else if (part.type === "pair_pattern") {
      key = part.childForFieldName("key");
      name = part.childForFieldName("value");
    } else if (part.type === "object_assignment_pattern") {
      const left = part.childForFieldName("left");
      if (left?.type === "shorthand_property_identifier_pattern") key = name = left;
    }
    if (key?.type !== "property_identifier" && key?.type !== "shorthand_property_identifier_pattern") continue;
    // `{ selectors: { selectEntry } }`: selectEntry is selectors.selectEntry (a few levels deep).
    if (name?.type === "object_pattern" && depth < 3) names.push(...destructuredNames(name, source, `${prefix}${textOf(key, source)}.`, depth + 1));
    if (name?.type !== "identifier" && name?.type !== "shorthand_property_identifier_pattern") continue;
    names.push([prefix + textOf(key, source), textOf(name, source)]);
  }
  return names;
}

/** `{ api: Api; items: Item[] }` written as a parameter's type: each property's declared type. */
function literalPropertyTypes(annotation: Node | null, source: string): Map<string, DeclaredType> | undefined {
  let literal = annotation;
  while (literal && (literal.type === "type_annotation" || literal.type === "parenthesized_type")) literal = literal.firstNamedChild;
  if (literal?.type !== "object_type") return undefined;
  const types = new Map<string, DeclaredType>();
  for (const member of literal.namedChildren) {
    if (member.type !== "property_signature") continue;
    const name = member.childForFieldName("name");
    const declared = name && declaredType(member.childForFieldName("type"), source);
    if (declared) types.set(memberName(name, source), declared);
  }
  return types;
}

function optionalType(type: string | undefined): { type: string } | undefined {
  return type ? { type } : undefined;
}

/** The names a binding pattern introduces: `x`, `{ a, b: c }`, `[d, ...e]`, `f = 1`. */
function boundNames(pattern: Node, source: string): string[] {
  const names: string[] = [];
  depthFirst(pattern, (node) => {
    switch (node.type) {
      case "identifier":
      case "shorthand_property_identifier_pattern":
        names.push(textOf(node, source));
        return;
      case "assignment_pattern":
      case "object_assignment_pattern": {
        const left = node.childForFieldName("left") ?? node.firstNamedChild;
        return left ? [left] : undefined;
      }
      case "pair_pattern": {
        const value = node.childForFieldName("value");
        return value ? [value] : undefined;
      }
      case "object_pattern":
      case "array_pattern":
      case "rest_pattern":
        return node.namedChildren;
    }
  });
  return names;
}

/**
 * Whether a variable holds a function though its value is no function literal: its declared
 * type is a function type or has call signatures; or, undeclared, its value is a call of a
 * function-making helper (`dual(2, (self, f) => …)`, `Effect.fnUntraced(function* (a) …)`).
 * A function among the arguments is not enough: a helper that makes a function hands it its
 * own callers' arguments, so it is given a function that takes parameters, and it is called by
 * name or through a namespace. A thunk builds a value (`Effect.gen(function* () …)`,
 * `suspend(() => …)`), and a method of a built value returns one
 * (`z.string().refine(async (v) => …)`). Of effect's undeclared module-level variables that
 * are such calls, judged by the compiler, this keeps all 181 that hold a function and drops 19
 * of the 39 values that any function argument took for functions.
 */
function holdsCallable(annotation: Node | null, value: Node, source: string, callable: CallableTypes): boolean {
  if (annotation) return callable.callable(annotation);
  if (value.type !== "call_expression") return false;
  const callee = value.childForFieldName("function");
  if (!callee || dottedPath(callee, source) === undefined) return false;
  const method = callee.type === "member_expression" ? callee.childForFieldName("property") : callee;
  if (method && NOT_WRAPPERS.has(textOf(method, source))) return false;
  return value.childForFieldName("arguments")?.namedChildren.some((arg) => takesParameters(heldValue(arg))) ?? false;
}

/**
 * The object literal a module-level variable holds as a namespace of functions: written
 * directly or through `freeze(…)`/`Object.freeze(…)`, `as const`, `satisfies`, with at least one
 * member that is a function or a nested such object.
 */
function namespaceObject(value: Node, source: string): Node | undefined {
  let object = value;
  if (object.type === "call_expression") {
    const callee = object.childForFieldName("function");
    const path = callee ? dottedPath(callee, source) : undefined;
    const arg = object.childForFieldName("arguments")?.namedChildren.filter((a) => a.type !== "comment");
    if ((path !== "freeze" && path !== "Object.freeze") || arg?.length !== 1) return undefined;
    object = heldValue(arg[0]!);
  }
  return object.type === "object" && holdsFunctions(object) ? object : undefined;
}

function holdsFunctions(object: Node): boolean {
  return object.namedChildren.some((part) => part.type === "method_definition" || (part.type === "pair" && objectMember(part)));
}

/**
 * Whether a pair of an object namespace is a member: a key holding a function or a nested
 * namespace. A computed key is named as written (`[Symbol.iterator]`), as a class's is.
 */
function objectMember(pair: Node): boolean {
  const key = pair.childForFieldName("key");
  const written = pair.childForFieldName("value");
  if (!key || !written) return false;
  const value = heldValue(written);
  return FUNCTION_VALUES.has(value.type) || (value.type === "object" && holdsFunctions(value));
}

/**
 * The object type a property is declared with, under parentheses and `| undefined`; also an
 * intersection holding one (`Base & { f(): void }`), whose literal parts typeMembers reads.
 */
function objectTypeOf(annotation: Node, source: string): Node | undefined {
  let current: Node | null = annotation;
  for (let depth = 0; current && depth < 8; depth++) {
    switch (current.type) {
      case "type_annotation":
      case "parenthesized_type":
        current = current.firstNamedChild;
        break;
      case "union_type": {
        const members: Node[] = flattened(current).filter((m) => !isNullish(m, source));
        current = members.length === 1 ? members[0]! : null;
        break;
      }
      case "object_type":
        return current;
      case "intersection_type":
        return flattened(current).some((part) => unparenthesizedType(part).type === "object_type") ? current : undefined;
      default:
        return undefined;
    }
  }
  return undefined;
}

function unparenthesizedType(type: Node): Node {
  let current = type;
  while (current.type === "parenthesized_type" && current.firstNamedChild) current = current.firstNamedChild;
  return current;
}

/** Whether an object type (or an intersection of them) declares a member that can be called, at any depth. */
function holdsCallables(literal: Node, callable: CallableTypes, source: string): boolean {
  const pending = [literal];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.type !== "object_type") {
      for (const part of flattened(next)) {
        const inner = objectTypeOf(part, source);
        if (inner) pending.push(inner);
      }
      continue;
    }
    for (const member of next.namedChildren) {
      if (member.type === "method_signature") return true;
      if (member.type !== "property_signature") continue;
      const type = member.childForFieldName("type");
      if (functionTypeOf(type, source) !== undefined || callable.callable(type)) return true;
      const inner = type && objectTypeOf(type, source);
      if (inner) pending.push(inner);
    }
  }
  return false;
}

/** A function literal with at least one parameter. */
function takesParameters(value: Node): boolean {
  if (!FUNCTION_VALUES.has(value.type)) return false;
  if (value.childForFieldName("parameter")) return true;
  return (value.childForFieldName("parameters")?.namedChildren.some((p) => p.type !== "comment") ?? false);
}

/**
 * Whether a declarator's statement sits at module level: in the file itself, a namespace or an
 * ambient module (`declare module "m" { … }`, `declare global { … }`), exported or not.
 */
function atModuleLevel(declarator: Node): boolean {
  let holder = declarator.parent?.parent;
  while (holder?.type === "export_statement" || holder?.type === "ambient_declaration") holder = holder.parent;
  if (holder?.type === "program") return true;
  if (holder?.type !== "statement_block") return false;
  const owner = holder.parent?.type;
  return owner === "internal_module" || owner === "module" || owner === "ambient_declaration";
}


/** The value under type assertions and parentheses: `(function () {}) as any` holds a function. */
function heldValue(value: Node): Node {
  let current = value;
  for (let depth = 0; depth < 8; depth++) {
    switch (current.type) {
      case "as_expression":
      case "satisfies_expression":
      case "non_null_expression":
      case "parenthesized_expression":
        current = current.firstNamedChild ?? current;
        break;
      case "type_assertion":
        current = current.lastNamedChild ?? current;
        break;
      default:
        return current;
    }
  }
  return current;
}

function memberName(nameNode: Node, source: string): string {
  return nameNode.type === "string" ? nameText(nameNode, source) : compact(textOf(nameNode, source));
}

/** `get size()`, `public static set size(v)`: a `get` or `set` before the member's name. */
function accessorKind(member: Node, name: Node): "get" | "set" | undefined {
  if (member.type !== "method_definition") return undefined;
  for (const child of member.children) {
    if (child.startIndex >= name.startIndex) return undefined;
    if (child.type === "get" || child.type === "set") return child.type;
  }
  return undefined;
}

function hasDefaultKeyword(node: Node): boolean {
  for (const child of node.children) {
    if (child.type === "default") return true;
    if (child.isNamed && child.type !== "decorator") return false;
  }
  return false;
}

function spanKey(node: Node): string {
  return `${node.startIndex}:${node.endIndex}`;
}

/** The type a receiver is asserted to have: `(x as Foo)`, `(<Foo>x)`, through `!` and parentheses. */
function assertedType(object: Node, source: string): string | undefined {
  let current: Node | null = object;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.type === "as_expression") return typeNameOf(current.lastNamedChild, source);
    if (current.type === "type_assertion") return typeNameOf(current.firstNamedChild?.firstNamedChild ?? null, source);
    if (current.type !== "non_null_expression" && current.type !== "parenthesized_expression") return undefined;
    current = current.firstNamedChild;
  }
  return undefined;
}

/** The call or `new` whose result `object` is, through `!` and parentheses: `f(x)!.g()`, `(new A()).g()`. */
function callUnder(object: Node): Node | undefined {
  let current: Node | null = object;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.type === "call_expression" || current.type === "new_expression") return current;
    if (current.type !== "non_null_expression" && current.type !== "parenthesized_expression") return undefined;
    current = current.firstNamedChild;
  }
  return undefined;
}

// Go extractor: one pass over the interesting nodes of a syntax tree into FileFacts.
// Go declarations do not nest, so one "current declaration" stands in for a scope stack.
import type { Node } from "web-tree-sitter";
import { emptyFacts, type EntityKind, type FileFacts, type Lang, localFact, type LocalFact, type TypedVarFact } from "../../model/facts";
import { baseType, elementTypeNode, isBuiltinType, typeNamesIn, typeParameterNames } from "./types";
import { countParseErrors } from "../parse-errors";

const SIGNATURE_LIMIT = 200;
/** Go exports by the case of the first letter, Unicode upper case included. */
const UPPER_CASE_START = /^\p{Lu}/u;
const NO_TYPE_PARAMETERS: ReadonlySet<string> = new Set();

/** Every node type the walk acts on; descendantsOfType returns them in document order. */
const INTERESTING = [
  "package_clause",
  "import_spec",
  "function_declaration",
  "method_declaration",
  "type_declaration",
  "var_spec",
  "const_spec",
  "short_var_declaration",
  "call_expression",
  "type_conversion_expression",
  "func_literal",
  "type_switch_statement",
  "range_clause",
];

interface Scope {
  /** Entity index of the enclosing func or method; -1 at package level. */
  readonly index: number;
  /** Names that are type parameters here, hence not references to a type. */
  readonly typeParameters: ReadonlySet<string>;
  readonly end: number;
}

const PACKAGE_SCOPE: Scope = { index: -1, typeParameters: NO_TYPE_PARAMETERS, end: Number.MAX_SAFE_INTEGER };

/** Where the variables of one declaration are in force: in `scope`, lines `from` to `until` (undefined: all of it). */
interface Reach {
  readonly scope: number;
  readonly from: number;
  readonly until: number | undefined;
}

/** The header statements whose own declaration (`initializer`) their condition or update reads. */
const HEADERS = new Set(["if_statement", "for_clause", "expression_switch_statement", "type_switch_statement"]);

export function extract(root: Node, source: string, path: string, lang: Lang): FileFacts {
  const facts: FileFacts = emptyFacts(path, lang, countParseErrors(root));
  /** Method entity indexes: their parent is settled once every type in the file is known. */
  const methods: number[] = [];
  /** Package-level type name -> entity index. */
  const packageTypes = new Map<string, number>();
  let current: Scope = PACKAGE_SCOPE;
  /** Variables awaiting the index of their initialising call, keyed by that call's span. */
  const awaitingCall = new Map<string, TypedVarFact>();
  const structFields: TypedVarFact[] = [];
  const resultVars: TypedVarFact[] = [];
  /** Recorded calls by their span, and calls on another call's result awaiting its index. */
  const callsBySpan = new Map<string, number>();
  const receiverCalls: [call: number, span: string][] = [];
  const line = (node: Node): number => node.startPosition.row + 1;
  // node.text also fetches the start point from wasm; slicing the source we hold is cheaper.
  const text = (node: Node): string => source.slice(node.startIndex, node.endIndex);
  const locals: LocalFact[] = [];

  function scopeAt(offset: number): Scope {
    // Nodes arrive in document order: past the declaration's end we are back at package level
    // (package-level var initialisers call from -1).
    if (offset >= current.end) current = PACKAGE_SCOPE;
    return current;
  }

  function signatureOf(node: Node): string {
    const start = node.startIndex;
    const newline = source.indexOf("\n", start);
    const end = newline < 0 || newline > node.endIndex ? node.endIndex : newline;
    return source.slice(start, end).trim().slice(0, SIGNATURE_LIMIT);
  }

  function addEntity(spanNode: Node, name: string, kind: EntityKind, parent: number, qname: string): number {
    facts.entities.push({
      name,
      qname,
      kind,
      startLine: line(spanNode),
      endLine: spanNode.endPosition.row + 1,
      signature: signatureOf(spanNode),
      exported: UPPER_CASE_START.test(name),
      parent,
    });
    return facts.entities.length - 1;
  }

  function addRefs(typeNode: Node, from: number, typeParameters: ReadonlySet<string>): void {
    const names: string[] = [];
    typeNamesIn(typeNode, typeParameters, names);
    const at = line(typeNode);
    for (const name of names) facts.refs.push({ from, name, line: at });
  }

  function addTypedVar(nameNode: Node, typeNode: Node, reach: Reach): void {
    const declared = declaredType(typeNode);
    if (declared) facts.vars.push(within({ scope: reach.scope, name: text(nameNode), line: reach.from, ...declared }, reach.until));
  }

  /** A named type, or a collection of one (`[]*Item`: elements of type Item); builtins tell nothing. */
  function declaredType(typeNode: Node, typeParameters?: ReadonlySet<string>): { type: string; collection?: true } | undefined {
    const element = elementTypeNode(typeNode);
    const type = baseType(element ?? typeNode);
    if (type === undefined || isBuiltinType(type) || typeParameters?.has(type)) return undefined;
    return element ? { type, collection: true } : { type };
  }

  /**
   * `it, ok := s.items[k]` and `for _, it := range s.items`: it is one element of what the path
   * holds. (A range's single variable is an index or key, except over a channel: not taken.)
   */
  function elementOf(name: Node, collection: Node, reach: Reach): void {
    if (name.type !== "identifier" || text(name) === "_") return;
    const fromPath = dottedPath(collection);
    if (fromPath) facts.vars.push(within({ scope: reach.scope, name: text(name), type: "", line: reach.from, fromPath, element: true }, reach.until));
  }

  function within(variable: TypedVarFact, until: number | undefined): TypedVarFact {
    if (until !== undefined) variable.until = until;
    return variable;
  }

  /**
   * Where the variables `decl` declares are in force. Go's scope for them begins past the
   * declaration, so from the next line: in `facts, err := facts.NewDecoder(r)` the call is the
   * package's. A header's own declaration holds on its line already, for the condition and
   * update beside it: `if v, ok := x.(T); ok && v.M()`, `for n := f(); n != nil; n = n.Next()`.
   */
  function reachOf(decl: Node, scope: Scope): Reach {
    const parent = decl.parent;
    const header = parent !== null && HEADERS.has(parent.type) && parent.childForFieldName("initializer")?.startIndex === decl.startIndex;
    return { scope: scope.index, from: header ? line(decl) : decl.endPosition.row + 2, until: blockEnd(decl) };
  }

  /**
   * The last line of the block, or of the if, for or switch whose header declares, that a
   * declaration at `at` belongs to (a func body's too: a Go variable is never in force before
   * its declaration, so none holds over the whole scope); undefined at package level.
   */
  function blockEnd(at: Node): number | undefined {
    for (let node = at.parent; node; node = node.parent) {
      switch (node.type) {
        case "block":
          return node.endPosition.row + 1;
        case "if_statement":
        case "for_statement":
        case "expression_switch_statement":
        case "type_switch_statement":
          return node.endPosition.row + 1;
        case "function_declaration":
        case "method_declaration":
        case "source_file":
          return undefined;
      }
    }
    return undefined;
  }

  function visitRange(node: Node, scope: Scope): void {
    const left = node.childForFieldName("left");
    const right = node.childForFieldName("right");
    // `for k, v = range m` assigns variables declared before: nothing new is declared.
    if (!left || !right || scope.index < 0 || !node.children.some((child) => child.type === ":=")) return;
    const names = left.namedChildren;
    // The loop's variables are locals of its body.
    const body = node.parent?.childForFieldName("body");
    if (body && node.parent?.type === "for_statement") {
      for (const name of names) {
        if (name.type === "identifier" && text(name) !== "_") locals.push(localFact(scope.index, text(name), line(node), body.endPosition.row + 1));
      }
    }
    if (names.length === 2) elementOf(names[1]!, right, reachOf(node, scope));
  }

  /**
   * `switch n := x.(type) { case *ast.CallExpr: n.Fun… }`: in a case that names one type, n is
   * of that type over the case's lines; in a case naming several, or the default, n keeps x's
   * interface type, which tells nothing. n hides outer names over the whole switch.
   */
  function visitTypeSwitch(node: Node, scope: Scope): void {
    const alias = node.childForFieldName("alias")?.firstNamedChild;
    if (!alias || alias.type !== "identifier" || text(alias) === "_" || scope.index < 0) return;
    const from = (node.childForFieldName("value") ?? alias).endPosition.row + 2;
    locals.push(localFact(scope.index, text(alias), from, node.endPosition.row + 1));
    const clauses = node.namedChildren.filter((child) => child.type === "type_case" || child.type === "default_case");
    clauses.forEach((clause, i) => {
      const types = clause.type === "type_case" ? clause.childrenForFieldName("type").filter((type) => type.isNamed) : [];
      if (types.length !== 1 || text(types[0]!) === "nil") return;
      // A case's node runs on to the next case's line: the case holds until the line before it.
      const next = clauses[i + 1];
      const until = next ? line(next) - 1 : node.endPosition.row + 1;
      addTypedVar(alias, types[0]!, { scope: scope.index, from: line(clause), until });
    });
  }

  function visitFunction(node: Node): void {
    const nameNode = node.childForFieldName("name");
    if (!nameNode) return;
    const name = text(nameNode);
    const typeParameters = new Set<string>();
    typeParameterNames(node.childForFieldName("type_parameters"), typeParameters);
    const index = addEntity(node, name, "function", -1, name);
    visitSignature(node, { index, typeParameters, end: node.endIndex });
  }

  function visitMethod(node: Node): void {
    const nameNode = node.childForFieldName("name");
    const receiver = node
      .childForFieldName("receiver")
      ?.namedChildren.find((c) => c.type === "parameter_declaration");
    const receiverTypeNode = receiver?.childForFieldName("type");
    const receiverType = receiverTypeNode ? baseType(receiverTypeNode) : undefined;
    if (!nameNode || !receiverTypeNode || receiverType === undefined) return;
    const name = text(nameNode);
    // Parent stays -1 until the end: the receiver's type may be declared further down.
    const index = addEntity(node, name, "method", -1, `${receiverType}.${name}`);
    facts.entities[index]!.receiverType = receiverType;
    methods.push(index);
    // `func (l *List[T])` introduces T for the method's signature and body.
    const typeParameters = new Set<string>();
    receiverTypeParameters(receiverTypeNode, typeParameters);
    const receiverName = receiver?.childForFieldName("name");
    if (receiverName && text(receiverName) !== "_") {
      facts.vars.push({ scope: index, name: text(receiverName), type: receiverType, line: line(receiverName) });
    }
    visitSignature(node, { index, typeParameters, end: node.endIndex });
  }

  /** Parameters and results of a func or method, then its body becomes the current scope. */
  function visitSignature(node: Node, scope: Scope): void {
    const parameters = node.childForFieldName("parameters");
    if (parameters) visitParameters(parameters, scope);
    const result = node.childForFieldName("result");
    if (result) {
      addRefs(result, scope.index, scope.typeParameters);
      const returns = firstResultType(result, scope.typeParameters);
      if (returns !== undefined) facts.entities[scope.index]!.returns = returns;
    }
    current = scope;
  }

  /** `T`, `*pkg.T`, `(T, error)`, `(t *T, err error)` → the first result's named type. */
  function firstResultType(result: Node, typeParameters: ReadonlySet<string>): string | undefined {
    const typeNode = result.type === "parameter_list"
      ? result.namedChildren.find((c) => c.type === "parameter_declaration")?.childForFieldName("type")
      : result;
    const type = typeNode ? baseType(typeNode) : undefined;
    return type === undefined || isBuiltinType(type) || typeParameters.has(type) ? undefined : type;
  }

  /** Parameters are locals and typed vars of the scope; a func `literal`'s only over its own lines. */
  function visitParameters(parameters: Node, scope: Scope, literal?: Node): void {
    // A func or method owns its parameters; a func literal's hold over its own lines in the scope it shares.
    const from = literal ? line(literal) : (facts.entities[scope.index]?.startLine ?? line(parameters));
    const until = literal ? literal.endPosition.row + 1 : undefined;
    for (const parameter of parameters.namedChildren) {
      for (const name of parameter.childrenForFieldName("name")) locals.push(localFact(scope.index, text(name), from, until));
      const type = parameter.childForFieldName("type");
      if (!type) continue;
      addRefs(type, scope.index, scope.typeParameters);
      if (parameter.type === "parameter_declaration") {
        for (const name of parameter.childrenForFieldName("name")) addTypedVar(name, type, { scope: scope.index, from: line(name), until });
      }
    }
  }

  function receiverTypeParameters(node: Node, into: Set<string>): void {
    const generic = node.type === "pointer_type" ? node.namedChild(0) : node;
    if (generic?.type !== "generic_type") return;
    const args = generic.childForFieldName("type_arguments");
    if (!args) return;
    for (const arg of args.namedChildren) {
      const name = baseType(arg);
      if (name !== undefined) into.add(name);
    }
  }

  function visitTypeDeclaration(node: Node, scope: Scope): void {
    const specs = node.namedChildren.filter((c) => c.type === "type_spec" || c.type === "type_alias");
    // A lone `type X ...` spans its `type` keyword; each spec of a `type ( ... )` group spans itself.
    const grouped = specs.length !== 1 || node.children.some((c) => c.type === "(");
    for (const spec of specs) visitTypeSpec(spec, grouped ? spec : node, scope);
  }

  function visitTypeSpec(spec: Node, spanNode: Node, scope: Scope): void {
    const nameNode = spec.childForFieldName("name");
    const type = spec.childForFieldName("type");
    if (!nameNode || !type) return;
    const name = text(nameNode);
    const kind: EntityKind =
      spec.type === "type_alias"
        ? "type"
        : type.type === "struct_type"
          ? "class"
          : type.type === "interface_type"
            ? "interface"
            : "type";
    const owner = facts.entities[scope.index];
    const index = addEntity(spanNode, name, kind, scope.index, owner ? `${owner.qname}.${name}` : name);
    // Only package-level types can own methods.
    if (scope.index === -1) packageTypes.set(name, index);
    const typeParameters = new Set(scope.typeParameters);
    typeParameterNames(spec.childForFieldName("type_parameters"), typeParameters);
    if (kind === "class") visitStructFields(type, index, typeParameters);
    else if (kind === "interface") visitInterfaceElements(type, index, typeParameters);
    else addRefs(type, index, typeParameters);
  }

  function visitStructFields(struct: Node, entity: number, typeParameters: ReadonlySet<string>): void {
    const fields = struct.namedChildren.find((c) => c.type === "field_declaration_list");
    if (!fields) return;
    for (const field of fields.namedChildren) {
      if (field.type !== "field_declaration") continue;
      const type = field.childForFieldName("type");
      if (!type) continue;
      const fieldType = baseType(type);
      const typed = fieldType !== undefined && !isBuiltinType(fieldType) && !typeParameters.has(fieldType);
      const names = field.childrenForFieldName("name");
      if (names.length > 0) {
        addRefs(type, entity, typeParameters);
        const declared = declaredType(type, typeParameters);
        if (declared) for (const name of names) structFields.push({ scope: entity, name: text(name), line: line(name), ...declared });
        continue;
      }
      // A field without a name is an embedding: Go's only form of inheritance.
      if (fieldType === undefined) continue;
      facts.heritage.push({ entity, kind: "extends", name: fieldType, line: line(field) });
      // `x.Store` names the embedded value itself.
      if (typed) structFields.push({ scope: entity, name: fieldType.slice(fieldType.lastIndexOf(".") + 1), type: fieldType, line: line(field) });
    }
  }

  function visitInterfaceElements(iface: Node, entity: number, typeParameters: ReadonlySet<string>): void {
    for (const element of iface.namedChildren) {
      if (element.type === "method_elem") {
        const parameters = element.childForFieldName("parameters");
        if (parameters) addRefs(parameters, entity, typeParameters);
        const result = element.childForFieldName("result");
        if (result) addRefs(result, entity, typeParameters);
      } else if (element.type === "type_elem") {
        // One named type is an embedded interface; unions (`~int | ~string`) are constraints.
        const only = element.namedChildCount === 1 ? element.namedChild(0) : null;
        const embedded = only ? baseType(only) : undefined;
        if (embedded && !isBuiltinType(embedded) && !typeParameters.has(embedded)) {
          facts.heritage.push({ entity, kind: "extends", name: embedded, line: line(element) });
        }
      }
    }
  }

  /**
   * Variables declared in a func body hide outer names after their declaration (in
   * `minType := minType(v)` the call is the package's func) to the end of their block.
   */
  function addLocals(names: Node[], at: Node, scope: Scope): void {
    if (scope.index < 0) return;
    let block: Node | null = at.parent;
    while (block && block.type !== "block") block = block.parent;
    const from = at.endPosition.row + 2;
    const until = block ? block.endPosition.row + 1 : undefined;
    for (const name of names) {
      if (name.type !== "identifier" || text(name) === "_") continue;
      locals.push(localFact(scope.index, text(name), from, until));
    }
  }

  function visitVarSpec(spec: Node, scope: Scope): void {
    const names = spec.childrenForFieldName("name");
    addLocals(names, spec, scope);
    const type = spec.childForFieldName("type");
    const reach = reachOf(spec, scope);
    if (type) {
      addRefs(type, scope.index, scope.typeParameters);
      for (const name of names) addTypedVar(name, type, reach);
    } else {
      const values = spec.childForFieldName("value");
      if (values) {
        typeFromLiterals(names, values.namedChildren, reach);
        typeFromCalls(names, values.namedChildren, reach);
        typeFromPaths(names, values.namedChildren, reach);
      }
    }
  }

  function visitShortVar(node: Node, scope: Scope): void {
    const left = node.childForFieldName("left");
    const right = node.childForFieldName("right");
    if (left) addLocals(left.namedChildren, node, scope);
    if (left && right) {
      const reach = reachOf(node, scope);
      typeFromLiterals(left.namedChildren, right.namedChildren, reach);
      typeFromCalls(left.namedChildren, right.namedChildren, reach);
      typeFromPaths(left.namedChildren, right.namedChildren, reach);
    }
  }

  /** `rws := w.rws`: x holds what the field path holds; the resolver reads its declared type. */
  function typeFromPaths(names: Node[], values: Node[], reach: Reach): void {
    // `it, ok := s.items[k]` and `v, ok := <-ch`: the comma-ok forms of a map read and a receive.
    if (names.length === 2 && values.length === 1) {
      const collection = collectionRead(values[0]!);
      if (collection) elementOf(names[0]!, collection, reach);
      return;
    }
    if (names.length !== values.length) return;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      const value = values[i]!;
      const collection = collectionRead(value);
      if (collection) {
        elementOf(name, collection, reach);
        continue;
      }
      if (name.type !== "identifier" || text(name) === "_" || value.type !== "selector_expression") continue;
      const fromPath = dottedPath(value);
      if (fromPath) facts.vars.push(within({ scope: reach.scope, name: text(name), type: "", line: reach.from, fromPath }, reach.until));
    }
  }

  /** The collection an element is read from: `s.items[k]`, `<-ch`. */
  function collectionRead(value: Node): Node | null {
    if (value.type === "index_expression") return value.childForFieldName("operand");
    if (value.type === "unary_expression" && value.childForFieldName("operator")?.type === "<-") return value.childForFieldName("operand");
    return null;
  }

  /**
   * `x := F()`, `x, err := pkg.F()`, `var x = r.Open()`: x awaits its call's index; the resolver
   * types it by the callee's declared result, the evidence a naming convention is not.
   */
  function typeFromCalls(names: Node[], values: Node[], reach: Reach): void {
    const pairs = values.length === 1 ? [0] : names.length === values.length ? names.map((_, i) => i) : [];
    for (const i of pairs) {
      const name = names[i]!;
      const value = values[i]!;
      if (name.type !== "identifier" || text(name) === "_" || value.type !== "call_expression" || builtinMaker(value)) continue;
      const awaiting: TypedVarFact = within({ scope: reach.scope, name: text(name), type: "", line: reach.from, fromCall: -1 }, reach.until);
      awaitingCall.set(spanKey(value), awaiting);
    }
  }

  /** `make([]*Item, n)`, `new(Item)`: the type argument of the builtin that made the value. */
  function builtinMaker(call: Node): Node | undefined {
    const fn = call.childForFieldName("function");
    if (fn?.type !== "identifier" || (text(fn) !== "make" && text(fn) !== "new")) return undefined;
    return call.childForFieldName("arguments")?.firstNamedChild ?? undefined;
  }

  function spanKey(node: Node): string {
    return `${node.startIndex}:${node.endIndex}`;
  }

  /**
   * `x := Foo{}`, `x := &Foo{}`, `x := v.(*Foo)`, `x := new(Foo)` and `x := make([]*Foo, n)` type
   * x; `x := NewFoo()` does not: the constructor convention is
   * only a convention, and a wrong type would bind calls with false confidence.
   */
  function typeFromLiterals(names: Node[], values: Node[], reach: Reach): void {
    // `fn, ok := v.(*Function)`: the comma-ok form of an assertion.
    if (names.length === 2 && values.length === 1 && values[0]!.type === "type_assertion_expression") {
      const type = values[0]!.childForFieldName("type");
      if (type && names[0]!.type === "identifier" && text(names[0]!) !== "_") addTypedVar(names[0]!, type, reach);
      return;
    }
    if (names.length !== values.length) return;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      let value = values[i]!;
      if (name.type !== "identifier" || text(name) === "_") continue;
      if (value.type === "unary_expression" && value.childForFieldName("operator")?.type === "&") {
        value = value.childForFieldName("operand") ?? value;
      }
      // An assertion, or the builtin that made the value, states the type as surely as a literal does.
      const made = value.type === "call_expression" ? builtinMaker(value) : undefined;
      if (made) addTypedVar(name, made, reach);
      if (value.type !== "composite_literal" && value.type !== "type_assertion_expression") continue;
      const type = value.childForFieldName("type");
      if (type) addTypedVar(name, type, reach);
    }
  }

  function addCall(target: Node, at: number, from: number): void {
    switch (target.type) {
      case "identifier":
      case "type_identifier":
        facts.calls.push({ from, line: at, callee: text(target) });
        return;
      case "selector_expression": {
        const field = target.childForFieldName("field");
        const operand = target.childForFieldName("operand");
        if (!field || !operand) return;
        facts.calls.push({ from, line: at, callee: text(field), receiver: dottedPath(operand) ?? "?" });
        // `store.Open().Save()`: the receiver is what Open returns, linked once Open is recorded.
        const inner = callUnder(operand);
        if (inner) receiverCalls.push([facts.calls.length - 1, spanKey(inner)]);
        return;
      }
      case "qualified_type": {
        const pkg = target.childForFieldName("package");
        const name = target.childForFieldName("name");
        if (pkg && name) facts.calls.push({ from, line: at, callee: text(name), receiver: text(pkg) });
        return;
      }
      // `F[T]()`: the grammar reads the instantiation as an index expression or a generic type.
      case "index_expression":
      case "generic_type": {
        const inner = target.childForFieldName(target.type === "index_expression" ? "operand" : "type");
        if (inner) addCall(inner, at, from);
        return;
      }
    }
  }

  /** `a.b.c` as written when the node is a plain selector path, else undefined. */
  function dottedPath(node: Node): string | undefined {
    if (node.type === "identifier") return text(node);
    if (node.type !== "selector_expression") return undefined;
    const operand = node.childForFieldName("operand");
    const field = node.childForFieldName("field");
    const head = operand ? dottedPath(operand) : undefined;
    return head !== undefined && field ? `${head}.${text(field)}` : undefined;
  }

  function visitImportSpec(spec: Node): void {
    const pathNode = spec.childForFieldName("path");
    if (!pathNode) return;
    const source = text(pathNode).replace(/^["`]|["`]$/g, "");
    // No name: "" stands for the package's own declared name, which the resolver looks up.
    const nameNode = spec.childForFieldName("name");
    const local = nameNode ? text(nameNode) : "";
    facts.imports.push({ line: line(spec), source, names: [{ imported: "*", local }], kind: "import" });
  }

  for (const node of root.descendantsOfType(INTERESTING)) {
    const scope = scopeAt(node.startIndex);
    switch (node.type) {
      case "call_expression": {
        const fn = node.childForFieldName("function");
        const before = facts.calls.length;
        if (fn) addCall(fn, line(node), scope.index);
        if (facts.calls.length > before) callsBySpan.set(spanKey(node), before);
        const awaiting = awaitingCall.get(spanKey(node));
        if (awaiting && facts.calls.length > before) {
          awaiting.fromCall = facts.calls.length - 1;
          resultVars.push(awaiting);
        }
        break;
      }
      case "type_conversion_expression": {
        // `F[int](x)` parses as a conversion; it is a call of the generic function F.
        const type = node.childForFieldName("type");
        if (type?.type === "generic_type") addCall(type, line(node), scope.index);
        break;
      }
      case "short_var_declaration":
        visitShortVar(node, scope);
        break;
      case "type_switch_statement":
        visitTypeSwitch(node, scope);
        break;
      case "range_clause":
        visitRange(node, scope);
        break;
      case "var_spec":
      case "const_spec":
        visitVarSpec(node, scope);
        break;
      case "func_literal": {
        // A closure belongs to its enclosing declaration: its types are that one's references.
        const parameters = node.childForFieldName("parameters");
        if (parameters) visitParameters(parameters, scope, node);
        const result = node.childForFieldName("result");
        if (result) addRefs(result, scope.index, scope.typeParameters);
        break;
      }
      case "function_declaration":
        visitFunction(node);
        break;
      case "method_declaration":
        visitMethod(node);
        break;
      case "type_declaration":
        visitTypeDeclaration(node, scope);
        break;
      case "import_spec":
        visitImportSpec(node);
        break;
      case "package_clause": {
        const name = node.namedChildren.find((c) => c.type === "package_identifier");
        if (name) facts.packageName = text(name);
        break;
      }
    }
  }

  for (const index of methods) {
    const method = facts.entities[index]!;
    method.parent = packageTypes.get(method.receiverType ?? "") ?? -1;
  }
  if (structFields.length > 0) facts.fields = structFields;
  if (resultVars.length > 0) facts.resultVars = resultVars;
  if (locals.length > 0) facts.locals = locals;
  for (const [call, span] of receiverCalls) {
    const inner = callsBySpan.get(span);
    if (inner !== undefined) facts.calls[call]!.receiverCall = inner;
  }
  return facts;
}

/** The call whose result `operand` is, through parentheses: `f().g()`, `(f()).g()`. */
function callUnder(operand: Node): Node | undefined {
  let current: Node | null = operand;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.type === "call_expression") return current;
    if (current.type !== "parenthesized_expression") return undefined;
    current = current.firstNamedChild;
  }
  return undefined;
}

// Ground truth for TypeScript call and import edges, from the TypeScript compiler itself.
// The type checker binds every call with full type information, so what it says a call
// resolves to is the reference ix's evidence-based resolution is scored against.
//
//   bun bench/truth-ts.ts <dir> [out.json]

import ts from "typescript";
import { writeFileSync, mkdirSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { NOT_WRAPPERS } from "../src/lang/typescript/syntax";
import { workspacePrograms, type ImportOutcome, type WorkspaceProgram, type WorkspaceStats } from "./ts-workspace";

/**
 * What a declaration is, for figures per kind: a class method (abstract and accessors
 * included), a function (declared, or a function literal held by a variable), a variable
 * holding a function by its type or a wrapper call, an arrow or function held by a class
 * property, an interface or type-literal member, a member of a module-level object
 * (`export const util = { normalize() {} }`), a member of any other object literal, a class
 * (what `new` and `super()` reach), a file's top level.
 */
export type DefKind =
  | "function"
  | "method"
  /** A class or module-level object's `get` accessor: reading it calls it. */
  | "getter"
  /** A named function inside another function (`function helper()`, `const helper = () => …`): its own entity. */
  | "local-function"
  /** A function assigned to a property at module level: `X.prototype.m = function`, `res.send = function send`, `exports.x = …`. */
  | "commonjs-member"
  /** A Go interface's method, a Python property (the other truths' kinds). */
  | "property"
  | "callable-variable"
  | "arrow-property"
  | "interface-member"
  | "object-method"
  | "local-object-method"
  | "class"
  | "file";

/** A declaration: `line` is its name's line, or its start when it has no name. */
export interface Def {
  path: string;
  name: string;
  line: number;
  kind?: DefKind;
}

export interface TruthCall {
  caller: Def;
  callee: Def;
  /** The call expression's line. */
  line: number;
  /** The called name's line (`.send(` of a chain spread over lines; a JSX tag; a getter's name): where ix's site= points. */
  site?: number;
  /** How the call is written (see Via); absent on hand-overs. */
  via?: Via;
}

/**
 * How a call is written, for breakdowns of what is missed: a plain call; `new`; a tagged
 * template; a JSX element (`<Comp/>` calls Comp); a getter read (`c.req` calls `get req()`); a
 * decorator (`@f`); `f.call(this, x)` or `f.apply(this, args)`; a call on a callback's parameter (`app.get('/', (c) => c.text('ok'))`);
 * Go: a call through an interface value, a call on a receiver whose name a callback handed to
 * the same call shadows (`r.Get("/", func(w, r *http.Request) {…})`); Python: a property read.
 */
export type Via = "call" | "new" | "tagged" | "jsx" | "getter" | "decorator" | "callback-param" | "call-apply" | "interface" | "property" | "shadowed-receiver";

export interface TruthImport {
  from: string;
  to: string;
}

/** One import statement (or `require`, dynamic `import()`, Go import spec), resolved or not. */
export interface TruthImportStatement {
  from: string;
  specifier: string;
  /** The statement's first line. */
  line: number;
  outcome: ImportOutcome;
  /** The corpus file (or, for Go, files) it reaches. */
  to?: string[];
  kind: "static" | "type" | "require" | "dynamic";
}

export interface Truth {
  calls: TruthCall[];
  /**
   * Hand-overs: an entity named as a value where it is not called (an argument, an initialiser,
   * an assignment's right side, a property value, an array element, `export default`, a return
   * value, an arrow's body, a JSX expression, `f.bind(…)`); `line` is the name's. A getter read
   * is none: it calls the getter and hands nothing over.
   */
  references?: TruthCall[];
  imports: TruthImport[];
  /** Files the truth looked at; ix edges touching other files cannot be judged. */
  files?: string[];
  /** Every entity the truth can name as a callee or caller, with or without edges. */
  defs?: Def[];
  /** Only the calls and imports made in `files` were walked: rows from other files are not judged. */
  sampled?: boolean;
  /** Every import statement of the walked files, resolved or not (what `ix imports` of a file answers). */
  importStatements?: TruthImportStatement[];
  /**
   * Call sites in the corpus the truth could not bind (unresolved, or to no entity), by the
   * called name: where the truth cannot tell, a row of ix naming an entity of that name from
   * that file is neither right nor wrong (JavaScript whose objects are built at run time).
   */
  unbound?: UnboundSite[];
}

export interface UnboundSite {
  path: string;
  line: number;
  name: string;
}

/** Why call sites were left out: a developer reading the figures needs to know what is not scored. */
export interface TruthStats {
  files: number;
  callSites: number;
  bound: number;
  /** The callee is declared outside the corpus (lib.d.ts, @types, …) or nowhere. */
  external: number;
  unresolved: number;
  /** Bound to a corpus declaration that no user would ask about by name (a parameter, a local variable, a destructured binding). */
  unmodelled: number;
  /** Unmodelled call sites by the kind of declaration they reach. */
  unmodelledByDeclaration: Record<string, number>;
  /** A few unbound call sites per reason ("path:line callee"), to check the reasons hold. */
  samples: Record<"external" | "unresolved" | "unmodelled", string[]>;
  seconds: number;
  /** Bound calls by how they are written. */
  byVia?: Record<string, number>;
  /** Import statements by outcome. */
  importOutcomes?: Record<string, number>;
  /** How the corpus was made programs of (TypeScript). */
  workspace?: WorkspaceStats & { fallbackImports: number };
}

export const TOP_LEVEL = "<file>";

const SAMPLES_PER_REASON = 8;

type FunctionLike =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression;

function nameText(name: ts.PropertyName | ts.BindingName, sf: ts.SourceFile): string | undefined {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) {
    return name.text;
  }
  if (ts.isComputedPropertyName(name)) return name.getText(sf);
  return undefined; // destructuring patterns bind no single name
}

class Mapper {
  constructor(
    private readonly dir: string,
    private readonly checker: ts.TypeChecker,
  ) {}

  /** A node the checker made up (a mapped type's member) has no source file: it is in no file of the corpus. */
  relPath(sf: ts.SourceFile | undefined): string | undefined {
    if (!sf) return undefined;
    const rel = relative(this.dir, sf.fileName).split("\\").join("/");
    if (rel.startsWith("../") || rel.split("/").includes("node_modules")) return undefined;
    return rel;
  }

  private def(node: ts.Node, name: string, anchor: ts.Node, kind: DefKind): Def | undefined {
    const sf = node.getSourceFile();
    const path = this.relPath(sf);
    if (path === undefined) return undefined;
    const line = sf.getLineAndCharacterOfPosition(anchor.getStart(sf)).line + 1;
    return { path, name, line, kind };
  }

  private named(node: ts.Node, name: ts.PropertyName | ts.BindingName | undefined, kind: DefKind): Def | undefined {
    if (!name) return undefined;
    const text = nameText(name, node.getSourceFile());
    return text === undefined ? undefined : this.def(node, text, name, kind);
  }

  classDef(node: ts.ClassLikeDeclaration): Def | undefined {
    if (node.name) return this.named(node, node.name, "class");
    // `const Foo = class { … }` is known by the variable's name.
    if (ts.isVariableDeclaration(node.parent)) return this.named(node, node.parent.name, "class");
    if (ts.isClassDeclaration(node)) return this.def(node, "default", node, "class"); // `export default class {}`
    return undefined;
  }

  /** The variable, class property, object property or module-level assignment a function expression is the value of, if any. */
  private holder(fn: ts.ArrowFunction | ts.FunctionExpression): ts.VariableDeclaration | ts.PropertyDeclaration | ts.PropertyAssignment | ts.BinaryExpression | undefined {
    const node = outermostWrapper(fn);
    const parent = node.parent;
    // A function held by a variable is an entity wherever the variable is: a local one too
    // (`const helper = () => …` in a body), as ix models it.
    if (ts.isVariableDeclaration(parent) && parent.initializer === node) return parent;
    if (ts.isPropertyDeclaration(parent) && parent.initializer === node && ts.isClassLike(parent.parent)) return parent;
    if (ts.isPropertyAssignment(parent) && parent.initializer === node) return parent;
    if (isModuleLevelAssignment(parent) && parent.right === node) return parent;
    return undefined;
  }

  /** A member of an object literal: of a module-level object (an entity as caller and callee), or of another. */
  private objectMember(member: ts.MethodDeclaration | ts.PropertyAssignment | ts.GetAccessorDeclaration | ts.SetAccessorDeclaration): Def | undefined {
    if (!ts.isObjectLiteralExpression(member.parent)) return undefined;
    if (!isModuleLevelObject(member.parent)) return this.named(member, member.name, "local-object-method");
    return this.named(member, member.name, ts.isGetAccessorDeclaration(member) ? "getter" : "object-method");
  }

  /**
   * `X.prototype.m = function …`, `res.send = function send …`, `exports.x = (…) => …`: the
   * property's name. `module.exports = function name …` is the function's own name; an anonymous
   * one has none a user could ask by.
   */
  private assigned(assignment: ts.BinaryExpression, fn: ts.ArrowFunction | ts.FunctionExpression): Def | undefined {
    const left = assignment.left;
    const whole = left.getText();
    if (whole === "module.exports" || whole === "exports") return fn.name ? this.named(fn, fn.name, "commonjs-member") : undefined;
    if (ts.isPropertyAccessExpression(left)) return this.named(assignment, left.name, "commonjs-member");
    if (ts.isElementAccessExpression(left) && ts.isStringLiteralLike(left.argumentExpression)) return this.def(assignment, left.argumentExpression.text, left.argumentExpression, "commonjs-member");
    return undefined;
  }

  /**
   * The entity a function-like node is, as a caller: functions and class members by name,
   * constructors as "constructor", function expressions by the variable or property holding
   * them. Callbacks and object literal methods are not entities: calls in them belong to the
   * enclosing one.
   */
  callerOf(node: ts.Node): Def | undefined {
    const def = this.functionDef(node);
    // Members of objects inside functions are transparent as callers: their calls belong to the enclosing entity.
    return def?.kind === "local-object-method" ? undefined : def;
  }

  /** The entity a function-like node declares, members of local objects included. */
  private functionDef(node: ts.Node): Def | undefined {
    // An overload signature is the implementation that follows it: one entity, as a user sees it.
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && !node.body) {
      const impl = this.implementation(node);
      if (impl !== node) return this.functionDef(impl);
    }
    if (ts.isFunctionDeclaration(node)) {
      const kind = isInsideFunction(node) ? "local-function" : "function";
      return node.name ? this.named(node, node.name, kind) : this.def(node, "default", node, kind);
    }
    if (ts.isConstructorDeclaration(node)) return this.def(node, "constructor", node, "method");
    if (ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) {
      if (ts.isClassLike(node.parent)) return this.named(node, node.name, ts.isGetAccessorDeclaration(node) ? "getter" : "method");
      return this.objectMember(node);
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      const holder = this.holder(node);
      if (!holder) return undefined;
      if (ts.isPropertyAssignment(holder)) return this.objectMember(holder);
      if (ts.isBinaryExpression(holder)) return this.assigned(holder, node);
      if (ts.isPropertyDeclaration(holder)) return this.named(holder, holder.name, "arrow-property");
      // A local variable's function is an entity of its own, inside the function around it.
      return this.named(holder, holder.name, isModuleLevelVariable(holder) ? "function" : "local-function");
    }
    return undefined;
  }

  /** A function or method overload signature stands for the implementation that follows it. */
  private implementation(decl: ts.FunctionDeclaration | ts.MethodDeclaration): ts.Node {
    if (decl.body || !decl.name) return decl;
    const symbol = this.checker.getSymbolAtLocation(decl.name);
    const impl = symbol?.declarations?.find(
      (d) => (ts.isFunctionDeclaration(d) || ts.isMethodDeclaration(d)) && d.body !== undefined,
    );
    return impl ?? decl;
  }

  /** The entity a declaration is, as a callee; undefined when no user would ask about it by name. */
  calleeOf(decl: ts.Node): Def | undefined {
    if (ts.isFunctionDeclaration(decl)) {
      const impl = this.implementation(decl) as ts.FunctionDeclaration;
      return this.functionDef(impl);
    }
    if (ts.isMethodDeclaration(decl)) {
      // An abstract method has no implementation: the declaration is the entity.
      return this.functionDef(ts.isClassLike(decl.parent) ? this.implementation(decl) : decl);
    }
    if (ts.isGetAccessorDeclaration(decl) || ts.isSetAccessorDeclaration(decl)) return this.functionDef(decl);
    // `new Foo()` and `super()` reach the class, which is what ix records as the callee.
    if (ts.isConstructorDeclaration(decl)) return this.classDef(decl.parent);
    if (ts.isClassDeclaration(decl) || ts.isClassExpression(decl)) return this.classDef(decl);
    if (ts.isArrowFunction(decl) || ts.isFunctionExpression(decl)) return this.functionDef(decl);
    // What `executor.executeQuery(q)` reaches when `executor` is typed by an interface.
    if (ts.isMethodSignature(decl) || (ts.isPropertySignature(decl) && hasCallSignatures(decl, this.checker))) {
      return ts.isInterfaceDeclaration(decl.parent) || ts.isTypeLiteralNode(decl.parent) ? this.named(decl, decl.name, "interface-member") : undefined;
    }
    if (ts.isPropertyAssignment(decl)) {
      const init = skipWrappers(decl.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return this.objectMember(decl);
      return undefined;
    }
    // A JavaScript assignment declaration (`X.prototype.m = function`): the checker's symbol is the assignment or its left side.
    const assignment = ts.isBinaryExpression(decl) ? decl : decl.parent && ts.isBinaryExpression(decl.parent) && decl.parent.left === decl ? decl.parent : undefined;
    if (assignment && assignment.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      // `res.set = res.header = function header(…)`: set holds what the last assignment holds.
      let value = skipWrappers(assignment.right);
      while (ts.isBinaryExpression(value) && value.operatorToken.kind === ts.SyntaxKind.EqualsToken) value = skipWrappers(value.right);
      if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return this.functionDef(value);
      if (ts.isClassExpression(value)) return this.classDef(value);
      return undefined;
    }
    if (ts.isVariableDeclaration(decl) || (ts.isPropertyDeclaration(decl) && ts.isClassLike(decl.parent))) {
      const init = decl.initializer && skipWrappers(decl.initializer);
      if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) return this.functionDef(init);
      if (init && ts.isClassExpression(init)) return this.classDef(init);
      if (ts.isVariableDeclaration(decl)) return this.holderDef(decl);
      // An abstract property or a field typed as a function: the class's own member.
      if (ts.isPropertyDeclaration(decl) && hasCallSignatures(decl, this.checker)) return this.named(decl, decl.name, "arrow-property");
    }
    return undefined;
  }

  /** A module-level variable that holds a function though its value is no function literal. */
  holderDef(decl: ts.VariableDeclaration): Def | undefined {
    return holdsCallable(decl, this.checker) ? this.named(decl, decl.name, "callable-variable") : undefined;
  }
}

/** `freeze(…)`, `Object.freeze(…)`: a call that hands its object back. */
const OBJECT_WRAPPERS = new Set(["freeze", "Object.freeze"]);

/** The outermost of the parentheses, `as`, `satisfies` and freeze calls around an expression. */
function outermostWrapper(expr: ts.Node): ts.Node {
  let node = expr;
  for (;;) {
    const parent = node.parent;
    if (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) node = parent;
    else if (ts.isCallExpression(parent) && parent.arguments.length === 1 && parent.arguments[0] === node && OBJECT_WRAPPERS.has(parent.expression.getText())) node = parent;
    else return node;
  }
}

/**
 * An object literal held by a module-level variable or `export default`, or the value of a
 * property of one: its members are what callers call (`AddColumnNode.create(…)`).
 */
function isModuleLevelObject(obj: ts.ObjectLiteralExpression): boolean {
  const node = outermostWrapper(obj);
  const parent = node.parent;
  if (ts.isExportAssignment(parent)) return true;
  // `module.exports = { … }`, `X.prototype = { … }`
  if (isModuleLevelAssignment(parent) && parent.right === node) return true;
  if (ts.isVariableDeclaration(parent) && parent.initializer === node) return isModuleLevelVariable(parent);
  if (ts.isPropertyAssignment(parent) && parent.initializer === node && ts.isObjectLiteralExpression(parent.parent)) return isModuleLevelObject(parent.parent);
  return false;
}

/** `a.b = …` (or `a["b"] = …`, `module.exports = …`) as a statement of the module's top level, or chained in one. */
function isModuleLevelAssignment(node: ts.Node): node is ts.BinaryExpression {
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return false;
  if (!ts.isPropertyAccessExpression(node.left) && !ts.isElementAccessExpression(node.left) && !(ts.isIdentifier(node.left) && node.left.text === "exports")) return false;
  let statement: ts.Node = node.parent;
  while (ts.isBinaryExpression(statement) && statement.operatorToken.kind === ts.SyntaxKind.EqualsToken) statement = statement.parent;
  return ts.isExpressionStatement(statement) && (ts.isSourceFile(statement.parent) || ts.isModuleBlock(statement.parent));
}

/** Whether a declaration stands inside a function's body (or a class's static block): a local. */
function isInsideFunction(node: ts.Node): boolean {
  for (let p = node.parent; p && !ts.isSourceFile(p); p = p.parent) {
    if (isFunctionLike(p) || ts.isClassStaticBlockDeclaration(p)) return true;
  }
  return false;
}

function isModuleLevelVariable(decl: ts.VariableDeclaration): boolean {
  const statement = decl.parent?.parent;
  return !!statement && ts.isVariableStatement(statement) && (ts.isSourceFile(statement.parent) || ts.isModuleBlock(statement.parent));
}

/** A declared type with call signatures: a function type, a type literal or interface with `(…): T`. */
function hasCallSignatures(decl: ts.VariableDeclaration | ts.PropertyDeclaration | ts.PropertySignature, checker: ts.TypeChecker): boolean {
  if (!decl.type) return false;
  let type = decl.type;
  while (ts.isParenthesizedTypeNode(type)) type = type.type;
  if (ts.isFunctionTypeNode(type)) return true;
  if (ts.isTypeLiteralNode(type)) return type.members.some(ts.isCallSignatureDeclaration);
  return checker.getTypeFromTypeNode(type).getCallSignatures().length > 0;
}

/**
 * A module-level variable whose declared type has call signatures, or, undeclared, whose value
 * is a call of a function-making helper: called by name or through a namespace, and given a
 * function that takes parameters (`dual(2, (self, f) => …)`; not `Effect.gen(function* () …)`
 * nor `z.string().refine((v) => …)`): the way effect-style libraries declare their API. So
 * callers of such a variable, and calls made inside its value, are judged.
 */
function holdsCallable(decl: ts.VariableDeclaration, checker: ts.TypeChecker): boolean {
  if (!ts.isIdentifier(decl.name) || !decl.initializer || !isModuleLevelVariable(decl)) return false;
  const init = skipWrappers(decl.initializer);
  if (ts.isArrowFunction(init) || ts.isFunctionExpression(init) || ts.isClassExpression(init)) return false;
  if (decl.type) return hasCallSignatures(decl, checker);
  if (!ts.isCallExpression(init) || !isNamePath(init.expression)) return false;
  const callee = ts.isPropertyAccessExpression(init.expression) ? init.expression.name : init.expression;
  if (ts.isIdentifier(callee) && NOT_WRAPPERS.has(callee.text)) return false;
  return init.arguments.some((arg) => {
    const value = skipWrappers(arg);
    return (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) && value.parameters.length > 0;
  });
}

/** `f`, `ns.f`, `a.b.f`: a callee named through names only, no call or index on the way. */
function isNamePath(expr: ts.Expression): boolean {
  while (ts.isPropertyAccessExpression(expr) || ts.isNonNullExpression(expr)) expr = expr.expression;
  return ts.isIdentifier(expr) || expr.kind === ts.SyntaxKind.ThisKeyword || expr.kind === ts.SyntaxKind.SuperKeyword;
}

function skipWrappers(expr: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr)) {
    expr = expr.expression;
  }
  return expr;
}

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node)
  );
}

type Binding =
  | { kind: "bound"; def: Def }
  | { kind: "unmodelled"; declaration: string }
  | { kind: "external" | "unresolved" };

/** "VariableDeclaration=CallExpression" tells `const map = dual(…)` from a parameter or a plain value. */
function describeDeclaration(node: ts.Node): string {
  const kind = ts.SyntaxKind[node.kind];
  if (ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node) || ts.isPropertyAssignment(node)) {
    const init = node.initializer && skipWrappers(node.initializer);
    return `${kind}=${init ? ts.SyntaxKind[init.kind] : "none"}`;
  }
  return kind;
}

type CallLike = ts.CallExpression | ts.NewExpression | ts.TaggedTemplateExpression | ts.JsxOpeningLikeElement | ts.Decorator;

/** A JSX element naming a component (`<Comp/>`, `<ns.Comp>`), not an intrinsic element (`<div>`, `<my-el>`). */
function isComponentElement(node: ts.Node): node is ts.JsxOpeningLikeElement {
  if (!ts.isJsxOpeningElement(node) && !ts.isJsxSelfClosingElement(node)) return false;
  const tag = node.tagName;
  if (ts.isIdentifier(tag)) return /^[A-Z_$]/.test(tag.text) || tag.text.includes(".");
  return ts.isPropertyAccessExpression(tag) || tag.kind === ts.SyntaxKind.ThisKeyword;
}

/** `@f` or `@a.f`: the decorator calls f with the declaration; `@f()` is an ordinary call. */
function isBareDecorator(node: ts.Node): node is ts.Decorator {
  return ts.isDecorator(node) && (ts.isIdentifier(node.expression) || ts.isPropertyAccessExpression(node.expression));
}

function calleeNameNode(call: CallLike): ts.Node {
  let expr: ts.Node = ts.isTaggedTemplateExpression(call) ? call.tag : ts.isDecorator(call) ? call.expression : ts.isJsxOpeningElement(call) || ts.isJsxSelfClosingElement(call) ? call.tagName : call.expression;
  while (ts.isParenthesizedExpression(expr) || ts.isNonNullExpression(expr)) expr = expr.expression;
  if (ts.isPropertyAccessExpression(expr)) return expr.name;
  return expr;
}

function bind(call: CallLike, checker: ts.TypeChecker, mapper: Mapper): Binding {
  let unmodelled: ts.Node | undefined;
  let seen = false;
  const tryDeclaration = (candidate: ts.Node | undefined): Def | undefined => {
    if (!candidate) return undefined;
    seen = true;
    if (mapper.relPath(candidate.getSourceFile()) === undefined) return undefined;
    // The symbol's declaration says more about why a call is not modelled than a signature does.
    unmodelled = candidate;
    return mapper.calleeOf(candidate);
  };

  // `new ZodObject()` of a class without a constructor of its own resolves to the inherited
  // constructor, which belongs to the base: the class named is the one instantiated. So does a
  // JSX element of a class component.
  if (ts.isNewExpression(call) || ts.isJsxOpeningElement(call) || ts.isJsxSelfClosingElement(call)) {
    let named = checker.getSymbolAtLocation(calleeNameNode(call));
    if (named && named.flags & ts.SymbolFlags.Alias) named = checker.getAliasedSymbol(named);
    const declaration = named?.valueDeclaration;
    const byClass = declaration && ts.isClassLike(declaration) ? tryDeclaration(declaration) : undefined;
    if (byClass) return { kind: "bound", def: byClass };
  }

  if (!ts.isDecorator(call)) {
    const signature = checker.getResolvedSignature(call)?.declaration;
    const bySignature = tryDeclaration(signature && !ts.isJSDocSignature(signature) ? signature : undefined);
    if (bySignature) return { kind: "bound", def: bySignature };
  }

  let symbol = checker.getSymbolAtLocation(calleeNameNode(call));
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const bySymbol = tryDeclaration(symbol?.valueDeclaration ?? symbol?.declarations?.[0]);
  if (bySymbol) return { kind: "bound", def: bySymbol };

  // `helper.call(this, x)`, `helper.apply(this, args)`: Function.prototype calls helper.
  const through = invokedThrough(call);
  if (through) {
    let invoked = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(through) ? through.name : through);
    if (invoked && invoked.flags & ts.SymbolFlags.Alias) invoked = checker.getAliasedSymbol(invoked);
    const byInvoked = tryDeclaration(invoked?.valueDeclaration ?? invoked?.declarations?.[0]);
    if (byInvoked) return { kind: "bound", def: byInvoked };
  }

  if (unmodelled) return { kind: "unmodelled", declaration: describeDeclaration(unmodelled) };
  return { kind: seen ? "external" : "unresolved" };
}

/**
 * Why the checker bound a call to nothing: the name it starts from is an undeclared global
 * (`describe`, `process`) or comes from a package that is not installed (`expect` from
 * `bun:test`, `const t = require('tap')`): external; else the corpus's own code the checker
 * could not follow (`res.send(…)` on an object made by `Object.create`): unresolved.
 */
function unboundReason(call: CallLike, checker: ts.TypeChecker, mapper: Mapper, unit: WorkspaceProgram, sf: ts.SourceFile): "external" | "unresolved" {
  let expr: ts.Node = calleeNameNode(call);
  if (ts.isIdentifier(expr) && ts.isPropertyAccessExpression(expr.parent) && expr.parent.name === expr) expr = expr.parent;
  while (ts.isPropertyAccessExpression(expr) || ts.isElementAccessExpression(expr) || ts.isCallExpression(expr) || ts.isNonNullExpression(expr) || ts.isParenthesizedExpression(expr) || ts.isAwaitExpression(expr)) expr = expr.expression;
  if (!ts.isIdentifier(expr)) return "unresolved";
  const declaration = checker.getSymbolAtLocation(expr)?.declarations?.[0];
  if (!declaration || mapper.relPath(declaration.getSourceFile()) === undefined) return "external";
  const specifier = importedFrom(declaration);
  if (specifier === undefined) return "unresolved";
  return unit.resolve(specifier, sf.fileName).outcome === "external" ? "external" : "unresolved";
}

/** The module a name was imported from: `import { x } from "m"`, `import x = require("m")`, `const x = require("m")`. */
function importedFrom(declaration: ts.Node): string | undefined {
  let node: ts.Node | undefined = declaration;
  while (node && !ts.isImportDeclaration(node) && !ts.isImportEqualsDeclaration(node) && !ts.isVariableDeclaration(node) && !ts.isSourceFile(node)) node = node.parent;
  if (!node) return undefined;
  if (ts.isImportDeclaration(node)) return ts.isStringLiteralLike(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
  if (ts.isImportEqualsDeclaration(node)) {
    const ref = node.moduleReference;
    return ts.isExternalModuleReference(ref) && ts.isStringLiteralLike(ref.expression) ? ref.expression.text : undefined;
  }
  if (ts.isVariableDeclaration(node) && node.initializer) {
    let init: ts.Expression = node.initializer;
    while (ts.isPropertyAccessExpression(init) || ts.isAwaitExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
    if (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === "require" && init.arguments.length === 1 && ts.isStringLiteralLike(init.arguments[0]!)) return init.arguments[0].text;
  }
  return undefined;
}

/** The function `f.call(…)` or `f.apply(…)` invokes: `f`, a name or property path. */
function invokedThrough(call: CallLike): ts.Expression | undefined {
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return undefined;
  const { name, expression } = call.expression;
  if (name.text !== "call" && name.text !== "apply") return undefined;
  return ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression) ? expression : undefined;
}

/** How a call is written (see Via): a method called on a callback's parameter is told apart. */
function viaOf(call: CallLike, checker: ts.TypeChecker): Via {
  if (ts.isNewExpression(call)) return "new";
  if (ts.isTaggedTemplateExpression(call)) return "tagged";
  if (ts.isDecorator(call)) return "decorator";
  if (!ts.isCallExpression(call)) return "jsx";
  if (invokedThrough(call)) return "call-apply";
  let expr: ts.Expression = call.expression;
  if (!ts.isPropertyAccessExpression(expr)) return "call";
  while (ts.isPropertyAccessExpression(expr) || ts.isNonNullExpression(expr) || ts.isParenthesizedExpression(expr)) expr = expr.expression;
  if (!ts.isIdentifier(expr)) return "call";
  const declaration = checker.getSymbolAtLocation(expr)?.valueDeclaration;
  return declaration && ts.isParameter(declaration) && isCallback(declaration.parent) ? "callback-param" : "call";
}

/** A function literal handed to a call as an argument (`app.get('/', (c) => …)`). */
function isCallback(fn: ts.Node): boolean {
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return false;
  const node = outermostWrapper(fn);
  return (ts.isCallExpression(node.parent) || ts.isNewExpression(node.parent)) && (node.parent.arguments?.some((a) => a === node) ?? false);
}

/**
 * `c.req` where `req` is a `get` accessor declared in the corpus: reading it calls it. Not when
 * it is called itself (the call is bound as a call), nor written (`c.req = x` calls a setter).
 */
function getterRead(node: ts.Node, checker: ts.TypeChecker, mapper: Mapper): Def | undefined {
  if (!ts.isPropertyAccessExpression(node)) return undefined;
  let outer: ts.Node = node;
  while (ts.isParenthesizedExpression(outer.parent) || ts.isNonNullExpression(outer.parent)) outer = outer.parent;
  const parent = outer.parent;
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression === outer) return undefined;
  if (ts.isTaggedTemplateExpression(parent) && parent.tag === outer) return undefined;
  if (ts.isBinaryExpression(parent) && parent.left === outer && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) return undefined;
  const symbol = checker.getSymbolAtLocation(node.name);
  if (!symbol || !(symbol.flags & ts.SymbolFlags.GetAccessor)) return undefined;
  const getter = symbol.declarations?.find(ts.isGetAccessorDeclaration);
  if (!getter || mapper.relPath(getter.getSourceFile()) === undefined) return undefined;
  return mapper.calleeOf(getter);
}

const EITHER_OPERAND = new Set([ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken]);

/** Whether `node`, a whole name or property path, is a value handed on where it stands (see Truth.references). */
function flowsOn(node: ts.Expression): boolean {
  let child: ts.Node = node;
  let parent = node.parent;
  while (
    parent &&
    (ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      ts.isNonNullExpression(parent) ||
      (ts.isConditionalExpression(parent) && parent.condition !== child) ||
      (ts.isBinaryExpression(parent) && EITHER_OPERAND.has(parent.operatorToken.kind)))
  ) {
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return false;
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) return parent.arguments?.some((arg) => arg === child) ?? false;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.initializer === child;
  if (ts.isBinaryExpression(parent)) return parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === child;
  if (ts.isArrowFunction(parent)) return parent.body === child;
  if (ts.isPropertyAccessExpression(parent)) {
    // `f.bind(…)` makes a function of f without calling it.
    return parent.expression === child && parent.name.text === "bind" && ts.isCallExpression(parent.parent) && parent.parent.expression === parent;
  }
  return ts.isArrayLiteralExpression(parent) || ts.isExportAssignment(parent) || ts.isReturnStatement(parent) || ts.isJsxExpression(parent);
}

/** The entity a name handed over as a value stands for (`f(helper)`, `{ helper }`, `this.onClose`). */
function handOver(node: ts.Node, checker: ts.TypeChecker, mapper: Mapper): Def | undefined {
  let symbol: ts.Symbol | undefined;
  if (ts.isShorthandPropertyAssignment(node)) {
    symbol = checker.getShorthandAssignmentValueSymbol(node);
  } else if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
    // Only the whole path: in `a.b.c` neither `a` nor `a.b` is handed on (but f is, in `f.bind(…)`).
    if (ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node && node.parent.name.text !== "bind") return undefined;
    if (!flowsOn(node)) return undefined;
    symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(node) ? node.name : node);
  } else {
    return undefined;
  }
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  if (!declaration || mapper.relPath(declaration.getSourceFile()) === undefined) return undefined;
  if (ts.isGetAccessorDeclaration(declaration) || ts.isSetAccessorDeclaration(declaration)) return undefined;
  return mapper.calleeOf(declaration);
}

/** An import's specifier and how it is written: a declaration, `export … from`, `import x = require()`, `require("x")`, `import("x")`. */
function importOf(node: ts.Node): { specifier: ts.StringLiteralLike; kind: TruthImportStatement["kind"]; statement: ts.Node } | undefined {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
    if (!node.moduleSpecifier || !ts.isStringLiteralLike(node.moduleSpecifier)) return undefined;
    const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly === true : node.isTypeOnly;
    return { specifier: node.moduleSpecifier, kind: typeOnly ? "type" : "static", statement: node };
  }
  if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteralLike(node.moduleReference.expression)) {
    return { specifier: node.moduleReference.expression, kind: "require", statement: node };
  }
  if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0]!)) {
    if (node.expression.kind === ts.SyntaxKind.ImportKeyword) return { specifier: node.arguments[0], kind: "dynamic", statement: node };
    if (ts.isIdentifier(node.expression) && node.expression.text === "require") return { specifier: node.arguments[0], kind: "require", statement: node };
  }
  return undefined;
}

export function buildTruth(dir: string): Truth {
  return buildTruthWithStats(dir).truth;
}

export function buildTruthWithStats(dir: string): { truth: Truth; stats: TruthStats } {
  const started = performance.now();
  const root = resolve(dir);
  const workspace = workspacePrograms(root);

  const calls: TruthCall[] = [];
  const references: TruthCall[] = [];
  const imports = new Map<string, TruthImport>();
  const importStatements: TruthImportStatement[] = [];
  const unbound: UnboundSite[] = [];
  const defs = new Map<string, Def>();
  const files: string[] = [];
  const stats: TruthStats = { files: 0, callSites: 0, bound: 0, external: 0, unresolved: 0, unmodelled: 0, unmodelledByDeclaration: {}, seconds: 0,
    samples: { external: [], unresolved: [], unmodelled: [] }, byVia: {}, importOutcomes: {},
    workspace: { ...workspace.stats, fallbackImports: 0 },
  };

  const remember = (def: Def): void => {
    defs.set(`${def.path}\0${def.name}\0${def.line}`, def);
  };

  for (const unit of workspace.programs) walkProgram(unit);

  function walkProgram(unit: WorkspaceProgram): void {
    const checker = unit.program.getTypeChecker();
    const mapper = new Mapper(root, checker);
    const walked = new Set(unit.walked);
    for (const sf of unit.program.getSourceFiles()) {
      if (!walked.has(resolve(sf.fileName))) continue;
      const path = mapper.relPath(sf);
      if (path === undefined) continue;
      files.push(path);
      stats.files++;
      walkFile(sf, path, checker, mapper, unit);
    }
  }

  function walkFile(sf: ts.SourceFile, path: string, checker: ts.TypeChecker, mapper: Mapper, unit: WorkspaceProgram): void {
    const fileDef: Def = { path, name: TOP_LEVEL, line: 1, kind: "file" };
    const lineOf = (node: ts.Node): number => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

    const record = (caller: Def, node: CallLike): void => {
      stats.callSites++;
      const binding = bind(node, checker, mapper);
      if (binding.kind === "bound") {
        stats.bound++;
        remember(binding.def);
        const via = viaOf(node, checker);
        stats.byVia![via] = (stats.byVia![via] ?? 0) + 1;
        calls.push({ caller, callee: binding.def, line: lineOf(node), site: lineOf(calleeNameNode(node)), via });
      } else {
        if (binding.kind === "unresolved") binding.kind = unboundReason(node, checker, mapper, unit, sf);
        stats[binding.kind]++;
        // What the checker could not bind, by the called name: a row of ix there is not judged.
        if (binding.kind !== "external") unbound.push({ path, line: lineOf(calleeNameNode(node)), name: calleeNameNode(node).getText(sf) });
        if (binding.kind === "unmodelled") {
          const by = stats.unmodelledByDeclaration;
          by[binding.declaration] = (by[binding.declaration] ?? 0) + 1;
        }
        const samples = stats.samples[binding.kind];
        if (samples.length < SAMPLES_PER_REASON) samples.push(`${path}:${lineOf(node)} ${calleeNameNode(node).getText(sf).replace(/\s+/g, " ").slice(0, 60)}`);
      }
    };

    const visit = (node: ts.Node, caller: Def): void => {
      let inner = caller;
      if (isFunctionLike(node)) {
        const def = mapper.callerOf(node);
        if (def) {
          inner = def;
          remember(def);
        }
      } else if (ts.isClassLike(node)) {
        const def = mapper.classDef(node);
        if (def) remember(def);
      } else if (ts.isVariableDeclaration(node) && mapper.holderDef(node)) {
        // Calls in the value of a variable holding a function (its wrapped callback included) are its own.
        inner = mapper.holderDef(node)!;
        remember(inner);
      } else if (
        (ts.isPropertyDeclaration(node) || ts.isClassStaticBlockDeclaration(node)) &&
        ts.isClassLike(node.parent)
      ) {
        // Field initialisers and static blocks run as part of the class.
        inner = mapper.classDef(node.parent) ?? caller;
      }

      const imported = importOf(node);
      // `require("./x")` and `import("./x")` are imports, not calls of anything a user declared.
      const isImportCall = imported !== undefined && ts.isCallExpression(node);
      if ((ts.isCallExpression(node) && !isImportCall) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node) || isComponentElement(node) || isBareDecorator(node)) {
        record(inner, node);
      }

      const getter = getterRead(node, checker, mapper);
      if (getter) {
        stats.callSites++;
        stats.bound++;
        stats.byVia!.getter = (stats.byVia!.getter ?? 0) + 1;
        remember(getter);
        const name = (node as ts.PropertyAccessExpression).name;
        calls.push({ caller: inner, callee: getter, line: lineOf(node), site: lineOf(name), via: "getter" });
      }

      const handedOver = handOver(node, checker, mapper);
      if (handedOver) {
        remember(handedOver);
        references.push({ caller: inner, callee: handedOver, line: lineOf(node) });
      }

      if (imported) {
        const mode = ts.getModeForUsageLocation(sf, imported.specifier, unit.options);
        const found = unit.resolve(imported.specifier.text, sf.fileName, mode);
        const to = found.file ? relativeInside(root, found.outcome === "corpus" ? unit.importTarget(found.file, sf.fileName) : found.file) : undefined;
        if (found.fallback) stats.workspace!.fallbackImports++;
        stats.importOutcomes![found.outcome] = (stats.importOutcomes![found.outcome] ?? 0) + 1;
        if (found.outcome === "corpus" && to !== undefined) imports.set(`${path}\0${to}`, { from: path, to });
        importStatements.push({ from: path, specifier: imported.specifier.text, line: lineOf(imported.statement), outcome: found.outcome, to: to === undefined ? undefined : [to], kind: imported.kind });
      }

      ts.forEachChild(node, (child) => visit(child, inner));
    };
    ts.forEachChild(sf, (child) => visit(child, fileDef));
  }

  stats.seconds = (performance.now() - started) / 1000;
  return { truth: { calls, references, imports: [...imports.values()], files: files.sort(), defs: [...defs.values()], importStatements, unbound }, stats };
}

function relativeInside(root: string, file: string): string | undefined {
  const rel = relative(root, file).split("\\").join("/");
  return rel.startsWith("../") || rel.split("/").includes("node_modules") ? undefined : rel;
}

if (import.meta.main) {
  const [dirArg, outArg] = process.argv.slice(2);
  if (!dirArg) {
    console.error("usage: bun bench/truth-ts.ts <dir> [out.json]");
    process.exit(2);
  }
  const { truth, stats } = buildTruthWithStats(dirArg);
  const out = outArg ?? join(import.meta.dir, ".out", `truth-${basename(resolve(dirArg))}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(truth));
  const callees = new Set(truth.calls.map((c) => `${c.callee.path}\0${c.callee.name}\0${c.callee.line}`));
  const rssMb = Math.round(process.memoryUsage().rss / 1e6);
  console.log(
    `files=${stats.files} calls=${truth.calls.length} callees=${callees.size} imports=${truth.imports.length} ` +
      `seconds=${stats.seconds.toFixed(1)} rss_mb=${rssMb}`,
  );
  console.log(
    `call_sites=${stats.callSites} bound=${stats.bound} external=${stats.external} ` +
      `unmodelled=${stats.unmodelled} unresolved=${stats.unresolved}`,
  );
  const byDeclaration = Object.entries(stats.unmodelledByDeclaration).sort((a, b) => b[1] - a[1]);
  console.log(`unmodelled by declaration: ${byDeclaration.map(([kind, n]) => `${kind}=${n}`).join(" ")}`);
  console.log(`bound by how written: ${Object.entries(stats.byVia ?? {}).map(([k, n]) => `${k}=${n}`).join(" ")}`);
  console.log(`import statements: ${Object.entries(stats.importOutcomes ?? {}).map(([k, n]) => `${k}=${n}`).join(" ")}`);
  if (stats.workspace) {
    const w = stats.workspace;
    console.log(`programs=${w.programs} tsconfigs=${w.tsconfigs} packages=${Object.keys(w.packages).length} hidden_declarations=${w.hiddenDeclarations} fallback_imports=${w.fallbackImports} config_errors=${w.configErrors.length}`);
    for (const error of w.configErrors.slice(0, 5)) console.log(`  config: ${error}`);
  }
  for (const [reason, samples] of Object.entries(stats.samples)) {
    for (const sample of samples) console.log(`  ${reason}: ${sample}`);
  }
  console.log(`wrote ${out}`);
}

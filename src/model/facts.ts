// The contract between parsing and resolution. An extractor turns one file's syntax
// tree into FileFacts; the resolver turns the facts of every file into graph edges.
// Facts are plain JSON so they can be stored per file and re-resolved without re-parsing.

/**
 * Bump when an extractor's output changes meaning or gains fields: a graph built with another
 * version is re-parsed in full on the next map, instead of mixing old and new facts.
 */
export const FACTS_VERSION = 35;

/**
 * A language id as src/lang/registry.ts registers it ("typescript", "go", …). A plain string
 * here: this folder imports nothing, and a union spelled out in it would be a second list of
 * languages to edit for each new one. The registry is the one place that gives ids meaning.
 */
export type Lang = string;

export type EntityKind = "module" | "class" | "interface" | "type" | "function" | "method";

/** Every kind a node can have, as answers list them: entities, then files. */
export const NODE_KINDS: readonly string[] = ["function", "method", "class", "interface", "type", "module", "file"];

export interface EntityFact {
  name: string;
  /** Qualified within the file: "Class.method", "outer.inner"; Go methods "Type.Method". */
  qname: string;
  kind: EntityKind;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  /** The declaration's first line, trimmed, at most 200 characters. */
  signature: string;
  /**
   * Overload signatures folded into this entity (Python `@overload` stubs before their
   * implementation), each on one line, at most 200 characters: the views callers get.
   */
  overloads?: string[];
  exported: boolean;
  /** Index into FileFacts.entities of the containing entity; -1 for the file itself. */
  parent: number;
  /**
   * A local function declared in a block or a callback narrower than its container's body
   * (inside an `if`, a loop, `describe(() => { … })`): the lines of that block, the only place
   * its name is in scope. Elsewhere in the container the name means what it means outside.
   */
  scopeLines?: [from: number, to: number];
  /**
   * Other names its container holds it by (`req.get = req.header = function header(…)`,
   * `exports.a = exports.b = function …`): callers reach it by any of them.
   */
  aliases?: string[];
  /** TS/JS `export default` target. */
  defaultExport?: boolean;
  /**
   * A method read as a property (TS `get`/`set`, Python `@property`): `this.size` reads it,
   * it hands nothing over.
   */
  accessor?: true;
  /**
   * An accessor that writing the property runs, not reading it (Python `@x.setter`): a read
   * runs the property's other accessor of its name.
   */
  setter?: true;
  /**
   * A module entity that is a value holding its members (TS/JS `const util = { f() {} }`):
   * `util.f` names them, but inside them they are no names in scope.
   */
  object?: true;
  /** Go methods: the receiver's type name (without `*`), which may live in another file. */
  receiverType?: string;
  /**
   * Go methods and interface methods: their parameters' and results' types as written, with
   * package qualifiers dropped and type parameters as `?`, `;`-separated, the results after a
   * `|` (`string;*Context|bool`): what an interface's satisfaction compares beside the name.
   */
  methodTypes?: string;
  /**
   * TS/JS functions, methods, type aliases of function types and interfaces (or object type
   * aliases) with call signatures: each parameter's declared named type ("" where none; a type
   * parameter as its constraint or default), generic arguments stripped; a rest parameter's
   * element type prefixed by "...", standing for every position from there on (read with
   * `parameterAt`); a property's type as `Type['property']` (propertyType). Overloads keep a
   * type where every overload that can take a function there
   * agrees. What a function or object literal passed there receives is read through it. A name
   * of the declaring file.
   */
  params?: string[];
  /**
   * TS type aliases: the named types the alias stands for (`type A = B<T> & C`: B, C), as
   * written; "<i>" for its own i-th type parameter passed through (`type P<T> = Omit<T, 'k'>`).
   */
  aliasOf?: string[];
  /**
   * TS type aliases: the named generic arguments of each type in aliasOf, where any has one
   * ("<i>" for the alias's own type parameter): `type Op<A> = Unary<Source<A>, A>` gives
   * { Unary: ["Source", "<0>"] }.
   */
  aliasArgs?: Record<string, string[]>;
  /**
   * TS type aliases of a union of named types (`type H<E> = Handler<E> | Middleware<E>`): the
   * members, as aliasOf writes them (their generic arguments in aliasArgs). Only what a function
   * passed as one receives is read through them: the parameter types every member agrees on.
   */
  unionOf?: string[];
  /**
   * TS/JS members holding a function whose declared type is named (`onError?: OnError`,
   * `createHandlers: CreateHandlersInterface = (...hs) => …`): a call of one is typed by that
   * type's parameters where the member's own say nothing. A name of the declaring file.
   */
  typedAs?: string;
  /** TS/JS functions and methods that take functions: what those functions are passed. */
  callbackParams?: CallbackParams;
  /**
   * Functions and methods: the declared result's named type, generic arguments stripped
   * ("Store", "st.Store"; Go: the single or first result, pointer stripped; TS: `Foo | null`
   * counts as Foo; Python: the return annotation, `Optional[Foo]` counting as Foo; for a pytest
   * fixture without one, the one class its returns construct or its yields give). Absent for builtins, type parameters, unnamed types, and TS overloads that
   * disagree. A name of the declaring file.
   */
  returns?: string;
  /**
   * Functions that return a function (decorator factories): what calling that function
   * returns, a name of the declaring file: Python `-> Callable[[F], Group]`, or the declared or
   * inferred result of the nested def returned (`def command(): def decorator(f): return
   * Command(f); return decorator`).
   */
  returnsCallable?: string;
  /** A pytest fixture: test functions name it as a parameter and get what it returns or yields. */
  fixture?: true;
  /**
   * Methods that declare they return the instance they are called on, whatever its class:
   * Python `def __enter__(self: T) -> T`, `-> Self`. A call's result is its receiver.
   */
  returnsSelf?: true;
  /** What the entity's own doc comment states about it (JSDoc, Python docstring, Go doc comment). */
  doc?: DocFact;
  /**
   * Documented functions and methods: their parameters as the signature names them, in order,
   * the receiver (`this`, `self`, `cls`) left out: "*args", "**kwargs", "...rest" as written,
   * "{}" for a destructured one. What the doc's `@param`s are checked against.
   */
  paramNames?: string[];
  /**
   * Documented functions and methods with a body: whether it gives back a value (a `return`
   * with a value, an expression body, a `yield`, a declared result other than void/None).
   * Absent where there is no body to read (a signature, an abstract stub).
   */
  returnsValue?: boolean;
}

/**
 * A doc comment read as statements the code makes about its entity: the claims that context
 * counts, explain shows and conflicts checks against the code.
 */
export interface DocFact {
  /** 1-based, inclusive: where the comment is written. */
  startLine: number;
  endLine: number;
  /** The first sentence, whitespace collapsed, at most 200 characters; "" when the comment has only tags. */
  summary: string;
  /** `@deprecated` (Go: a "Deprecated:" paragraph): its reason, "" when it gives none. */
  deprecated?: string;
  /** Parameter names the comment documents (`@param x`, a docstring's Args/Parameters section), in order. */
  params?: string[];
  /** `@returns`/`@return` (a docstring's Returns section): its text, "" when it gives none. */
  returns?: string;
  /** Entity names the comment refers to (`{@link X}`, `[X]` in Go, `:func:\`X\`` in Python), in order. */
  mentions?: string[];
  /**
   * Mentions naming something the same file declares that no entity holds (a module-level
   * constant or variable): they point at code that exists.
   */
  declared?: string[];
}

/** A documented entity as the conflict rules read it: where it is, its doc, and what its doc is checked against. */
export type CheckedEntity = Pick<EntityFact, "name" | "qname" | "kind" | "startLine" | "endLine" | "paramNames" | "returnsValue"> & { doc: DocFact };

/**
 * What the conflict rules check in one file, kept by the store beside its facts so a question
 * about every documented entity reads these rows, not every file's facts: the entities whose
 * doc makes a claim the code can contradict, and the names the file binds by import.
 */
export interface DocClaims {
  path: string;
  entities: CheckedEntity[];
  imports: string[];
}

/** The file's DocClaims (path aside); undefined when no doc of it makes a checkable claim. */
export function docClaimsOf(facts: FileFacts): Omit<DocClaims, "path"> | undefined {
  const entities: CheckedEntity[] = [];
  for (const e of facts.entities) {
    if (!e.doc) continue;
    // Only what the code can contradict: documented parameters where the signature's names are
    // known, a returns claim on a body that gives back nothing, a deprecation, links. The
    // summary never is: it is left out, and these rows stay a fraction of the facts.
    const { summary: _summary, params, returns, ...rest } = e.doc;
    const doc: DocFact = { ...rest, summary: "" };
    if (params && e.paramNames) doc.params = params;
    if (returns !== undefined && e.returnsValue === false) doc.returns = returns;
    if (!doc.params && doc.returns === undefined && doc.deprecated === undefined && !doc.mentions) continue;
    const checked: CheckedEntity = { name: e.name, qname: e.qname, kind: e.kind, startLine: e.startLine, endLine: e.endLine, doc };
    if (e.paramNames) checked.paramNames = e.paramNames;
    if (e.returnsValue !== undefined) checked.returnsValue = e.returnsValue;
    entities.push(checked);
  }
  if (entities.length === 0) return undefined;
  const imports = new Set<string>();
  for (const imp of facts.imports) for (const name of imp.names) if (name.local) imports.add(name.local);
  return { entities, imports: [...imports] };
}

/**
 * Parameter index → the declared types of the parameters of the function that parameter
 * takes, as written with generic arguments stripped ("Observable", "ns.Foo"); "" where one
 * has no usable nominal type. `init: (src: Observable<T>, sub: Subscriber<R>) => void` as the
 * first parameter gives `{ 0: ["Observable", "Subscriber"] }`. Type names belong to the
 * declaring file: a caller resolves them there, not where it passes its function.
 */
export type CallbackParams = Record<number, string[]>;

/** The prefix of a rest parameter's element type in `EntityFact.params`. */
export const REST_PARAMETER = "...";

/** A parameter declared with the type of a property of a named type (TS `Effect<T>['refinement']`), as params write it. */
export function propertyType(type: string, property: string): string {
  return `${type}['${property}']`;
}

/** The named type and the property of a parameter type written by propertyType. */
export function ofPropertyType(written: string): { type: string; property: string } | undefined {
  const match = /^(.+)\['([^']+)'\]$/.exec(written);
  return match ? { type: match[1]!, property: match[2]! } : undefined;
}

/** The declared type of parameter `position` of `params`: a rest parameter's for every position from its own. */
export function parameterAt(params: readonly string[], position: number): string | undefined {
  const last = params.length - 1;
  const rest = last >= 0 && params[last]!.startsWith(REST_PARAMETER);
  if (position < (rest ? last : params.length)) return params[position];
  return rest && position >= last ? params[last]!.slice(REST_PARAMETER.length) : undefined;
}

export interface CallFact {
  /** Enclosing entity index (function, method, or class for field initialisers); -1 = top level. */
  from: number;
  line: number;
  /** The called name: `foo` for foo(), `bar` for a.b.bar(), `Foo` for new Foo(). */
  callee: string;
  /**
   * The receiver as written when it is a plain dotted path: "this", "self", "x", "this.db",
   * "pkg", "a.b". "?" when it is anything else (a call result, an index, a literal).
   * Absent for a bare call.
   */
  receiver?: string;
  /** `new Foo()` in TS/JS. (Python constructor calls look like plain calls.) */
  isNew?: boolean;
  /**
   * The receiver is the result of another call of this file, `f(x).g()`, TS `new A().g()`:
   * that call's index in FileFacts.calls (`receiver` is then "?").
   */
  receiverCall?: number;
  /**
   * The receiver's type as the code asserts it, TS `(x as Foo).m()`, `(<Foo>x).m()`: the type
   * name as written (`receiver` is then "?").
   */
  receiverType?: string;
  /**
   * Not a call: the member `callee` of the receiver is read (`response.is_redirect`) or
   * written (`self.timeout = t`). Reading a property runs its getter, writing it its setter, so
   * where it binds to an accessor it is a call of that accessor; bound to anything else (a
   * field, a method taken as a value) or to nothing, it is no call and no unresolved site.
   */
  access?: "read" | "write";
  /**
   * 0-based column (UTF-16 units) where the call is written, set only where a variable of its
   * scope comes into force or goes out of it within the call's line: Go's `r.Get("/", func(w
   * http.ResponseWriter, r *http.Request) {…})` calls the outer r, whose namesake is in force
   * only inside the literal. Its names are looked up at that position (lookupPosition).
   */
  column?: number;
}

/**
 * Columns as a fraction of their line, so that a position within a line orders against a
 * line and against other positions by plain comparison. Lines and positions mix: a variable
 * whose reach is given in lines holds over whole lines.
 */
const COLUMN_SCALE = 1_000_000;

/** A position within a line: `line` plus its 0-based column as a fraction. */
export function position(line: number, column: number): number {
  return line + Math.min(column, COLUMN_SCALE - 1) / COLUMN_SCALE;
}

/** The position just before `at`: for a line, the line before it; for a position, the column before it. */
export function justBefore(at: number): number {
  return Number.isInteger(at) ? at - 1 : at - 0.5 / COLUMN_SCALE;
}

/** Where a call's receiver or callee name is looked up: its position where one is set, else its line. */
export function lookupPosition(call: CallFact): number {
  return call.column === undefined ? call.line : position(call.line, call.column);
}

export interface ImportName {
  /** Name in the source module: a name, "default", or "*" for a namespace/whole module. */
  imported: string;
  /** Name bound in this file ("" when nothing is bound, e.g. `import "./x"`, `export * from`). */
  local: string;
}

export interface ImportFact {
  line: number;
  /** Module specifier as written: "./x", "@/lib/y", "lodash", ".pkg.mod", "..", "github.com/a/b". */
  source: string;
  names: ImportName[];
  /** reexport: `export ... from`; require: CommonJS require(); dynamic: import(). */
  kind: "import" | "reexport" | "require" | "dynamic";
  /** TS `import type`. */
  typeOnly?: boolean;
}

/** `export { a as b }` / `export default a` without a `from`: local name -> exported name. */
export interface ExportFact {
  local: string;
  exported: string;
  line: number;
}

export interface HeritageFact {
  /** The class/interface/struct entity index. */
  entity: number;
  kind: "extends" | "implements";
  /** As written: "Base", "ns.Base", "models.Model" (generic arguments stripped). */
  name: string;
  line: number;
}

/**
 * A name the code uses without calling it: REFERENCES edges. A type named in a signature,
 * annotation or body; or, with `value`, a function, method or class handed over by name (an
 * argument, an assigned, initialised or returned value, a property or element, `export default
 * x`), which is a caller's use of it as much as a call is, where a type's is not.
 */
export interface RefFact {
  /** Type references: the innermost entity; value references: the enclosing caller, as for calls. */
  from: number;
  /** As written: "Foo", "ns.Foo"; a value "helper", "this.onClose", "pkg.Handler". */
  name: string;
  line: number;
  value?: true;
}

/**
 * A variable whose type is known from `new X()`, `X()` (Python class), `&X{}` / `X{}` (Go),
 * or an annotation (`x: X`, params, Go receivers, class fields as "this.x" / "self.x").
 */
export interface TypedVarFact {
  /** Entity index of the scope it lives in; -1 = file. Fields use the class's index. */
  scope: number;
  name: string;
  /** The type name as written, generic arguments and `*`/`[]`/`| null` stripped: "Foo", "ns.Foo". */
  type: string;
  /** Where the variable comes into force: a line, or a `position` within one (Go). */
  line: number;
  /**
   * Set for an unannotated parameter of a function written as a call's argument, whose type
   * only the callee's declaration tells (`operate((source, subscriber) => …)`); `type` is "".
   */
  fromCallback?: CallbackSlot;
  /**
   * Set when the variable is initialised by a call (`x := pkg.F()`, `x, err := F()`): index into
   * FileFacts.calls of that call, whose callee's declared `returns` is the type; `type` is "".
   */
  fromCall?: number;
  /**
   * Set when the variable is initialised by reading a field path (`rws := w.rws`,
   * `const c = this._connection`, `repo = self.repo`): it holds what that dotted path holds,
   * read just before the variable's line; `type` is "".
   */
  fromPath?: string;
  /**
   * The named types of the declared type's generic arguments ("" where one has none), when any
   * has one: `options: PickAsRequired<RouterOptions, 'k'>` gives ["RouterOptions", ""], what
   * an alias that passes its argument through stands for.
   */
  typeArgs?: string[];
  /**
   * The variable is parameter N (0-based) of a function whose declared type is `type`, an alias
   * of a function type: `const h: Handler = (c) => …`, `return (source) => …` in a function
   * declared to return one.
   */
  parameterOf?: number;
  /**
   * The variable is this property (a dotted path, nested) of the value the rest of the fact types, destructured:
   * `({ api, refetch }: Input) => …`, `const h: Handler = ({ api }) => …`.
   */
  property?: string;
  /**
   * The declared type is the type of this property of `type` (`serverSsr: Router['serverSsr']`):
   * the variable has that type's members, but its value is not read from any Router.
   */
  typeOfProperty?: string;
  /**
   * The last line the variable holds on (or the `position` it holds to), when that is before its
   * scope ends (TS `this:` of a callback, a Go block's variable).
   */
  until?: number;
  /**
   * The variable holds a collection (Go slice, array, map or channel; TS array, Set, Map (its values) or other
   * iterable; Python list, set, sequence) and `type` names its elements (a Go map's values):
   * `items []*Item`, `items: Item[]`, `items: list[Item]`. Its own members are the runtime's.
   */
  collection?: true;
  /**
   * With `fromPath`: the variable is one element of the collection the path holds
   * (`it, ok := s.items[k]`, `for _, it := range s.items`, `for (const it of this.items)`,
   * `for it in self.items:`).
   */
  element?: true;
  /**
   * With `fromCall`: the variable holds what calling that call's result returns. A name
   * decorated by a call, `@cli.command() def hello`, is `cli.command()(hello)`.
   */
  applied?: true;
  /**
   * A parameter whose value the test runner hands in by its name (a pytest fixture): the
   * family's resolver finds what provides it; `type` is "".
   */
  injected?: true;
  /**
   * With `fromCall`: the variable holds what this method of that call's result returns,
   * called by the language on it (`with Client() as c`: `__enter__`).
   */
  thenCalls?: string;
}

/**
 * The name of the variable a getter without a declared result holds its `return` value in
 * (scope: the getter): what reading the getter gives. No code can write the name.
 */
export const RETURNED = "<return>";

/** Where a callback parameter's type comes from: a parameter of a function passed to a call. */
export interface CallbackSlot {
  /** Index into FileFacts.calls of the call the function is passed to. */
  call: number;
  /** The function's argument position (0-based). */
  arg: number;
  /** The parameter's position in the function (0-based; a `this` parameter does not count). */
  param: number;
  /** The function's last line: the parameter is out of scope after it. */
  until: number;
  /** The function is this property of an object literal argument: `create({ onError: (e) => … })`. */
  property?: string;
}

export interface FileFacts {
  path: string;
  lang: Lang;
  entities: EntityFact[];
  calls: CallFact[];
  imports: ImportFact[];
  exports: ExportFact[];
  heritage: HeritageFact[];
  refs: RefFact[];
  vars: TypedVarFact[];
  /** Count of ERROR/MISSING nodes; the rest of the file is still extracted. */
  parseErrors: number;
  /** Go: the `package` clause's name. */
  packageName?: string;
  /**
   * Go struct fields of a named type: scope is the struct entity, name the field's (an embedded
   * field under its type's name). Kept apart from `vars`: they are members, not variables.
   */
  fields?: TypedVarFact[];
  /** Variables typed by the result of the call that initialises them (`fromCall` set). */
  resultVars?: TypedVarFact[];
  /** Names a function binds that no entity holds (parameters, local variables): they hide outer names. */
  locals?: LocalFact[];
  /**
   * Dotted paths read or assigned without being called or handed over (`c.req.url`,
   * `this.size > 0`, `c.res = r`): where one reads a getter (or assigns a setter) it calls it.
   */
  reads?: ReadFact[];
}

/**
 * A dotted path read: the enclosing caller (as for calls), the path as written, its line. A
 * tuple, as LocalFact is: a file may hold thousands.
 */
export type ReadFact = [from: number, path: string, line: number];

/**
 * A parameter or local variable: within its scope (the entity index of the function it belongs
 * to, or of the scope a callback is written in; -1 = file), from `line` (to `until` when set: a
 * callback's parameter, a block's variable; either a line or a `position` within one), a bare
 * call of its name calls whatever it holds,
 * never the outer definition of that name. A tuple: a 13k-file repository has half a million,
 * and as objects they were a fifth of all stored facts.
 */
export type LocalFact = [scope: number, name: string, line: number, until?: number];

export function localFact(scope: number, name: string, line: number, until?: number): LocalFact {
  return until === undefined ? [scope, name, line] : [scope, name, line, until];
}

/** Facts with nothing found yet: what every extractor starts from. */
export function emptyFacts(path: string, lang: Lang, parseErrors = 0): FileFacts {
  return { path, lang, entities: [], calls: [], imports: [], exports: [], heritage: [], refs: [], vars: [], parseErrors };
}

// What the binder asks of a language family. Each family's folder answers (src/lang/<id>/
// resolver.ts): its module resolution, its builtins, and the rules of its scopes, so that
// binding itself names no language. One resolver per family per chunk of files: its memos
// live as long as the binder's, and keep the reads behind their answers as every memo does
// (reads.ts).
import type { FileFacts, ImportFact, TypedVarFact } from "../model/facts.ts";
import type { FileIndex, ImportBinding } from "./file-index.ts";
import type { Languages } from "./languages.ts";
import type { EntityRef, Via } from "./model.ts";
import type { ReadLog } from "./reads.ts";
import type { EntityValue, Value, Want } from "./values.ts";
import type { Workspace } from "./workspace.ts";

/**
 * What an import names: one file (a TS/JS module, a Python module) or a directory of them (a
 * Python package, a Go package). Its family's resolver made it and answers about it.
 */
export interface Mod {
  /** The id of that family (src/lang/registry.ts). */
  readonly family: string;
  /** Identifies the module across families (memo keys). */
  readonly key: string;
}

/**
 * "external": outside the workspace (node_modules, stdlib, builtins): calls into it are dropped.
 * "unknown": meant to be in the workspace (a relative path, a matched alias) but not found.
 */
export type Outcome<T> = T | "external" | "unknown";

/** How a family's import facts bind names in the importing file. */
export interface ImportForms {
  /**
   * A whole-package import is bound by its alias: `.` binds the package's names into the file,
   * no alias its declared name (unnamedImport), `_` nothing.
   */
  readonly packageAliases: boolean;
  /** `from x import *` binds every name x provides. */
  readonly starImportsBindNames: boolean;
  /** `import a.b.c` binds `a` too, and keeps `a.b.c` bound for exact receivers. */
  readonly dottedImports: boolean;
}

/** The name an instance method's code calls its own object by: `this`, `self`. */
export interface SelfRules {
  readonly names: ReadonlySet<string>;
  readonly via: Via;
  /** How the facts spell it: fields `this.db`, `self.repo`; a declared type `this: Foo`. */
  readonly factName: string;
  /** A function may declare the type of its self: `function (this: Foo)`. */
  readonly typedByParameter: boolean;
}

export interface LanguageResolver {
  readonly imports: ImportForms;
  /** Undefined where methods name their receiver like any parameter. */
  readonly self: SelfRules | undefined;
  /** Code written directly in a class body sees the names declared there. */
  readonly classBodyIsScope: boolean;
  /** A bare call of a class constructs an instance (no `new`). */
  readonly bareCallConstructs: boolean;
  /** A bare `super(…)` calls the base class's constructor. */
  readonly superCallsBase: boolean;
  /** Any named type may be a base (an embedded type), not only classes and interfaces. */
  readonly typesAreBases: boolean;
  /** The evidence of a name reached through a star import, when not that of the import itself. */
  readonly starImportVia: Via | undefined;
  /** The evidence of a binding to one of this family's modules as a whole. */
  readonly namespaceVia: Via;
  /** `from pkg import mod`: a name imported from one of its modules may be a module, imported too. */
  readonly importsNameModules: boolean;

  isBuiltinFunction(name: string): boolean;
  /** `console.log`, `Math.max`, `process.env.X`: the receiver's head is a runtime global. */
  isBuiltinReceiver(receiver: string): boolean;
  isBuiltinType(name: string): boolean;

  /** What an import of `importer` (a file of this family) names. */
  resolveImport(importer: FileFacts, imp: ImportFact): Outcome<Mod>;
  resolveSource(importer: FileFacts, source: string): Outcome<Mod>;
  /** A name one of this family's modules provides, following re-exports through `host`. */
  moduleMember(mod: Mod, name: string, want: Want, visiting: Set<string>): Value | undefined;
  /** The files an import of the module points at. */
  moduleFiles(mod: Mod): readonly string[];
  /** A typed field of class `cls` of a file of this family. */
  fieldOf(index: FileIndex, cls: number, name: string): TypedVarFact | undefined;

  /** A name other files of the file's package declare, in scope without an import. */
  packageName?(path: string, name: string, want: Want): Value | undefined;
  /** The binding an unaliased import gives `name`, which its target's declaration decides. */
  unnamedImport?(path: string, index: FileIndex, name: string): ImportBinding | undefined;
  /** A method of `cls` declared outside its body (a Go method, in any file of the package). */
  outsideMember?(cls: EntityRef, index: FileIndex, name: string): EntityValue | undefined;
  /** What the test runner hands a parameter of a file of this family by its name (a pytest fixture). */
  injectedValue?(path: string, name: string): Value | undefined;
  /**
   * A module bound whole and then called, constructed or named as a type: the one value it
   * exports as a whole (CommonJS `module.exports = createApplication`, TS `export =`), which
   * `require('./app')()` calls. Undefined where modules are no values of their own.
   */
  wholeModule?(mod: Mod, want: Want): Value | undefined;
  /**
   * Where a type implements an interface by having its methods, with no declaration saying so
   * (Go): the IMPLEMENTS edges the file owns.
   */
  satisfactions?(path: string, index: FileIndex): Satisfaction[];
}

/** A type that has every method an interface requires: an IMPLEMENTS edge no heritage declares. */
export interface Satisfaction {
  type: EntityRef;
  iface: EntityRef;
  via: Via;
  /** The type's declaration line. */
  line: number;
}

/** What a family's resolver may ask of the binder. */
export interface BinderHost {
  readonly reads: ReadLog;
  readonly languages: Languages;
  index(path: string): FileIndex | undefined;
  /** One re-export hop: the binding's target, one hop further from the importer. */
  follow(path: string, binding: ImportBinding, visiting: Set<string>, want?: Want): Value | undefined;
  /** A module-level variable of a known type: `router = ConnectionRouter()`. */
  moduleVariable(path: string, index: FileIndex, name: string): Value | undefined;
  /** An instance of the class a type name of `path` denotes in `scope`. */
  typeValue(path: string, scope: number, type: string): Value | undefined;
  /** `value.name`: a module's export, a class's static member, an instance's method. */
  member(value: Value, name: string, want: Want): Value | undefined;
  /** The resolved `extends` targets of a class or interface ("external" for outside ones). */
  bases(cls: EntityRef): (EntityRef | "external")[];
  /**
   * A name through star re-exports or imports: exactly one source must provide it. null:
   * provided by several (ambiguous, stop); undefined: by none.
   */
  throughStars(index: FileIndex, stars: readonly { source: string; line: number }[], name: string, visiting: Set<string>, want?: Want): Value | null | undefined;
}

/**
 * The files a family's manifests name as its packages' entry points, which code outside the
 * repository may import (src/lang/<id>/). `paths`: every file of the project, for the
 * patterns a manifest may write. Reads manifests (and the file set) only, never facts.
 */
export type PackageEntries = (ws: Workspace, paths: ReadonlySet<string>) => string[];

/** A family's resolver for one chunk of files. */
export type CreateResolver = (ws: Workspace, host: BinderHost) => LanguageResolver;

// What the registry knows of a language family, one folder of src/lang/: plain data and lazy
// loaders. Discovery, roles and every query read it, so describing a family must load neither
// tree-sitter nor its extractor nor its resolver.
import type { Node } from "web-tree-sitter";
import type { FileFacts, Lang } from "../model/facts.ts";
import type { CreateResolver, PackageEntries } from "../resolve/language.ts";
import type { SiteSyntax } from "../sites/syntax.ts";

export interface LanguageDescriptor {
  /** The id a file's facts and nodes carry (FileFacts.lang). */
  readonly id: string;
  /** Lower-case, without the dot. */
  readonly extensions: readonly string[];
}

/** Base-name patterns of a family's files that are not production code. */
export interface FilePatterns {
  readonly test: readonly RegExp[];
  readonly generated: readonly RegExp[];
  /** Build, lint and bundler configuration written as code. */
  readonly tooling: readonly RegExp[];
  /** Tooling only at the repository root: `src/build.ts` is usually product code. */
  readonly rootTooling: readonly RegExp[];
  /** Tested on the whole path: bundles skipped without reading them. */
  readonly minified: readonly RegExp[];
  /**
   * Files a runtime or toolchain loads by itself, which no import names: entry points and
   * ambient declarations. Nothing importing them is no sign that they are unused.
   */
  readonly entry: readonly RegExp[];
}

/** How callers name a file's module when they write `module.name`. */
export interface ModuleNaming {
  /** Every file of a directory belongs to the directory's one module (a Go package). */
  readonly directoryIsModule: boolean;
  /** File stems that stand for their directory (`index`, `__init__`). */
  readonly directoryFiles: readonly string[];
  /**
   * Every name a module imports is one of its members, re-exported or not (a Python
   * `from .utils import echo` in `click/__init__.py` makes `click.echo`).
   */
  readonly importsAreMembers: boolean;
  /**
   * An import takes the whole module and names none of its entities (a Go import of a
   * package): a file importing the module imports an entity of it only where it uses it.
   */
  readonly importsNameNoEntity?: boolean;
  /**
   * The name a file's module is known by as its own code declares it, whatever its path (a Go
   * package clause: `package toml` in `internal/tomlx/`).
   */
  declaredName?(facts: FileFacts): string | undefined;
}

export type Extractor = (root: Node, source: string, path: string, lang: Lang) => FileFacts;

/** What parsing a file of the family takes, loaded with the first such file. */
export interface FamilyParsing {
  /** Each language's grammar .wasm, embedded in the binary. */
  readonly grammars: Readonly<Record<Lang, string>>;
  readonly extract: Extractor;
  /** The text to parse, when the grammar needs some forms repaired; no character may move. */
  readonly prepare?: (source: string, lang: Lang) => string;
}

export interface LanguageFamily {
  /** The folder's name, src/lang/<id>/. */
  readonly id: string;
  readonly languages: readonly LanguageDescriptor[];
  /**
   * Base names of the configs the family's module resolution reads (`*`: any characters).
   * They are tracked for change but not parsed, and a change re-resolves every file.
   */
  readonly manifests: readonly string[];
  readonly files: FilePatterns;
  readonly modules: ModuleNaming;
  /** How the site finders read its files. */
  readonly sites: SiteSyntax;
  /**
   * Whether every exported name of the file is API that code outside the repository may use
   * (a Go package outside `internal/`): an export nothing here uses is not dead there. Absent:
   * only a package's index files (`ModuleNaming.directoryFiles`) are its API.
   */
  exportsArePublic?(path: string): boolean;
  /**
   * The files its manifests name as packages' entry points (a package.json's `exports`, `main`,
   * `bin`), loaded when a map asks: what they export is API whatever their names. Absent: the
   * manifests name none.
   */
  packageEntries?(): PackageEntries;
  /** Whether the file's own code makes it a program's entry point (a Go `package main`). */
  declaresEntryPoint?(facts: FileFacts): boolean;
  parsing(): Promise<FamilyParsing>;
  /** Whether the runtime provides the name (a builtin function, type or namespace): a doc may link to it. */
  isBuiltinName?(name: string): boolean;
  /**
   * The family's resolver, loaded the first time resolution meets one of its files: resolution
   * is synchronous, so this is a synchronous (and cached) load.
   */
  resolver(): CreateResolver;
}

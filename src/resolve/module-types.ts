// What an import specifier resolves to. A module is one file (TS/JS, Python) or a package
// directory (a Python package without __init__.py, a Go package: several files).

export interface TsModule {
  lang: "ts";
  key: string;
  file: string;
}

export interface PyModule {
  lang: "py";
  key: string;
  /** The module file: x.py, or a package's __init__.py. Absent for a namespace package. */
  file?: string;
  /** Set when the module is a package: its submodules live here. */
  dir?: string;
}

export interface GoPackage {
  lang: "go";
  key: string;
  dir: string;
  name: string;
  files: string[];
  /** The read key a resolution that used this package rests on (reads.ts). */
  readKey: string;
}

export type Mod = TsModule | PyModule | GoPackage;

/**
 * "external": outside the workspace (node_modules, stdlib, builtins): calls into it are dropped.
 * "unknown": meant to be in the workspace (a relative path, a matched alias) but not found.
 */
export type Outcome<T> = T | "external" | "unknown";

export function moduleFiles(mod: Mod): string[] {
  if (mod.lang === "go") return mod.files;
  return mod.file === undefined ? [] : [mod.file];
}

// One entry point for "what does this import name?", whatever the importing file's language.
import type { FileFacts, ImportFact, Lang } from "../model/facts.ts";
import { GoModules } from "./go-modules.ts";
import type { Mod, Outcome } from "./module-types.ts";
import { PyModules } from "./py-modules.ts";
import type { Remembered } from "./reads.ts";
import { TsModules } from "./ts-modules.ts";
import type { Workspace } from "./workspace.ts";

export type LangFamily = "ts" | "py" | "go";

export function familyOf(lang: Lang): LangFamily {
  return lang === "python" ? "py" : lang === "go" ? "go" : "ts";
}

export class Modules {
  readonly ts: TsModules;
  readonly py: PyModules;
  readonly go: GoModules;

  constructor(private readonly ws: Workspace) {
    this.ts = new TsModules(ws);
    this.py = new PyModules(ws);
    this.go = new GoModules(ws);
  }

  /**
   * Keyed by the fact itself: an import is met again for every use of its bindings. Not for Go:
   * a Go package rests on its directory's facts, a read each use must be charged with.
   */
  private readonly byImport = new WeakMap<ImportFact, Remembered<Outcome<Mod>>>();

  resolve(importer: FileFacts, imp: ImportFact): Outcome<Mod> {
    if (importer.lang === "go") return this.go.resolve(importer.path, imp.source);
    return this.ws.reads.cached(this.byImport, imp, () => this.resolveSource(importer, imp.source));
  }

  resolveSource(importer: FileFacts, source: string): Outcome<Mod> {
    switch (familyOf(importer.lang)) {
      case "ts": return this.ts.resolve(importer.path, source);
      case "py": return this.py.resolve(importer.path, source);
      case "go": return this.go.resolve(importer.path, source);
    }
  }
}

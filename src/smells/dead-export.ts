// dead_export: an exported entity that nothing uses: no edge comes into it (a call, a reference,
// a heritage clause, from any file, its own included), no import names it, and no unresolved
// site uses its name (which may be a use ix could not bind). An export that code outside the
// repository may use is no evidence of anything: a package's index files and the files its
// manifest names as entry points (`exports`, `main`, `bin`: packageEntries, stored by the map)
// (what they re-export by name reaches its files through IMPORTS edges that name it, what they
// re-export wholesale is followed from them: reexportedWhole), a family's public packages
// (src/lang: exportsArePublic) and entry points are left alone; so are tests.
import { exportsArePublic } from "../lang/registry";
import type { Smell, SmellInput, UnusedExport } from "./model";
import { loadedWithoutImport } from "./orphan-file";
import { judged, type SmellRule } from "./rule";

/** Kinds judged: a method is reached through its object, by dispatch ix may not bind. */
const KINDS = new Set(["function", "class", "interface", "type", "module"]);

/** Whether what a file exports is API for code outside the repository; `entries`: the files manifests name. */
export function publicApi(path: string, entries: ReadonlySet<string>): boolean {
  return entries.has(path) || loadedWithoutImport(path) || exportsArePublic(path);
}

/**
 * The unused exports that nothing but an unresolved site could still be using: of the kinds
 * judged, in production files that are not public API, and named by no import.
 */
export function deadExportCandidates(input: Pick<SmellInput, "unusedExports" | "importedNames" | "reexportedWhole" | "packageEntries">, roles: ReadonlyMap<string, string>): UnusedExport[] {
  const open = new Map<string, boolean>();
  const judgedFile = (path: string) => {
    let verdict = open.get(path);
    if (verdict === undefined) open.set(path, (verdict = judged(roles.get(path) ?? "") && !publicApi(path, input.packageEntries) && !input.reexportedWhole.has(path)));
    return verdict;
  };
  return input.unusedExports.filter((entity) => KINDS.has(entity.kind) && judgedFile(entity.path) && input.importedNames.get(entity.path)?.has(entity.name) !== true);
}

/**
 * The candidates no unresolved site names. Confidence 0.9; 0.6 when the file is imported whole
 * (`import * as m`, a module import), since `m.name` uses the export through the module and ix
 * may have missed that use.
 */
export function deadExports(input: Pick<SmellInput, "unusedExports" | "importedNames" | "reexportedWhole" | "packageEntries" | "unresolvedNames">, roles: ReadonlyMap<string, string>): Smell[] {
  return deadExportCandidates(input, roles)
    .filter((entity) => !input.unresolvedNames.has(entity.name))
    .map((entity) => deadExport(entity, input.importedNames.get(entity.path)?.has("*") === true));
}

function deadExport(entity: UnusedExport, wholeModuleImported: boolean): Smell {
  const signals: Smell["signals"] = { entity: entity.name, entity_kind: entity.kind, line: entity.line, uses: 0 };
  if (wholeModuleImported) signals.module_imported = 1;
  return { kind: "dead_export", file: entity.path, confidence: wholeModuleImported ? 0.6 : 0.9, signals };
}

export const deadExportRule: SmellRule = {
  name: "dead_export",
  summary:
    "an exported top-level function, class, interface, type or module that no edge comes into, no import names and no unresolved site names; not in a package index, a file its manifest names (exports, main, bin), entry point, public package or test; confidence 0.9, 0.6 when its module is imported whole",
  detect: (input) => ({ smells: deadExports(input, new Map(input.files.map((f) => [f.path, f.role]))) }),
};

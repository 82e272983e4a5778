// orphan_file: a production file that nothing links to and that links to nothing. Entry points,
// ambient declarations and package indexes are loaded without an import, so they are not
// orphans however alone they look (src/lang: isEntryPoint, isPackageIndex); tests, configs and
// scripts are not production code (src/ingest/roles.ts).
import { isEntryPoint, isPackageIndex } from "../lang/registry";
import type { FileStat, Smell } from "./model";
import { judged, type SmellRule } from "./rule";

/** Whether a file needs no link to be in use. */
export function loadedWithoutImport(path: string): boolean {
  return isEntryPoint(path) || isPackageIndex(path);
}

/**
 * Files with at least one entity and no link in or out. A file without entities (a package's
 * doc.go, a module of settings a loader reads by name) has nothing to be orphaned. Confidence 0.8; 0.5 when the file has unresolved sites, which
 * may be links ix could not bind.
 */
export function orphanFiles(files: readonly FileStat[]): Smell[] {
  const out: Smell[] = [];
  for (const file of files) {
    if (!judged(file.role) || file.entities === 0 || file.fanIn > 0 || file.fanOut > 0 || file.entry || loadedWithoutImport(file.path)) continue;
    const signals: Smell["signals"] = { connections: 0, entities: file.entities };
    if (file.unresolved > 0) signals.unresolved = file.unresolved;
    out.push({ kind: "orphan_file", file: file.path, confidence: file.unresolved > 0 ? 0.5 : 0.8, signals });
  }
  return out;
}

export const orphanFileRule: SmellRule = {
  name: "orphan_file",
  summary:
    "a production file holding entities with no import, call or reference in or out, not an entry point (by name or, as a Go package main, by its code), declaration file or package index; confidence 0.8, 0.5 when it has unresolved sites",
  detect: (input) => ({ smells: orphanFiles(input.files) }),
};

// The files the project's manifests name as its packages' entry points, every family asked
// (LanguageFamily.packageEntries). Apart from the registry so that importing it loads no
// resolver code: a map loads this only when its manifests or its file set moved.
import type { Project } from "../resolve/model.ts";
import { Workspace } from "../resolve/workspace.ts";
import { byCodeUnit } from "../util/compare.ts";
import { families } from "./registry.ts";

/** Sorted, each file once. */
export function packageEntries(project: Project): string[] {
  const ws = new Workspace(project);
  const out = new Set<string>();
  for (const family of families()) for (const path of family.packageEntries?.()(ws, project.paths) ?? []) out.add(path);
  return [...out].sort(byCodeUnit);
}

// The registry an older ix kept in config.yaml: a `workspaces:` list of roots or {root, id}
// mappings beside the settings. It is moved into workspaces.json the first time the registry is
// needed, then the list is removed from config.yaml with the other keys and comments kept. A
// config.yaml that cannot be read is left exactly as it is, and its list moved once it is fixed.
import { loadConfig, updateConfig } from "../config/store";
import { IxError } from "../model/errors";

/** The list's items while config.yaml still holds one; undefined once it does not, or cannot be read. */
export function legacyList(home: string): unknown[] | undefined {
  const list = loadConfig(home).values.workspaces;
  return Array.isArray(list) ? list : undefined;
}

/** Hands the list's items to `keep`, which must store them, then removes the list from config.yaml. */
export function takeLegacyList(home: string, keep: (items: unknown[]) => void): void {
  if (!legacyList(home)) return;
  try {
    updateConfig(home, (doc, values) => {
      const list = values.workspaces;
      if (!Array.isArray(list)) return;
      keep(list);
      doc.delete("workspaces");
    });
  } catch (error) {
    // Made unreadable since it was read: then it stays as it is, list and all.
    if (!(error instanceof IxError && error.code === "config_malformed")) throw error;
  }
}

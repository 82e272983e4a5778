// A remedy as the CLI says it: the command line that applies it.
import type { Remedy } from "../model/remedy";

export function remedyCommand(remedy: Remedy): string {
  switch (remedy.action) {
    case "map":
      return `ix map ${remedy.root ?? "."}`;
    case "rebuild":
      return "ix reset --workspace --yes --ingest";
    case "conflicts":
      return "ix conflicts";
    case "list":
      return `ix inventory --path ${/[\s"'\\$]/.test(remedy.path) ? JSON.stringify(remedy.path) : remedy.path}`;
    case "investigations":
      return "ix context --list";
  }
}

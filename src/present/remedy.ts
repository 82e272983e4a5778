// A remedy as the CLI says it: the command line that applies it, each word quoted as a shell reads it.
import type { Remedy } from "../model/remedy";
import { commandLine } from "../wire/shell";

/** The words of the command that applies `remedy`. */
export function remedyWords(remedy: Remedy): string[] {
  switch (remedy.action) {
    case "map":
      return ["ix", "map", remedy.root ?? "."];
    case "rebuild":
      return ["ix", "reset", "--workspace", "--yes", "--ingest"];
    case "conflicts":
      return ["ix", "conflicts"];
    case "list":
      return ["ix", "inventory", "--path", remedy.path];
    case "investigations":
      return ["ix", "context", "--list"];
  }
}

export function remedyCommand(remedy: Remedy): string {
  return commandLine(remedyWords(remedy));
}

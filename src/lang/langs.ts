// Which language a file is, by its extension. Apart from the grammars so that discovery, which
// runs on every map, does not load the tree-sitter runtime's JavaScript.
import type { Lang } from "../model/facts";

export function langOfPath(path: string): Lang | undefined {
  const dot = path.lastIndexOf(".");
  if (dot < 0) return undefined;
  switch (path.slice(dot + 1).toLowerCase()) {
    case "ts":
    case "mts":
    case "cts":
      return "typescript";
    case "tsx":
      return "tsx";
    case "js":
    case "jsx":
    case "mjs":
    case "cjs":
      return "javascript";
    case "py":
    case "pyi":
      return "python";
    case "go":
      return "go";
  }
  return undefined;
}

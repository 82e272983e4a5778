// `import a.b`, `import a as b`, `from m import x as y, *`.
import type { Node } from "web-tree-sitter";
import type { ImportName } from "../../../model/facts";
import { lineOf, type PythonFile } from "./state";

export function visitImport(file: PythonFile, node: Node): void {
  for (const name of node.childrenForFieldName("name")) {
    if (name.type === "aliased_import") {
      const source = name.childForFieldName("name");
      const alias = name.childForFieldName("alias");
      if (source && alias) {
        file.facts.imports.push({ line: lineOf(node), source: file.text(source), names: [{ imported: "*", local: file.text(alias) }], kind: "import" });
      }
    } else {
      // `import a.b.c` binds `a`; the local is the whole path so the resolver can follow it.
      const source = file.text(name);
      file.facts.imports.push({ line: lineOf(node), source, names: [{ imported: "*", local: source }], kind: "import" });
    }
  }
}

export function visitImportFrom(file: PythonFile, node: Node): void {
  const moduleNode = node.childForFieldName("module_name");
  if (!moduleNode) return;
  // `from . pkg import x` is legal: the specifier must not keep the space.
  const source = file.text(moduleNode).replace(/\s+/g, "");
  const names: ImportName[] = [];
  for (const child of node.namedChildren) {
    if (child.type === "wildcard_import") names.push({ imported: "*", local: "" });
  }
  for (const name of node.childrenForFieldName("name")) {
    if (name.type === "aliased_import") {
      const imported = name.childForFieldName("name");
      const alias = name.childForFieldName("alias");
      if (imported && alias) names.push({ imported: file.text(imported), local: file.text(alias) });
    } else {
      names.push({ imported: file.text(name), local: file.text(name) });
    }
  }
  file.facts.imports.push({ line: lineOf(node), source, names, kind: "import" });
}

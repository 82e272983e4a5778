// The package clause and import specs.
import type { Node } from "web-tree-sitter";
import { type GoFile, lineOf } from "./state";

export function visitPackageClause(file: GoFile, node: Node): void {
  const name = node.namedChildren.find((c) => c.type === "package_identifier");
  if (name) file.facts.packageName = file.text(name);
}

export function visitImportSpec(file: GoFile, spec: Node): void {
  const pathNode = spec.childForFieldName("path");
  if (!pathNode) return;
  const source = file.text(pathNode).replace(/^["`]|["`]$/g, "");
  // No name: "" stands for the package's own declared name, which the resolver looks up.
  const nameNode = spec.childForFieldName("name");
  const local = nameNode ? file.text(nameNode) : "";
  file.facts.imports.push({ line: lineOf(spec), source, names: [{ imported: "*", local }], kind: "import" });
}

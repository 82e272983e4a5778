// A class's bases: the EXTENDS heritage of the class entity.
import type { Node } from "web-tree-sitter";
import { dottedPath } from "../types";
import { lineOf, type PythonFile } from "./state";

/** Bases that say nothing about the class's own hierarchy. */
const IGNORED_BASES = new Set([
  "object",
  "Generic",
  "Protocol",
  "typing.Generic",
  "typing.Protocol",
  "typing_extensions.Protocol",
]);

export function addBases(file: PythonFile, bases: Node, entity: number): void {
  for (const base of bases.namedChildren) {
    // `Base[T]` extends Base; keyword arguments (metaclass=...) are no dotted path and drop out.
    const baseName = dottedPath(base.type === "subscript" ? (base.childForFieldName("value") ?? base) : base);
    if (baseName !== undefined && !IGNORED_BASES.has(baseName)) {
      file.facts.heritage.push({ entity, kind: "extends", name: baseName, line: lineOf(base) });
    }
  }
}

// `__all__`: a literal one is the module's public surface; a computed one leaves the naming rule.
import type { Node } from "web-tree-sitter";
import type { FileFacts } from "../../../model/facts";

export class DunderAll {
  private names: string[] = [];
  /** Not assigned, assigned only list/tuple literals of strings, or computed. */
  private state: "absent" | "literal" | "unknown" = "absent";

  assign(right: Node): void {
    const listed = literalStrings(right);
    this.names = listed ?? [];
    this.state = listed ? "literal" : "unknown";
  }

  /** `__all__ += [...]` extends a literal list; anything computed makes it unknowable. */
  extend(right: Node): void {
    const listed = literalStrings(right);
    if (listed && this.state === "literal") this.names.push(...listed);
    else this.state = "unknown";
  }

  /** Once the whole module is read: top-level entities are exported as listed. */
  apply(facts: FileFacts): void {
    if (this.state !== "literal") return;
    const listed = new Set(this.names);
    for (const entity of facts.entities) {
      if (entity.parent === -1) entity.exported = listed.has(entity.name);
    }
  }
}

/** The strings of a list/tuple literal of plain strings; undefined if any item is something else. */
function literalStrings(node: Node): string[] | undefined {
  if (node.type !== "list" && node.type !== "tuple") return undefined;
  const out: string[] = [];
  for (const item of node.namedChildren) {
    if (item.type === "comment") continue;
    if (item.type !== "string") return undefined;
    let value = "";
    for (const part of item.namedChildren) {
      if (part.type === "interpolation") return undefined;
      if (part.type === "string_content") value += part.text;
    }
    out.push(value);
  }
  return out;
}

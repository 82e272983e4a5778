// Where the variables of a declaration are in force, and the locals that hide outer names.
import type { Node } from "web-tree-sitter";
import { localFact, type TypedVarFact } from "../../../model/facts";
import type { Scope } from "./scopes";
import { type GoFile, lineOf } from "./state";

/** In `scope`, lines `from` to `until` (undefined: all of it). */
export interface Reach {
  readonly scope: number;
  readonly from: number;
  readonly until: number | undefined;
}

/** The header statements whose own declaration (`initializer`) their condition or update reads. */
const HEADERS = new Set(["if_statement", "for_clause", "expression_switch_statement", "type_switch_statement"]);

/**
 * Where the variables `decl` declares are in force. Go's scope for them begins past the
 * declaration, so from the next line: in `facts, err := facts.NewDecoder(r)` the call is the
 * package's. A header's own declaration holds on its line already, for the condition and
 * update beside it: `if v, ok := x.(T); ok && v.M()`, `for n := f(); n != nil; n = n.Next()`.
 */
export function reachOf(decl: Node, scope: Scope): Reach {
  const parent = decl.parent;
  const header = parent !== null && HEADERS.has(parent.type) && parent.childForFieldName("initializer")?.startIndex === decl.startIndex;
  return { scope: scope.index, from: header ? lineOf(decl) : decl.endPosition.row + 2, until: blockEnd(decl) };
}

/**
 * The last line of the block, or of the if, for or switch whose header declares, that a
 * declaration at `at` belongs to (a func body's too: a Go variable is never in force before
 * its declaration, so none holds over the whole scope); undefined at package level.
 */
function blockEnd(at: Node): number | undefined {
  for (let node = at.parent; node; node = node.parent) {
    switch (node.type) {
      case "block":
        return node.endPosition.row + 1;
      case "if_statement":
      case "for_statement":
      case "expression_switch_statement":
      case "type_switch_statement":
        return node.endPosition.row + 1;
      case "function_declaration":
      case "method_declaration":
      case "source_file":
        return undefined;
    }
  }
  return undefined;
}

export function within(variable: TypedVarFact, until: number | undefined): TypedVarFact {
  if (until !== undefined) variable.until = until;
  return variable;
}

/**
 * Variables declared in a func body hide outer names after their declaration (in
 * `minType := minType(v)` the call is the package's func) to the end of their block.
 */
export function addLocals(file: GoFile, names: Node[], at: Node, scope: Scope): void {
  if (scope.index < 0) return;
  let block: Node | null = at.parent;
  while (block && block.type !== "block") block = block.parent;
  const from = at.endPosition.row + 2;
  const until = block ? block.endPosition.row + 1 : undefined;
  for (const name of names) {
    if (name.type !== "identifier" || file.text(name) === "_") continue;
    file.locals.push(localFact(scope.index, file.text(name), from, until));
  }
}

// Where the variables of a declaration are in force, and the locals that hide outer names.
// Reaches are positions within lines (facts.ts), not whole lines: in `r.Get("/", func(w
// http.ResponseWriter, r *http.Request) {…})` the call on the outer r and the literal's own r
// share a line, and in `for _, r := range r.Routes()` the range reads the outer one.
import type { Node } from "web-tree-sitter";
import { localFact, type TypedVarFact } from "../../../model/facts";
import type { Scope } from "./scopes";
import type { GoFile } from "./state";

/** In `scope`, from position `from` to `until` (undefined: all of it). */
export interface Reach {
  readonly scope: number;
  readonly from: number;
  readonly until: number | undefined;
}

/**
 * Where the variables `decl` declares are in force. Go's scope for them begins at the end of
 * the declaration, so in `facts, err := facts.NewDecoder(r)` the call is the package's, while a
 * header's own declaration holds for the condition and update beside it: `if v, ok := x.(T);
 * ok && v.M()`, `for n := f(); n != nil; n = n.Next()`. It ends with the block, or the if, for
 * or switch whose header declares.
 */
export function reachOf(file: GoFile, decl: Node, scope: Scope): Reach {
  return { scope: scope.index, from: file.endOf(decl), until: blockEnd(file, decl) };
}

/**
 * The end of the block, or of the if, for or switch whose header declares, that a declaration
 * at `at` belongs to (a func body's too: a Go variable is never in force before its
 * declaration, so none holds over the whole scope); undefined at package level.
 */
function blockEnd(file: GoFile, at: Node): number | undefined {
  for (let node = at.parent; node; node = node.parent) {
    switch (node.type) {
      case "block":
      // A switch's or select's clause is a block of its own, without braces.
      case "expression_case":
      case "type_case":
      case "default_case":
      case "communication_case":
      case "if_statement":
      case "for_statement":
      case "expression_switch_statement":
      case "type_switch_statement":
        return file.endOf(node);
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
 * Variables declared in a func body hide outer names past their declaration (in `minType :=
 * minType(v)` the call is the package's func) to the end of their block, a header's to the end
 * of its statement.
 */
export function addLocals(file: GoFile, names: Node[], at: Node, scope: Scope): void {
  if (scope.index < 0) return;
  const reach = reachOf(file, at, scope);
  for (const name of names) {
    if (name.type !== "identifier" || file.text(name) === "_") continue;
    file.locals.push(localFact(scope.index, file.text(name), reach.from, reach.until));
  }
}

// Types that hold over a block only: the element a `range` binds, the type a type switch's
// one-type case establishes.
import type { Node } from "web-tree-sitter";
import { localFact } from "../../../model/facts";
import { addTypedVar } from "./declared-types";
import { reachOf } from "./reach";
import type { Scope } from "./scopes";
import { type GoFile, lineOf } from "./state";
import { addElementVar } from "./variables";

export function visitRange(file: GoFile, node: Node, scope: Scope): void {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  // `for k, v = range m` assigns variables declared before: nothing new is declared.
  if (!left || !right || scope.index < 0 || !node.children.some((child) => child.type === ":=")) return;
  const names = left.namedChildren;
  // The loop's variables are locals of its body.
  const body = node.parent?.childForFieldName("body");
  if (body && node.parent?.type === "for_statement") {
    for (const name of names) {
      if (name.type === "identifier" && file.text(name) !== "_") file.locals.push(localFact(scope.index, file.text(name), lineOf(node), body.endPosition.row + 1));
    }
  }
  if (names.length === 2) addElementVar(file, names[1]!, right, reachOf(node, scope));
}

/**
 * `switch n := x.(type) { case *ast.CallExpr: n.Fun… }`: in a case that names one type, n is
 * of that type over the case's lines; in a case naming several, or the default, n keeps x's
 * interface type, which tells nothing. n hides outer names over the whole switch.
 */
export function visitTypeSwitch(file: GoFile, node: Node, scope: Scope): void {
  const alias = node.childForFieldName("alias")?.firstNamedChild;
  if (!alias || alias.type !== "identifier" || file.text(alias) === "_" || scope.index < 0) return;
  const from = (node.childForFieldName("value") ?? alias).endPosition.row + 2;
  file.locals.push(localFact(scope.index, file.text(alias), from, node.endPosition.row + 1));
  const clauses = node.namedChildren.filter((child) => child.type === "type_case" || child.type === "default_case");
  clauses.forEach((clause, i) => {
    const types = clause.type === "type_case" ? clause.childrenForFieldName("type").filter((type) => type.isNamed) : [];
    if (types.length !== 1 || file.text(types[0]!) === "nil") return;
    // A case's node runs on to the next case's line: the case holds until the line before it.
    const next = clauses[i + 1];
    const until = next ? lineOf(next) - 1 : node.endPosition.row + 1;
    addTypedVar(file, alias, types[0]!, { scope: scope.index, from: lineOf(clause), until });
  });
}

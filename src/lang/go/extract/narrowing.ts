// Types that hold over a block only: the element a `range` binds, the type a type switch's
// one-type case establishes.
import type { Node } from "web-tree-sitter";
import { localFact } from "../../../model/facts";
import { addTypedVar } from "./declared-types";
import { addLocals, reachOf } from "./reach";
import type { Scope } from "./scopes";
import type { GoFile } from "./state";
import { addElementVar } from "./variables";

export function visitRange(file: GoFile, node: Node, scope: Scope): void {
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  // `for k, v = range m` assigns variables declared before: nothing new is declared.
  if (!left || !right || scope.index < 0 || !node.children.some((child) => child.type === ":=")) return;
  const names = left.namedChildren;
  // The loop's variables are locals of its body; `range r.Routes()` still reads the outer r.
  addLocals(file, names, node, scope);
  if (names.length === 2) addElementVar(file, names[1]!, right, reachOf(file, node, scope));
}

/**
 * `switch n := x.(type) { case *ast.CallExpr: n.Fun… }`: in a case that names one type, n is
 * of that type over the case's lines; in a case naming several, or the default, n keeps x's
 * interface type, which tells nothing. n hides outer names over the whole switch.
 */
export function visitTypeSwitch(file: GoFile, node: Node, scope: Scope): void {
  const alias = node.childForFieldName("alias")?.firstNamedChild;
  if (!alias || alias.type !== "identifier" || file.text(alias) === "_" || scope.index < 0) return;
  // `switch r := r.(type)` reads the outer r.
  const from = file.endOf(node.childForFieldName("value") ?? alias);
  file.locals.push(localFact(scope.index, file.text(alias), from, file.endOf(node)));
  const clauses = node.namedChildren.filter((child) => child.type === "type_case" || child.type === "default_case");
  clauses.forEach((clause, i) => {
    const types = clause.type === "type_case" ? clause.childrenForFieldName("type").filter((type) => type.isNamed) : [];
    if (types.length !== 1 || file.text(types[0]!) === "nil") return;
    const next = clauses[i + 1];
    const until = next ? file.startOf(next) : file.endOf(node);
    addTypedVar(file, alias, types[0]!, { scope: scope.index, from: file.startOf(clause), until });
  });
}

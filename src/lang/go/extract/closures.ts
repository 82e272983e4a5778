// Named closures: `helper := func(…) {…}` (or `var helper = func…`) in a func body is an
// entity of that func, in scope from its declaration to the end of its block, so both "who
// calls helper" and "what does helper call" answer for it, not for the func around it.
import type { Node } from "web-tree-sitter";
import { addEntity } from "./entities";
import { reachOf } from "./reach";
import type { Scope } from "./scopes";
import { type GoFile, lineOf } from "./state";

export function nameClosures(file: GoFile, names: Node[], values: Node[], declaration: Node, scope: Scope): void {
  if (scope.index < 0 || names.length !== values.length) return;
  const parent = file.facts.entities[scope.index]!;
  for (let i = 0; i < names.length; i++) {
    const nameNode = names[i]!;
    const value = values[i]!;
    const name = file.text(nameNode);
    if (nameNode.type !== "identifier" || name === "_" || value.type !== "func_literal") continue;
    const index = addEntity(file, values.length === 1 ? declaration : value, name, "function", scope.index, `${parent.qname}.${name}`);
    const entity = file.facts.entities[index]!;
    entity.exported = false;
    const until = reachOf(file, declaration, scope).until;
    entity.scopeLines = [lineOf(declaration), until === undefined ? entity.endLine : Math.floor(until)];
    file.closures.set(value.startIndex, { index, typeParameters: scope.typeParameters, end: value.endIndex });
  }
}

// CommonJS and prototype members in TS/JS syntax: what an assignment at module level makes a
// member of (`res.send = function send(…)`, `View.prototype.render = function …`), the names
// one chain of assignments gives a value (`req.get = req.header = function header(…)`), and
// what a declaration's value says of the module (`var app = exports = module.exports = {}`).
import type { Node } from "web-tree-sitter";
import { dottedPath, stringValue, textOf } from "./syntax";

/** `X.y` or `X.prototype.y` as an assignment's left side: the object X names and the member y. */
export interface MemberTarget {
  object: string;
  name: string;
  /** Written through `X.prototype`: a member of X's instances, X a constructor. */
  prototype: boolean;
}

/** Names a module's own exports are written through, whose members are exports (imports.ts). */
const EXPORT_OBJECTS = new Set(["module", "exports"]);

/**
 * `X.y`, `X.prototype.y`, `X["y"]`: the object and the member; undefined for any other left side
 * (`this.y`, `a.b.y`, a computed key, `exports.y`, which is an export).
 */
export function memberTarget(left: Node, source: string): MemberTarget | undefined {
  let name: string | undefined;
  let object: Node | null;
  if (left.type === "member_expression") {
    const property = left.childForFieldName("property");
    if (property?.type !== "property_identifier") return undefined;
    name = textOf(property, source);
    object = left.childForFieldName("object");
  } else if (left.type === "subscript_expression") {
    name = stringValue(left.childForFieldName("index"), source);
    object = left.childForFieldName("object");
  } else return undefined;
  if (name === undefined || !object) return undefined;
  let prototype = false;
  if (object.type === "member_expression") {
    const property = object.childForFieldName("property");
    if (!property || textOf(property, source) !== "prototype") return undefined;
    prototype = true;
    object = object.childForFieldName("object");
  }
  if (object?.type !== "identifier") return undefined;
  const holder = textOf(object, source);
  return EXPORT_OBJECTS.has(holder) ? undefined : { object: holder, name, prototype };
}

/**
 * From the innermost assignment of a chain `a = b = value` written as a statement of its own:
 * that statement and the left sides outward of the innermost one. Undefined when the chain is a
 * value inside some other expression.
 */
export function assignmentChain(innermost: Node): { statement: Node; outer: Node[] } | undefined {
  const outer: Node[] = [];
  let current = innermost;
  for (let parent = current.parent; parent?.type === "assignment_expression"; parent = current.parent) {
    const right = parent.childForFieldName("right");
    if (right?.startIndex !== current.startIndex || right.endIndex !== current.endIndex) return undefined;
    const left = parent.childForFieldName("left");
    if (left) outer.push(left);
    current = parent;
  }
  const statement = current.parent;
  return statement?.type === "expression_statement" ? { statement, outer } : undefined;
}

/**
 * A declaration's value read through a chain of assignments (`exports = module.exports = {}`):
 * the value at its end, and whether the chain sets `module.exports` (the declared name is then
 * what the module exports as a whole).
 */
export function chainedValue(value: Node, source: string): { value: Node; exportsModule: boolean } {
  let current = value;
  let exportsModule = false;
  for (let depth = 0; current.type === "assignment_expression" && depth < 8; depth++) {
    const left = current.childForFieldName("left");
    const right = current.childForFieldName("right");
    if (!left || !right) break;
    if (left.type === "member_expression" && dottedPath(left, source) === "module.exports") exportsModule = true;
    current = right;
  }
  return { value: current, exportsModule };
}

/** `Object.create(X.prototype, …)`: the X (a dotted path) whose instances the new object is like. */
export function createdFrom(value: Node, source: string): string | undefined {
  if (value.type !== "call_expression") return undefined;
  const callee = value.childForFieldName("function");
  if (!callee || dottedPath(callee, source) !== "Object.create") return undefined;
  const first = value.childForFieldName("arguments")?.firstNamedChild;
  if (first?.type !== "member_expression") return undefined;
  const property = first.childForFieldName("property");
  const object = first.childForFieldName("object");
  if (!property || !object || textOf(property, source) !== "prototype") return undefined;
  return dottedPath(object, source);
}

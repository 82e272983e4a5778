// Functions, methods and classes handed over by name, where a value is not called:
// `sorted(xs, key=helper)`, `callback=self.on_done`, `handlers = [a, b]`, `return helper`.
// Every name or attribute path in such a place is noted; keepLikelyValues later keeps those
// that may name one.
import type { Node } from "web-tree-sitter";
import { dottedPath } from "../types";
import { lineOf, type PythonFile } from "./state";

/** Containers whose elements are values in the same place. */
const CONTAINERS = new Set(["list", "tuple", "set", "expression_list", "parenthesized_expression"]);

/** A call's arguments, positional and keyword; `*args` and `**kwargs` pass no one name. */
export function addArgumentValues(file: PythonFile, args: Node, from: number): void {
  for (const arg of args.namedChildren) {
    if (arg.type === "keyword_argument") {
      const value = arg.childForFieldName("value");
      if (value) addValues(file, value, from);
    } else if (arg.type !== "list_splat" && arg.type !== "dictionary_splat") {
      addValues(file, arg, from);
    }
  }
}

export function visitReturn(file: PythonFile, node: Node, from: number): void {
  const value = node.firstNamedChild;
  if (value) addValues(file, value, from);
}

/** The names an expression evaluates to: itself, a container's elements, a dict's values, either branch. */
export function addValues(file: PythonFile, expression: Node, from: number): void {
  const pending = [expression];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === "identifier" || node.type === "attribute") {
      const name = dottedPath(node);
      if (name !== undefined) file.facts.refs.push({ from, name, line: lineOf(node), value: true });
    } else if (CONTAINERS.has(node.type)) {
      pending.push(...node.namedChildren);
    } else if (node.type === "dictionary") {
      for (const pair of node.namedChildren) {
        const value = pair.type === "pair" ? pair.childForFieldName("value") : null;
        if (value) pending.push(value);
      }
    } else if (node.type === "conditional_expression") {
      // `a if test else b`: the first and last are the values.
      const parts = node.namedChildren;
      if (parts.length === 3) pending.push(parts[0]!, parts[2]!);
    } else if (node.type === "boolean_operator") {
      for (const operand of [node.childForFieldName("left"), node.childForFieldName("right")]) if (operand) pending.push(operand);
    }
  }
}

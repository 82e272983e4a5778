// JSX elements as uses of components: `<Provider client={c}>` and `<Layout.Header />` render
// (call) the component, and the TypeScript checker counts each as a call of it. A lower-case
// name (`<div>`, `<my-element>`) is an intrinsic element, a string to the runtime, never a
// function of the project; a dotted name (`<ui.button>`) is always a value.
import type { Node } from "web-tree-sitter";

/** The element kinds that name what they render: a closing tag names it again, a fragment names nothing. */
export const JSX_ELEMENTS = ["jsx_opening_element", "jsx_self_closing_element"] as const;

/** The callee node of a JSX element that renders a component, or undefined for an intrinsic element or a fragment. */
export function renderedComponent(element: Node, source: string): Node | undefined {
  const name = element.childForFieldName("name");
  if (!name) return undefined;
  if (name.type === "member_expression") return name;
  if (name.type !== "identifier") return undefined;
  const first = source.charCodeAt(name.startIndex);
  // A-Z, `_` and `$` name a value; anything else is an intrinsic element's tag.
  const isValue = (first >= 65 && first <= 90) || first === 95 || first === 36;
  return isValue ? name : undefined;
}

// An entity's own facts: its span, signature line and whether Go exports it.
import type { Node } from "web-tree-sitter";
import type { EntityKind } from "../../../model/facts";
import { headerSignature } from "../../signature";
import { goDocBefore } from "../doc";
import { type GoFile, lineOf } from "./state";

const SIGNATURE_LIMIT = 200;
/** Go exports by the case of the first letter, Unicode upper case included. */
const UPPER_CASE_START = /^\p{Lu}/u;

export function addEntity(file: GoFile, spanNode: Node, name: string, kind: EntityKind, parent: number, qname: string): number {
  const facts = file.facts;
  facts.entities.push({
    name,
    qname,
    kind,
    startLine: lineOf(spanNode),
    endLine: spanNode.endPosition.row + 1,
    signature: signatureOf(file.source, spanNode),
    exported: UPPER_CASE_START.test(name),
    parent,
  });
  const doc = goDocBefore(file.source, spanNode.startIndex, lineOf(spanNode));
  if (doc) facts.entities[facts.entities.length - 1]!.doc = doc;
  return facts.entities.length - 1;
}

/** A func's header through its body's `{`, joined when its parameters run over lines; else the first line. */
function signatureOf(source: string, node: Node): string {
  const start = node.startIndex;
  const newline = source.indexOf("\n", start);
  const end = newline < 0 || newline > node.endIndex ? node.endIndex : newline;
  // Most headers open their body on their first line: the tree is asked only about the rest.
  const body = source.slice(start, end).includes("{") ? null : node.childForFieldName("body");
  if (body && body.startIndex > end) return headerSignature(source, start, body.startIndex + 1, "//");
  return source.slice(start, end).trim().slice(0, SIGNATURE_LIMIT);
}

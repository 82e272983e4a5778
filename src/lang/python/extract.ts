// Python extractor: one pass over the interesting nodes of a syntax tree into FileFacts.
// Scopes are a stack that the document-order walk opens and closes by offset (extract/scopes);
// each node kind is read by the part of extract/ that knows it.
import type { Node } from "web-tree-sitter";
import { emptyFacts, type FileFacts, type Lang } from "../../model/facts";
import { countParseErrors } from "../parse-errors";
import { settleAccesses, visitAttribute } from "./extract/accesses";
import { visitAssignment, visitAugmentedAssignment, visitDelete } from "./extract/assignments";
import { linkCallResults, visitCall } from "./extract/calls";
import { markReturnsValue, visitClass, visitDecorated, visitFunction } from "./extract/definitions";
import { visitImport, visitImportFrom } from "./extract/imports";
import { visitLambda } from "./extract/locals";
import { visitFor, visitIf } from "./extract/narrowing";
import { scopeAt } from "./extract/scopes";
import { visitWith } from "./extract/variables";
import { PythonFile } from "./extract/state";
import { noteResult, settleResults } from "./extract/results";
import { visitReturn } from "./extract/values";
import { keepLikelyValues } from "../value-refs";

/** What a method calls its own instance or class by, as the resolver knows them. */
const SELF_NAMES: ReadonlySet<string> = new Set(["self", "cls"]);

/** Every node type the walk acts on; descendantsOfType returns them in document order. */
const INTERESTING = [
  "function_definition",
  "class_definition",
  "decorated_definition",
  "call",
  "import_statement",
  "import_from_statement",
  "assignment",
  "augmented_assignment",
  "lambda",
  "if_statement",
  "elif_clause",
  "for_statement",
  "return_statement",
  "yield",
  "attribute",
  "delete_statement",
  "with_statement",
];

export function extract(root: Node, source: string, path: string, lang: Lang): FileFacts {
  const file = new PythonFile(source, emptyFacts(path, lang, countParseErrors(root)));
  for (const node of root.descendantsOfType(INTERESTING)) {
    const scope = scopeAt(file.scopes, node.startIndex);
    switch (node.type) {
      case "call":
        visitCall(file, node, scope.index);
        break;
      case "function_definition":
        visitFunction(file, node, scope);
        break;
      case "class_definition":
        visitClass(file, node, scope);
        break;
      case "decorated_definition":
        visitDecorated(file, node, scope);
        break;
      case "import_statement":
        visitImport(file, node);
        break;
      case "import_from_statement":
        visitImportFrom(file, node);
        break;
      case "assignment":
        visitAssignment(file, node, scope);
        break;
      case "if_statement":
      case "elif_clause":
        visitIf(file, node, scope);
        break;
      case "for_statement":
        visitFor(file, node, scope);
        break;
      case "lambda":
        visitLambda(file, node, scope);
        break;
      case "augmented_assignment":
        visitAugmentedAssignment(file, node, scope);
        break;
      case "return_statement":
        visitReturn(file, node, scope.index);
        noteResult(file, node.firstNamedChild, scope.index, false);
        if (node.firstNamedChild && node.firstNamedChild.type !== "none") markReturnsValue(file, scope.index);
        break;
      case "attribute":
        visitAttribute(file, node, scope);
        break;
      case "delete_statement":
        visitDelete(file, node);
        break;
      case "with_statement":
        visitWith(file, node, scope);
        break;
      case "yield":
        markReturnsValue(file, scope.index);
        // `yield from xs` hands on another generator's values: not one value of its own.
        if (node.child(1)?.type !== "from") noteResult(file, node.firstNamedChild, scope.index, true);
        break;
    }
  }
  const facts = file.facts;
  settleResults(file);
  linkCallResults(file);
  settleAccesses(file);
  if (file.locals.length > 0) facts.locals = file.locals;
  file.dunderAll.apply(facts);
  keepLikelyValues(facts, SELF_NAMES);
  return facts;
}

// Go extractor: one pass over the interesting nodes of a syntax tree into FileFacts. Each
// node kind is read by the part of extract/ that knows it; GoFile (extract/state) carries the
// current declaration and what waits for the end of the walk.
import type { Node } from "web-tree-sitter";
import { emptyFacts, type FileFacts, type Lang } from "../../model/facts";
import { countParseErrors } from "../parse-errors";
import { linkReceiverCalls, visitCall, visitConversion } from "./extract/calls";
import { settleMethodParents, visitFuncLiteral, visitFunction, visitMethod } from "./extract/functions";
import { visitImportSpec, visitPackageClause } from "./extract/imports";
import { visitRange, visitTypeSwitch } from "./extract/narrowing";
import { GoFile } from "./extract/state";
import { visitTypeDeclaration } from "./extract/type-declarations";
import { visitShortVar, visitVarSpec } from "./extract/variables";

/** Every node type the walk acts on; descendantsOfType returns them in document order. */
const INTERESTING = [
  "package_clause",
  "import_spec",
  "function_declaration",
  "method_declaration",
  "type_declaration",
  "var_spec",
  "const_spec",
  "short_var_declaration",
  "call_expression",
  "type_conversion_expression",
  "func_literal",
  "type_switch_statement",
  "range_clause",
];

export function extract(root: Node, source: string, path: string, lang: Lang): FileFacts {
  const file = new GoFile(source, emptyFacts(path, lang, countParseErrors(root)));
  for (const node of root.descendantsOfType(INTERESTING)) {
    const scope = file.scopeAt(node.startIndex);
    switch (node.type) {
      case "call_expression":
        visitCall(file, node, scope.index);
        break;
      case "type_conversion_expression":
        visitConversion(file, node, scope.index);
        break;
      case "short_var_declaration":
        visitShortVar(file, node, scope);
        break;
      case "type_switch_statement":
        visitTypeSwitch(file, node, scope);
        break;
      case "range_clause":
        visitRange(file, node, scope);
        break;
      case "var_spec":
      case "const_spec":
        visitVarSpec(file, node, scope);
        break;
      case "func_literal":
        visitFuncLiteral(file, node, scope);
        break;
      case "function_declaration":
        visitFunction(file, node);
        break;
      case "method_declaration":
        visitMethod(file, node);
        break;
      case "type_declaration":
        visitTypeDeclaration(file, node, scope);
        break;
      case "import_spec":
        visitImportSpec(file, node);
        break;
      case "package_clause":
        visitPackageClause(file, node);
        break;
    }
  }
  const facts = file.facts;
  settleMethodParents(file);
  if (file.structFields.length > 0) facts.fields = file.structFields;
  if (file.resultVars.length > 0) facts.resultVars = file.resultVars;
  if (file.locals.length > 0) facts.locals = file.locals;
  linkReceiverCalls(file);
  return facts;
}

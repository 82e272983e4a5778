// Go extractor: one pass over the interesting nodes of a syntax tree into FileFacts. Each
// node kind is read by the part of extract/ that knows it; GoFile (extract/state) carries the
// current declaration and what waits for the end of the walk.
import type { Node } from "web-tree-sitter";
import { emptyFacts, type FileFacts, type Lang } from "../../model/facts";
import { countParseErrors } from "../parse-errors";
import * as calls from "./extract/calls";
import * as closures from "./extract/closures";
import * as declaredTypes from "./extract/declared-types";
import * as entities from "./extract/entities";
import * as functions from "./extract/functions";
import * as imports from "./extract/imports";
import * as methodTypes from "./extract/method-types";
import * as narrowing from "./extract/narrowing";
import { keepOutOfLine } from "./extract/out-of-line";
import * as paths from "./extract/paths";
import * as reach from "./extract/reach";
import { GoFile } from "./extract/state";
import * as typeDeclarations from "./extract/type-declarations";
import * as values from "./extract/values";
import * as variables from "./extract/variables";

keepOutOfLine(calls, closures, declaredTypes, entities, functions, imports, methodTypes, narrowing, paths, reach, typeDeclarations, values, variables);

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
  "argument_list",
  "return_statement",
  "assignment_statement",
  "literal_value",
];

export function extract(root: Node, source: string, path: string, lang: Lang): FileFacts {
  const file = new GoFile(source, emptyFacts(path, lang, countParseErrors(root)));
  for (const node of root.descendantsOfType(INTERESTING)) {
    const scope = file.scopeAt(node.startIndex);
    switch (node.type) {
      case "call_expression":
        calls.visitCall(file, node, scope.index);
        break;
      case "type_conversion_expression":
        calls.visitConversion(file, node, scope.index);
        break;
      case "short_var_declaration":
        variables.visitShortVar(file, node, scope);
        break;
      case "type_switch_statement":
        narrowing.visitTypeSwitch(file, node, scope);
        break;
      case "range_clause":
        narrowing.visitRange(file, node, scope);
        break;
      case "var_spec":
      case "const_spec":
        variables.visitVarSpec(file, node, scope);
        break;
      case "func_literal":
        functions.visitFuncLiteral(file, node, scope);
        break;
      case "function_declaration":
        functions.visitFunction(file, node);
        break;
      case "method_declaration":
        functions.visitMethod(file, node);
        break;
      case "type_declaration":
        typeDeclarations.visitTypeDeclaration(file, node, scope);
        break;
      case "import_spec":
        imports.visitImportSpec(file, node);
        break;
      case "package_clause":
        imports.visitPackageClause(file, node);
        break;
      case "argument_list":
        values.visitValueList(file, node, scope);
        break;
      case "return_statement":
        if (node.firstNamedChild?.type === "expression_list") values.visitValueList(file, node.firstNamedChild, scope);
        break;
      case "assignment_statement": {
        const right = node.childForFieldName("right");
        if (right) values.visitValueList(file, right, scope);
        break;
      }
      case "literal_value":
        values.visitLiteralValue(file, node, scope);
        break;
    }
  }
  const facts = file.facts;
  functions.settleMethodParents(file);
  if (file.structFields.length > 0) facts.fields = file.structFields;
  if (file.resultVars.length > 0) facts.resultVars = file.resultVars;
  if (file.locals.length > 0) facts.locals = file.locals;
  calls.linkReceiverCalls(file);
  calls.settleCallColumns(file);
  values.dropVariableValues(file);
  return facts;
}

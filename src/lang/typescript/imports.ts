// Module syntax of TS/JS: ES imports, re-exports, export lists, CommonJS require and exports.
import type { Node } from "web-tree-sitter";
import type { ExportFact, ImportFact, ImportName } from "../../model/facts";
import { dottedPath, lineOf, nameText, stringValue, textOf } from "./syntax";

/** True when an anonymous `type` keyword is a direct child: `import type …`, `export type { … } from`. */
function hasTypeKeyword(node: Node): boolean {
  for (const child of node.children) {
    if (child.type === "type" && !child.isNamed) return true;
    if (child.type === "import_clause" || child.type === "export_clause") return false;
  }
  return false;
}

/** `import … from "m"`, `import "m"`, `import x = require("m")`. */
export function importStatementFact(node: Node, source: string): ImportFact | undefined {
  const line = lineOf(node);
  let specifier = stringValue(node.childForFieldName("source"), source);
  const names: ImportName[] = [];
  let kind: ImportFact["kind"] = "import";
  let typeOnly = hasTypeKeyword(node);
  for (const child of node.namedChildren) {
    if (child.type === "import_clause") {
      typeOnly = readImportClause(child, source, names) || typeOnly;
    } else if (child.type === "import_require_clause") {
      kind = "require";
      specifier = stringValue(child.childForFieldName("source"), source);
      const local = child.namedChildren.find((c) => c.type === "identifier");
      if (local) names.push({ imported: "*", local: textOf(local, source) });
    }
  }
  if (specifier === undefined) return undefined;
  const fact: ImportFact = { line, source: specifier, names, kind };
  if (typeOnly) fact.typeOnly = true;
  return fact;
}

/** Fills `names`; returns true when every binding is an inline `type` specifier. */
function readImportClause(clause: Node, source: string, names: ImportName[]): boolean {
  let valueBindings = 0;
  let typeBindings = 0;
  for (const part of clause.namedChildren) {
    if (part.type === "identifier") {
      names.push({ imported: "default", local: textOf(part, source) });
      valueBindings++;
    } else if (part.type === "namespace_import") {
      const local = part.firstNamedChild;
      if (local) names.push({ imported: "*", local: textOf(local, source) });
      valueBindings++;
    } else if (part.type === "named_imports") {
      for (const spec of part.namedChildren) {
        if (spec.type !== "import_specifier") continue;
        const name = spec.childForFieldName("name");
        if (!name) continue;
        const alias = spec.childForFieldName("alias");
        const imported = nameText(name, source);
        names.push({ imported, local: alias ? textOf(alias, source) : imported });
        if (hasTypeKeyword(spec)) typeBindings++;
        else valueBindings++;
      }
    }
  }
  return typeBindings > 0 && valueBindings === 0;
}

/** `export type * from`, whose `type` the tree no longer holds once prepare.ts has blanked it. */
const TYPE_STAR_EXPORT = /^export\s+type\s*\*/;

/** `export … from "m"`: undefined when the statement has no `from`. */
export function reexportFact(node: Node, source: string): ImportFact | undefined {
  const specifier = stringValue(node.childForFieldName("source"), source);
  if (specifier === undefined) return undefined;
  const names: ImportName[] = [];
  let sawClause = false;
  for (const child of node.namedChildren) {
    if (child.type === "export_clause") {
      sawClause = true;
      for (const spec of exportSpecifiers(child, source)) names.push({ imported: spec.name, local: spec.alias });
    } else if (child.type === "namespace_export") {
      sawClause = true;
      const local = child.firstNamedChild;
      names.push({ imported: "*", local: local ? nameText(local, source) : "" });
    }
  }
  if (!sawClause) names.push({ imported: "*", local: "" });
  const fact: ImportFact = { line: lineOf(node), source: specifier, names, kind: "reexport" };
  if (hasTypeKeyword(node) || TYPE_STAR_EXPORT.test(textOf(node, source))) fact.typeOnly = true;
  return fact;
}

/** `export { a, b as c }` without a `from`. */
export function exportClauseFacts(clause: Node, source: string): ExportFact[] {
  const line = lineOf(clause);
  return exportSpecifiers(clause, source).map((spec) => ({ local: spec.name, exported: spec.alias, line }));
}

function exportSpecifiers(clause: Node, source: string): { name: string; alias: string }[] {
  const specs: { name: string; alias: string }[] = [];
  for (const spec of clause.namedChildren) {
    if (spec.type !== "export_specifier") continue;
    const name = spec.childForFieldName("name");
    if (!name) continue;
    const alias = spec.childForFieldName("alias");
    const local = nameText(name, source);
    specs.push({ name: local, alias: alias ? nameText(alias, source) : local });
  }
  return specs;
}

/** The specifier of `require("m")`, or undefined when `call` is anything else. */
export function requireSpecifier(call: Node, source: string): string | undefined {
  if (call.type !== "call_expression") return undefined;
  const fn = call.childForFieldName("function");
  if (!fn || fn.type !== "identifier" || textOf(fn, source) !== "require") return undefined;
  return stringValue(call.childForFieldName("arguments")?.firstNamedChild, source);
}

/** The specifier of `import("m")`, or undefined. */
export function dynamicImportSpecifier(call: Node, source: string): string | undefined {
  if (call.type !== "call_expression") return undefined;
  if (call.childForFieldName("function")?.type !== "import") return undefined;
  return stringValue(call.childForFieldName("arguments")?.firstNamedChild, source);
}

/**
 * What a declarator's value loads, with the names it binds:
 * `x = require("m")`, `{a, b: c} = require("m")`, `x = require("m").y`, `x = await import("m")`.
 */
export function moduleBinding(
  pattern: Node,
  value: Node,
  source: string,
): { source: string; kind: "require" | "dynamic"; names: ImportName[]; call: Node } | undefined {
  let loaded = value;
  let member: string | undefined;
  if (loaded.type === "await_expression") loaded = loaded.firstNamedChild ?? loaded;
  if (loaded.type === "member_expression") {
    const property = loaded.childForFieldName("property");
    const object = loaded.childForFieldName("object");
    if (!property || !object) return undefined;
    member = textOf(property, source);
    loaded = object;
  }
  let kind: "require" | "dynamic" = "require";
  let specifier = requireSpecifier(loaded, source);
  if (specifier === undefined) {
    specifier = dynamicImportSpecifier(loaded, source);
    kind = "dynamic";
  }
  if (specifier === undefined) return undefined;
  return { source: specifier, kind, names: boundNames(pattern, member ?? "*", source), call: loaded };
}

function boundNames(pattern: Node, whole: string, source: string): ImportName[] {
  if (pattern.type === "identifier") return [{ imported: whole, local: textOf(pattern, source) }];
  if (pattern.type !== "object_pattern" || whole !== "*") return [];
  const names: ImportName[] = [];
  for (const part of pattern.namedChildren) {
    if (part.type === "shorthand_property_identifier_pattern") {
      const name = textOf(part, source);
      names.push({ imported: name, local: name });
    } else if (part.type === "pair_pattern") {
      const key = part.childForFieldName("key");
      const value = part.childForFieldName("value");
      if (key && value?.type === "identifier") names.push({ imported: nameText(key, source), local: textOf(value, source) });
    } else if (part.type === "object_assignment_pattern") {
      const left = part.childForFieldName("left");
      if (left?.type === "shorthand_property_identifier_pattern") {
        const name = textOf(left, source);
        names.push({ imported: name, local: name });
      }
    }
  }
  return names;
}

/**
 * The exported name a CommonJS assignment target denotes: "default" for `module.exports`,
 * "x" for `module.exports.x` / `exports.x`; undefined for anything else.
 */
export function commonJsExportName(left: Node, source: string): string | undefined {
  if (left.type !== "member_expression") return undefined;
  const path = dottedPath(left, source);
  if (path === "module.exports") return "default";
  if (!path) return undefined;
  const dot = path.lastIndexOf(".");
  const owner = path.slice(0, dot);
  if (owner === "module.exports" || owner === "exports") return path.slice(dot + 1);
  return undefined;
}

// Adding a language touches src/lang/<id>/ and one registry entry: the invariant, checked by
// reading the source. Outside src/lang no code names a language or a language family, tests a
// file's extension or a manifest's name, or compares a `lang` or a `family` with a literal;
// only src/lang/registry.ts imports a family's folder, and no folder imports another's.
// Names come from the registry itself, so a new language is covered as soon as it registers.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { families, languageIds } from "../../src/lang/registry";

const ROOT = join(import.meta.dir, "../..");
const SRC = join(ROOT, "src");

const FAMILY_IDS = families().map((family) => family.id);
const LANGUAGE_NAMES = new Set([...languageIds(), ...FAMILY_IDS]);
const EXTENSIONS = families().flatMap((family) => family.languages.flatMap((language) => language.extensions));
const MANIFESTS = families().flatMap((family) => family.manifests.map((glob) => glob.replace("*", "build")));
/** Names a language's file rules are written for: a stem with a registered extension. */
const STEMS = ["x", "x_test", "test_x", "__init__", "index", "x.test", "x.spec", "x.d", "x.pb", "x_pb2", "x.gen", "x_gen", "conftest", "setup", "magefile", "main", "app.min"];
const NOT_REGISTERED = "qqq";
/** Inside src/lang, the folder-neutral files: shared by every family. */
const NEUTRAL_LANG_FILES = new Set(["src/lang/registry.ts", "src/lang/entries.ts", "src/lang/family.ts", "src/lang/grammars.ts", "src/lang/parse-errors.ts", "src/lang/value-refs.ts", "src/lang/doc-text.ts", "src/lang/signature.ts"]);

/** Where each finding is: `path:line: what`. */
function violations(path: string, text: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const at = (node: ts.Node) => `${path}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const family = familyFolderOf(path);
  const outsideLang = !path.startsWith("src/lang/");
  // Inside a family's folder its own languages may be named; the neutral files of src/lang name none.
  const allowedNames = family === undefined ? new Set<string>() : namesOfFamily(family);

  const visit = (node: ts.Node): void => {
    if (isModuleSpecifier(node)) return;
    const literal = literalText(node);
    if (literal !== undefined) {
      if (LANGUAGE_NAMES.has(literal) && !allowedNames.has(literal)) found.push(`${at(node)}: names the language "${literal}"`);
      // A file's name is one word; prose (a help text's example command) is not a rule.
      const fileName = !/\s/.test(literal);
      if (outsideLang && fileName && namesExtension(literal)) found.push(`${at(node)}: names a file by a language's extension: "${literal}"`);
      if (outsideLang && fileName && MANIFESTS.some((name) => literal.endsWith(name))) found.push(`${at(node)}: names a manifest: "${literal}"`);
    }
    if (outsideLang && ts.isRegularExpressionLiteral(node)) {
      const what = regexKnowledge(node.text);
      if (what) found.push(`${at(node)}: a pattern that ${what}: ${node.text}`);
    }
    if (outsideLang && ts.isBinaryExpression(node) && isEquality(node.operatorToken.kind)) {
      const [named, other] = isLanguageValued(node.left) ? [node.left, node.right] : [node.right, node.left];
      if (isLanguageValued(named) && literalText(other) !== undefined) found.push(`${at(node)}: compares ${named.getText(source)} with a literal`);
    }
    if (outsideLang && ts.isSwitchStatement(node) && isLanguageValued(node.expression)) {
      found.push(`${at(node)}: switches on ${node.expression.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);

  for (const specifier of importedPaths(source)) {
    const target = resolveImport(path, specifier);
    const targetFamily = target && familyFolderOf(target);
    if (targetFamily === undefined) continue;
    if (family !== undefined && targetFamily !== family) found.push(`${path}: the ${family} folder imports the ${targetFamily} folder (${specifier})`);
    if (family === undefined && path !== "src/lang/registry.ts") found.push(`${path}: imports a family's folder (${specifier}); only src/lang/registry.ts may`);
  }
  return found;
}

function namesOfFamily(id: string): Set<string> {
  const family = families().find((f) => f.id === id);
  return new Set([id, ...(family?.languages.map((language) => language.id) ?? [])]);
}

/** "typescript" for src/lang/typescript/x.ts; undefined elsewhere. */
function familyFolderOf(path: string): string | undefined {
  const match = /^src\/lang\/([^/]+)\//.exec(path);
  return match?.[1];
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return undefined;
}

/** `import … from "x"`, `export … from "x"`, `import("x")`, `require("x")`, `declare module "x"`. */
function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent;
  if (!parent || !ts.isStringLiteral(node)) return false;
  if ((ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) && parent.moduleSpecifier === node) return true;
  if (ts.isModuleDeclaration(parent) && parent.name === node) return true;
  if (ts.isExternalModuleReference(parent)) return true;
  if (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent)) return true;
  if (ts.isCallExpression(parent) && parent.arguments[0] === node) {
    const callee = parent.expression;
    if (callee.kind === ts.SyntaxKind.ImportKeyword) return true;
    if (ts.isIdentifier(callee) && (callee.text === "require" || callee.text === "workerUrl")) return true;
  }
  return false;
}

function importedPaths(source: ts.SourceFile): string[] {
  const paths: string[] = [];
  const visit = (node: ts.Node): void => {
    if (isModuleSpecifier(node)) paths.push((node as ts.StringLiteral).text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return paths;
}

/** A relative specifier as a path from the repository root; undefined for a package. */
function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  return relative(ROOT, join(ROOT, from, "..", specifier));
}

/** `.go`, `_test.go`, `__init__.py`, `x.ts`: a name whose extension is a language's. */
function namesExtension(literal: string): boolean {
  const lower = literal.toLowerCase();
  return EXTENSIONS.some((extension) => lower.endsWith(`.${extension}`));
}

/**
 * What a pattern knows of languages: it tells a registered extension from an unregistered one
 * on the same name (`/_test\.go$/`, `/\.(ts|js)$/`), or it spells a manifest's name
 * (`/^go\.mod$/`, `/tsconfig[^/]*\.json/`).
 */
function regexKnowledge(literal: string): string | undefined {
  const close = literal.lastIndexOf("/");
  let make: () => RegExp;
  try {
    const re = new RegExp(literal.slice(1, close), literal.slice(close + 1));
    make = () => new RegExp(re.source, re.flags);
  } catch {
    return undefined;
  }
  for (const stem of STEMS) {
    for (const extension of EXTENSIONS) {
      if (make().test(`${stem}.${extension}`) && !make().test(`${stem}.${NOT_REGISTERED}`)) return `tells .${extension} files apart`;
    }
  }
  const spelled = literal.slice(1, close).replaceAll("\\.", ".");
  for (const manifest of MANIFESTS) if (spelled.includes(manifestWord(manifest))) return `names the manifest ${manifest}`;
  return undefined;
}

/** What spells a manifest in a pattern: its stem, when long enough to mean nothing else, or its name. */
function manifestWord(manifest: string): string {
  const stem = manifest.slice(0, manifest.indexOf("."));
  return stem.length >= 5 ? stem : manifest;
}

function isEquality(kind: ts.SyntaxKind): boolean {
  return (
    kind === ts.SyntaxKind.EqualsEqualsEqualsToken ||
    kind === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
    kind === ts.SyntaxKind.EqualsEqualsToken ||
    kind === ts.SyntaxKind.ExclamationEqualsToken
  );
}

/** `lang`, `facts.lang`, `family`, `mod.family`, `node.lang`, `langFamily`: a value naming a language. */
function isLanguageValued(node: ts.Node): boolean {
  const name = ts.isIdentifier(node) ? node.text : ts.isPropertyAccessExpression(node) ? node.name.text : undefined;
  return name !== undefined && /^(lang|language|family|langFamily)$/i.test(name);
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (entry.endsWith(".ts")) files.push(full);
  }
  return files;
}

describe("adding a language touches src/lang/<id>/ and its registry entry", () => {
  const files = sourceFiles(SRC).map((full) => relative(ROOT, full)).sort();
  const checked = files;

  test("no file outside a family's folder names a language, its files or its manifests, or branches on one", () => {
    const found = checked.flatMap((path) => violations(path, readFileSync(join(ROOT, path), "utf8")));
    expect(found).toEqual([]);
  });

  test("the registry lists every family folder, and every folder is registered", () => {
    const folders = readdirSync(join(SRC, "lang")).filter((entry) => statSync(join(SRC, "lang", entry)).isDirectory()).sort();
    expect([...FAMILY_IDS].sort()).toEqual(folders);
    const registry = readFileSync(join(SRC, "lang/registry.ts"), "utf8");
    for (const id of FAMILY_IDS) expect(registry).toContain(`./${id}/language.ts`);
  });

  test("the folder-neutral files of src/lang are the ones named", () => {
    const neutral = files.filter((path) => path.startsWith("src/lang/") && familyFolderOf(path) === undefined);
    expect(neutral).toEqual([...NEUTRAL_LANG_FILES].sort());
  });
});

describe("the check itself", () => {
  const check = (text: string, path = "src/resolve/example.ts") => violations(path, text);

  test("finds each way a language branch comes back", () => {
    const reintroduced = [
      `if (facts.lang === "go") run();`,
      `if (family !== "py") run();`,
      `const lang = x ?? "typescript";`,
      `switch (importer.lang) { case "a": break; }`,
      `const test = path.endsWith("_test.go");`,
      "const init = `${dir}/__init__.py`;",
      `const TEST = /_test\\.go$/;`,
      `const CODE = /\\.(ts|js)$/;`,
      `const manifest = "package.json";`,
      `const CONFIG = /^(go\\.mod|setup\\.cfg)$/;`,
      `import { isGoTest } from "../lang/go/modules";`,
    ];
    for (const text of reintroduced) expect(check(text)).not.toEqual([]);
  });

  test("lets language-neutral code be", () => {
    const neutral = [
      `import ts from "typescript";`,
      `import { version } from "../package.json" with { type: "json" };`,
      `const kind = node.kind === "class";`,
      `const url = workerUrl("ingest/parse.worker.ts");`,
      `const GENERATED = /\\.generated\\.[^.]+$/;`,
      `const TEST = /\\.(test|spec)\\.[^.]+$/;`,
      `import { langOfPath } from "../lang/registry";`,
      `if (lang === undefined) return;`,
    ];
    for (const text of neutral) expect(check(text)).toEqual([]);
  });

  test("a family's folder names its own languages, never another's, and imports no other folder", () => {
    expect(check(`const x = lang === "javascript";`, "src/lang/typescript/resolver.ts")).toEqual([]);
    expect(check(`const x = lang === "python";`, "src/lang/typescript/resolver.ts")).not.toEqual([]);
    expect(check(`import { sites } from "../python/sites.ts";`, "src/lang/typescript/resolver.ts")).not.toEqual([]);
    expect(check(`const x = "go";`, "src/lang/grammars.ts")).not.toEqual([]);
  });
});

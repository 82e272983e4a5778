// Every language ix reads, and what can be said of a file by its name alone. The one list of
// languages: each family's folder describes itself (src/lang/<id>/language.ts) and is named
// here once. Importing this loads no grammar, extractor or resolver: discovery and every
// query read it.
import type { FileFacts, Lang } from "../model/facts.ts";
import type { SiteSyntax } from "../sites/syntax.ts";
import type { FamilyParsing, FilePatterns, LanguageFamily } from "./family.ts";
import { go } from "./go/language.ts";
import { python } from "./python/language.ts";
import { typescript } from "./typescript/language.ts";

export type { Lang, LanguageFamily };

const FAMILIES: readonly LanguageFamily[] = [typescript, python, go];

const familyByLang = new Map<Lang, LanguageFamily>();
const langByExtension = new Map<string, Lang>();
for (const family of FAMILIES) {
  for (const language of family.languages) {
    familyByLang.set(language.id, family);
    for (const extension of language.extensions) langByExtension.set(extension, language.id);
  }
}

export function families(): readonly LanguageFamily[] {
  return FAMILIES;
}

/** Every language id, in registry order. */
export function languageIds(): Lang[] {
  return [...familyByLang.keys()];
}

/** The family a language belongs to; undefined for an id no family registers. */
export function familyOf(lang: Lang | null | undefined): LanguageFamily | undefined {
  return lang == null ? undefined : familyByLang.get(lang);
}

/** A family's grammars and extractor, loaded (once) with the first file that needs them. */
export function parsingOf(lang: Lang): Promise<FamilyParsing> {
  const family = familyOf(lang);
  if (!family) return Promise.reject(new Error(`no language is registered as "${lang}"`));
  let loading = parsings.get(family);
  if (!loading) parsings.set(family, (loading = family.parsing()));
  return loading;
}

const parsings = new Map<LanguageFamily, Promise<FamilyParsing>>();

/** Which language a file is, by its extension. */
export function langOfPath(path: string): Lang | undefined {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? undefined : langByExtension.get(path.slice(dot + 1).toLowerCase());
}

export function familyOfPath(path: string): LanguageFamily | undefined {
  return familyOf(langOfPath(path));
}

/** A path (or a base name) of a config some family's module resolution reads. */
export const MANIFEST_PATH = new RegExp(`(?:^|/)(?:${FAMILIES.flatMap((f) => f.manifests).map(globSource).join("|")})$`);

/** A config some family's module resolution reads: tracked for change, never parsed. */
export function isManifest(path: string): boolean {
  return MANIFEST_PATH.test(path);
}

/**
 * Every family's base-name patterns of one kind. A pattern applies to any file, whatever its
 * own language: `zz_generated.deepcopy.json` is as generated as its `.go` sibling.
 */
export function filePatterns(kind: keyof FilePatterns): RegExp[] {
  return FAMILIES.flatMap((family) => family.files[kind]);
}

const MINIFIED = filePatterns("minified");

/** A bundle by its name (`app.min.js`): skipped without reading it. */
export function isMinifiedName(path: string): boolean {
  return MINIFIED.some((re) => re.test(path));
}

const DIRECTORY_FILES = new Set(FAMILIES.flatMap((family) => family.modules.directoryFiles));

/**
 * The module names a caller may write for a file (`os/path`, `effect/Effect`, dots as
 * slashes): the path without its extension, and its directory when the file stands for it —
 * any file of a family whose modules are directories, or a file of any family named like one
 * that stands for its directory (`index`, `__init__`).
 */
export function moduleNamesOf(path: string, lang: Lang | null | undefined): string[] {
  const stem = path.replace(/\.[^./]+$/, "");
  const slash = stem.lastIndexOf("/");
  const base = stem.slice(slash + 1);
  const dir = stem.slice(0, Math.max(0, slash));
  const standsForDirectory = familyOf(lang)?.modules.directoryIsModule === true || DIRECTORY_FILES.has(base);
  return standsForDirectory ? [stem, dir] : [stem];
}

/** Whether every name a module of `lang` imports is one of its members (`click.echo`). */
export function importsAreMembers(lang: Lang | null | undefined): boolean {
  return familyOf(lang)?.modules.importsAreMembers === true;
}

/** Whether an import of a module of `lang` takes the whole module, naming none of its entities (a Go package). */
export function importsNameNoEntity(lang: Lang | null | undefined): boolean {
  return familyOf(lang)?.modules.importsNameNoEntity === true;
}

/** Whether files of `lang` declare the name of their module (`declaredModuleName` reads it). */
export function declaresModuleName(lang: Lang | null | undefined): boolean {
  return familyOf(lang)?.modules.declaredName !== undefined;
}

/** The name a file's own code gives its module (a Go package clause), if its family has one. */
export function declaredModuleName(facts: FileFacts): string | undefined {
  return familyOf(facts.lang)?.modules.declaredName?.(facts);
}

/** A word of an import statement in any registered language: the site finders' cheap first look. */
export const IMPORT_WORD = new RegExp(FAMILIES.map((family) => family.sites.imports.words.source).join("|"));

/** Each family's site rules as the site finders get them: with the first look of every language. */
const READING = new Map<LanguageFamily, SiteSyntax>(
  FAMILIES.map((family) => [family, { ...family.sites, imports: { ...family.sites.imports, firstLook: IMPORT_WORD } }]),
);

/**
 * How the site finders read a file of `lang`. A file without a language (a config file's
 * node), or of an id no family registers, is read by the TypeScript family's rules: braces,
 * quotes and `//` comments suit the JSON-like configs ix tracks.
 */
export function siteSyntaxOf(lang: Lang | null | undefined): SiteSyntax {
  return READING.get(familyOf(lang) ?? WITHOUT_LANGUAGE)!;
}

const WITHOUT_LANGUAGE = typescript;

/** `tsconfig.*.json` → `tsconfig\.[^/]+\.json`. */
function globSource(glob: string): string {
  return glob.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^/]+");
}

const ENTRY = filePatterns("entry");

/** A file a runtime or toolchain loads by itself (an entry point, ambient declarations), by its base name. */
export function isEntryPoint(path: string): boolean {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return ENTRY.some((re) => re.test(base));
}

/** A file that stands for its directory (`index.ts`, `__init__.py`): its package's index. */
export function isPackageIndex(path: string): boolean {
  const base = path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]+$/, "");
  return familyOfPath(path)?.modules.directoryFiles.includes(base) === true;
}

/** Whether the file's exported names are API for code outside the repository (LanguageFamily.exportsArePublic). */
export function exportsArePublic(path: string): boolean {
  return familyOfPath(path)?.exportsArePublic?.(path) === true;
}

/** Whether a file's own code makes it an entry point (LanguageFamily.declaresEntryPoint). */
export function declaresEntryPoint(facts: FileFacts): boolean {
  return familyOf(facts.lang)?.declaresEntryPoint?.(facts) === true;
}

/** Whether a file's family can tell an entry point by its code, so its facts are worth reading. */
export function mayDeclareEntryPoint(path: string): boolean {
  return familyOfPath(path)?.declaresEntryPoint !== undefined;
}

// The TypeScript programs a repository is checked as: one per distinct compiler setting among
// its tsconfig files, each file in the program of the nearest tsconfig above it (as an editor
// picks one), JavaScript included (allowJs), and imports of a workspace package by its name
// resolved to that package's sources, as a pnpm or yarn workspace links them.
//
// The links are virtual: the compiler host answers for `<root>/node_modules/<package name>/…`
// with the package's own folder, so nothing is written into the corpus (ix, which maps the
// corpus, never sees them and cannot rely on them). Nothing outside the corpus is visible but
// the compiler's own lib files: the truth does not depend on where the corpus sits (it sits
// inside ix's checkout, whose node_modules would otherwise answer for `typescript` or `@types`).
import ts from "typescript";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, relative, resolve, sep } from "node:path";
import YAML from "yaml";

export const SOURCE_FILE = /\.(c|m)?[jt]sx?$/;
const JS_FILE = /\.(c|m)?jsx?$/;
const DECLARATION = /\.d\.(c|m)?ts$/;

/** What an import statement's specifier reaches. */
export type ImportOutcome =
  /** A source file of the corpus. */
  | "corpus"
  /** A file of the corpus that is no source (`./styles.css`, `./logo.svg`). */
  | "asset"
  /** A package or built-in module outside the corpus (`react`, `node:fs`): not installed here. */
  | "external"
  /** A relative path, an alias or a workspace package name that reaches no file. */
  | "unresolved";

export interface Resolution {
  /** Absolute path, for "corpus" and "asset". */
  file?: string;
  outcome: ImportOutcome;
  /** Reached only through the fallback for a workspace package whose `exports` name build output. */
  fallback?: boolean;
}

export interface WorkspaceProgram {
  program: ts.Program;
  options: ts.CompilerOptions;
  /** The files this program walks (absolute): those whose nearest tsconfig has these settings. */
  walked: string[];
  resolve(specifier: string, containingFile: string, mode?: ts.ResolutionMode): Resolution;
  /**
   * The file an import statement reaches: from JavaScript, what runs (`require('../fastify')` is
   * fastify.js); from TypeScript, the declaration file beside it when there is one (types/*.d.ts
   * importing '../fastify' reach fastify.d.ts), as the compiler resolves it.
   */
  importTarget(resolved: string, containingFile: string): string;
}

export interface WorkspaceStats {
  programs: number;
  tsconfigs: number;
  /** Workspace packages by name, each a folder relative to the root. */
  packages: Record<string, string>;
  /** Declaration files hidden because a JavaScript file of the same stem sits beside them. */
  hiddenDeclarations: number;
  /** Configs the compiler reported errors for (a missing `extends` package, …): their options are what could be read. */
  configErrors: string[];
}

/** IX_TRUTH_UNSHARED=1 parses every file again for each program: to check that sharing changes nothing. */
const UNSHARED = process.env.IX_TRUTH_UNSHARED === "1";

const DEFAULT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ESNext,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  strict: true,
};

/** The repository's tracked files (git), else every file under it; never node_modules or .git. */
export function listFiles(root: string): string[] {
  const git = Bun.spawnSync(["git", "ls-files", "-z"], { cwd: root, stdout: "pipe", stderr: "ignore" });
  const rel =
    git.exitCode === 0
      ? git.stdout.toString().split("\0").filter(Boolean)
      : readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join("/"));
  return rel
    .filter((p) => !p.split("/").some((part) => part === "node_modules" || part === ".git"))
    .map((p) => join(root, p))
    .filter((p) => isRegularFile(p))
    .sort();
}

function isRegularFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `fastify.d.ts` beside `fastify.js`: the JavaScript is what runs and what a user asks about. */
function shadowedDeclarations(files: string[]): Set<string> {
  const present = new Set(files);
  const hidden = new Set<string>();
  for (const file of files) {
    const m = /^(.*)\.d\.(c|m)?ts$/.exec(file);
    if (!m) continue;
    const stem = m[1]!;
    const js = m[2] === "c" ? [".cjs", ".js"] : m[2] === "m" ? [".mjs", ".js"] : [".js", ".cjs", ".mjs", ".jsx"];
    if (js.some((ext) => present.has(stem + ext))) hidden.add(file);
  }
  return hidden;
}

/** Workspace packages by name: every package.json with a name, the shallowest winning a duplicate name. */
function workspacePackages(root: string, files: string[]): Map<string, string> {
  const globs = workspaceGlobs(root);
  const manifests = files.filter((f) => f.endsWith("/package.json")).sort((a, b) => a.split("/").length - b.split("/").length || a.localeCompare(b));
  const packages = new Map<string, string>();
  // Folders the workspace declares first, then any other package (an example app) a test may name.
  const declared = (dir: string) => globs.some((g) => g.test(relative(root, dir).split(sep).join("/")));
  for (const pass of [true, false])
    for (const manifest of manifests) {
      const dir = dirname(manifest);
      if (declared(dir) !== pass && globs.length > 0) continue;
      try {
        const name = (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name;
        if (typeof name === "string" && name && !packages.has(name)) packages.set(name, dir);
      } catch {
        // A package.json that is no JSON (a template) names no package.
      }
    }
  return packages;
}

/** pnpm-workspace.yaml's `packages`, or package.json's `workspaces`, as path patterns. */
function workspaceGlobs(root: string): RegExp[] {
  const patterns: string[] = [];
  const pnpm = join(root, "pnpm-workspace.yaml");
  if (existsSync(pnpm)) {
    const parsed = YAML.parse(readFileSync(pnpm, "utf8")) as { packages?: string[] } | null;
    patterns.push(...(parsed?.packages ?? []));
  }
  const manifest = join(root, "package.json");
  if (existsSync(manifest)) {
    try {
      const ws = (JSON.parse(readFileSync(manifest, "utf8")) as { workspaces?: string[] | { packages?: string[] } }).workspaces;
      patterns.push(...(Array.isArray(ws) ? ws : ws?.packages ?? []));
    } catch {
      // no workspaces
    }
  }
  return patterns
    .filter((p) => !p.startsWith("!"))
    .map((p) => p.replace(/^\.\//, "").replace(/\/$/, ""))
    .map((p) => new RegExp(`^${p.split("/").map((part) => (part === "**" ? ".*" : part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"))).join("/")}$`));
}

interface Config {
  path: string;
  options: ts.CompilerOptions;
  fileNames: Set<string>;
  references: string[];
}

function readConfig(path: string, errors: string[]): Config {
  const read = ts.readConfigFile(path, ts.sys.readFile);
  if (read.error) {
    errors.push(`${path}: ${ts.flattenDiagnosticMessageText(read.error.messageText, " ")}`);
    return { path, options: {}, fileNames: new Set(), references: [] };
  }
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(path), undefined, path);
  // A missing `extends` (a package not installed) or a glob matching nothing: options read so far stand.
  const serious = parsed.errors.filter((d) => d.code !== 18003);
  if (serious.length > 0) errors.push(`${path}: ${serious.map((d) => ts.flattenDiagnosticMessageText(d.messageText, " ")).join("; ").slice(0, 300)}`);
  const references = (parsed.projectReferences ?? []).map((r) => (r.path.endsWith(".json") ? r.path : join(r.path, "tsconfig.json")));
  return { path, options: parsed.options, fileNames: new Set(parsed.fileNames.map((f) => resolve(f))), references };
}

/** The options a file is checked with: its nearest tsconfig's (a solution's, the referenced config that includes it). */
function configFor(file: string, root: string, configs: Map<string, Config | undefined>, load: (dir: string) => Config | undefined, errors: string[]): Config | undefined {
  let dir = dirname(file);
  for (;;) {
    const config = load(dir);
    if (config) {
      if (config.fileNames.size === 0 && config.references.length > 0) {
        for (const ref of config.references) {
          if (!configs.has(ref)) configs.set(ref, existsSync(ref) ? readConfig(ref, errors) : undefined);
          const referenced = configs.get(ref);
          if (referenced?.fileNames.has(file)) return referenced;
        }
      }
      return config;
    }
    if (dir === root || !dir.startsWith(root)) return undefined;
    dir = dirname(dir);
  }
}

/** The settings the truth checks with, whatever the config says: nothing emitted, JavaScript checked for its declarations. */
function truthOptions(options: ts.CompilerOptions): ts.CompilerOptions {
  const merged = { ...DEFAULT_OPTIONS, ...options };
  // A config's moduleResolution without a module kind (or the reverse) must stay consistent.
  if (options.moduleResolution === undefined && options.module !== undefined) delete merged.moduleResolution;
  if (options.module === undefined && options.moduleResolution !== undefined) {
    merged.module = options.moduleResolution === ts.ModuleResolutionKind.Node16 ? ts.ModuleKind.Node16 : options.moduleResolution === ts.ModuleResolutionKind.NodeNext ? ts.ModuleKind.NodeNext : ts.ModuleKind.ESNext;
  }
  return {
    ...merged,
    allowJs: true,
    checkJs: false,
    maxNodeModuleJsDepth: 0,
    jsx: merged.jsx ?? ts.JsxEmit.Preserve,
    noEmit: true,
    skipLibCheck: true,
    incremental: false,
    composite: false,
    declaration: false,
    emitDeclarationOnly: false,
    tsBuildInfoFile: undefined,
    configFilePath: undefined,
    noResolve: false,
    // A config's diagnostics switches (zod's packages/bench traces every resolution) are not the truth's business.
    traceResolution: false,
    extendedDiagnostics: false,
    diagnostics: false,
    listFiles: false,
    explainFiles: false,
  };
}

/** Options that only say where modules and types are found: two programs differing in them parse and bind a file alike. */
const RESOLUTION_ONLY = new Set(["paths", "baseUrl", "pathsBasePath", "customConditions", "lib", "types", "typeRoots", "rootDir", "rootDirs", "outDir", "declarationDir", "moduleSuffixes", "resolvePackageJsonExports", "resolvePackageJsonImports", "noEmit", "skipLibCheck", "strictNullChecks", "noImplicitAny", "noUnusedLocals", "noUnusedParameters"]);

/** Options that say the same about binding and resolution share a program. */
function optionsKey(options: ts.CompilerOptions): string {
  return JSON.stringify(options, (_k, v) => (typeof v === "function" ? undefined : v));
}

export function workspacePrograms(rootArg: string): { programs: WorkspaceProgram[]; files: string[]; stats: WorkspaceStats } {
  const root = resolve(rootArg);
  const all = listFiles(root);
  const hidden = shadowedDeclarations(all);
  const sources = all.filter((f) => SOURCE_FILE.test(f) && !hidden.has(f));
  const packages = workspacePackages(root, all);
  const corpusFiles = new Set(all.filter((f) => !hidden.has(f)));
  const configErrors: string[] = [];

  const configs = new Map<string, Config | undefined>();
  const load = (dir: string): Config | undefined => {
    for (const name of ["tsconfig.json", "jsconfig.json"]) {
      const path = join(dir, name);
      if (configs.has(path)) {
        const c = configs.get(path);
        if (c) return c;
        continue;
      }
      const config = corpusFiles.has(path) ? readConfig(path, configErrors) : undefined;
      configs.set(path, config);
      if (config) return config;
    }
    return undefined;
  };

  const groups = new Map<string, { options: ts.CompilerOptions; files: string[] }>();
  for (const file of sources) {
    const config = configFor(file, root, configs, load, configErrors);
    const options = truthOptions(config?.options ?? {});
    const key = optionsKey(options);
    const group = groups.get(key) ?? { options, files: [] };
    group.files.push(file);
    groups.set(key, group);
  }

  const host = new VirtualHost(root, corpusFiles, packages);
  const declarationOf = new Map<string, string>();
  for (const dts of hidden) {
    const stem = dts.replace(/\.d\.(c|m)?ts$/, "");
    for (const ext of [".js", ".cjs", ".mjs", ".jsx"]) if (all.includes(stem + ext)) declarationOf.set(stem + ext, dts);
  }
  const importTarget = (resolved: string, containingFile: string): string => (isJavaScript(containingFile) ? resolved : declarationOf.get(resolved) ?? resolved);
  const programs = [...groups.values()].map(({ options, files }) => ({ ...host.program(options, files), importTarget }));
  const rel = (dir: string) => relative(root, dir).split(sep).join("/");
  return {
    programs,
    files: sources,
    stats: {
      programs: programs.length,
      tsconfigs: [...configs.values()].filter(Boolean).length,
      packages: Object.fromEntries([...packages].map(([name, dir]) => [name, rel(dir) || "."])),
      hiddenDeclarations: hidden.size,
      configErrors,
    },
  };
}

/**
 * One file system for every program of a corpus: the corpus, the compiler's lib files, and the
 * workspace packages seen at `<root>/node_modules/<name>`. Parsed files are shared between
 * programs of the same language level, as the language service shares them between projects.
 */
class VirtualHost {
  private readonly modules: string;
  private readonly libDir: string;
  private readonly parsed = new Map<string, ts.SourceFile | undefined>();
  private readonly scopes: Set<string>;

  constructor(
    private readonly root: string,
    private readonly files: Set<string>,
    private readonly packages: Map<string, string>,
  ) {
    this.modules = join(root, "node_modules");
    this.libDir = dirname(ts.getDefaultLibFilePath({}));
    this.scopes = new Set([...packages.keys()].filter((n) => n.startsWith("@")).map((n) => n.split("/")[0]!));
  }

  /** A path under the virtual node_modules, as the package's own folder; any other path as is. */
  private real(path: string): string {
    const p = resolve(path);
    if (!p.startsWith(this.modules + sep)) return p;
    const parts = p.slice(this.modules.length + 1).split(sep);
    const name = parts[0]!.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
    const dir = this.packages.get(name);
    if (!dir) return p;
    return join(dir, ...parts.slice(name.split("/").length));
  }

  private visible(path: string): boolean {
    return path.startsWith(this.root + sep) || path === this.root || path.startsWith(this.libDir + sep);
  }

  private fileExists = (path: string): boolean => {
    const real = this.real(path);
    if (real.startsWith(this.libDir + sep)) return existsSync(real);
    return this.files.has(real);
  };

  private directoryExists = (path: string): boolean => {
    const p = resolve(path);
    if (p === this.modules) return this.packages.size > 0;
    if (p.startsWith(this.modules + sep)) {
      const rest = p.slice(this.modules.length + 1);
      if (!rest.includes(sep) && this.scopes.has(rest)) return true;
    }
    const real = this.real(p);
    if (!this.visible(real) || real.split(sep).includes("node_modules")) return false;
    try {
      return statSync(real).isDirectory();
    } catch {
      return false;
    }
  };

  private readFile = (path: string): string | undefined => {
    const real = this.real(path);
    if (!this.fileExists(path)) return undefined;
    return readFileSync(real, "utf8");
  };

  program(options: ts.CompilerOptions, walked: string[]): Omit<WorkspaceProgram, "importTarget"> {
    const base = ts.createCompilerHost(options, true);
    // A parsed file keeps what a program computed on it once (its imports, the JSX runtime import
    // `jsx: react-jsx` adds, its binding): only programs whose options agree on all but where
    // modules are looked for (paths, conditions, lib, types) share it.
    const parseKey = optionsKey(Object.fromEntries(Object.entries(options).filter(([k]) => !RESOLUTION_ONLY.has(k))));
    const host: ts.CompilerHost = {
      ...base,
      fileExists: this.fileExists,
      directoryExists: this.directoryExists,
      readFile: this.readFile,
      realpath: (path) => this.real(path),
      getDirectories: (path) => {
        const real = this.real(path);
        if (!this.directoryExists(path)) return [];
        return readdirSync(real, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== "node_modules").map((e) => e.name);
      },
      getSourceFile: (fileName, languageVersion, onError) => {
        const level = typeof languageVersion === "object" ? languageVersion : { languageVersion };
        const key = `${resolve(fileName)}\0${level.languageVersion}\0${level.impliedNodeFormat ?? ""}\0${parseKey}`;
        if (this.parsed.has(key) && !UNSHARED) return this.parsed.get(key);
        const text = this.readFile(fileName);
        const sf = text === undefined ? undefined : ts.createSourceFile(this.real(fileName), text, languageVersion, true);
        if (text === undefined) onError?.(`cannot read ${fileName}`);
        this.parsed.set(key, sf);
        return sf;
      },
    };
    const cache = ts.createModuleResolutionCache(this.root, (f) => f, options);
    const resolveOne = (specifier: string, containingFile: string, mode?: ts.ResolutionMode): Resolution => this.resolveSpecifier(specifier, containingFile, options, host, cache, mode);
    host.resolveModuleNameLiterals = (literals, containingFile, _redirect, opts, containingSourceFile) =>
      literals.map((literal) => {
        const mode = ts.getModeForUsageLocation(containingSourceFile, literal, opts);
        const found = resolveOne(literal.text, containingFile, mode);
        if (found.outcome !== "corpus" || !found.file) return { resolvedModule: undefined };
        return { resolvedModule: { resolvedFileName: found.file, extension: extensionOf(found.file), isExternalLibraryImport: false } };
      });
    const program = ts.createProgram({ rootNames: walked, options, host });
    return { program, options, walked, resolve: resolveOne };
  }

  private resolveSpecifier(
    specifier: string,
    containingFile: string,
    options: ts.CompilerOptions,
    host: ts.CompilerHost,
    cache: ts.ModuleResolutionCache,
    mode: ts.ResolutionMode,
  ): Resolution {
    const resolved = ts.resolveModuleName(specifier, containingFile, options, host, cache, undefined, mode).resolvedModule;
    if (resolved) {
      const file = this.real(resolved.resolvedFileName);
      if (this.files.has(file) && SOURCE_FILE.test(file)) return { file, outcome: "corpus" };
      return { outcome: "external" };
    }
    const fallback = this.workspaceFallback(specifier);
    if (fallback) return { file: fallback, outcome: "corpus", fallback: true };
    const relativeSpec = specifier.startsWith(".") || specifier.startsWith("/");
    if (relativeSpec) {
      const asset = resolve(dirname(containingFile), specifier);
      if (this.files.has(asset)) return { file: asset, outcome: "asset" };
      return { outcome: "unresolved" };
    }
    if (this.packageOf(specifier)) return { outcome: "unresolved" };
    // An alias of the config's `paths` that reaches nothing is a missing file; any other bare name a package.
    if (options.paths && Object.keys(options.paths).some((pattern) => matchesPattern(pattern, specifier))) return { outcome: "unresolved" };
    return { outcome: "external" };
  }

  /** The workspace package a bare specifier names, and the subpath after its name. */
  private packageOf(specifier: string): { dir: string; sub: string } | undefined {
    const parts = specifier.split("/");
    const nameLength = specifier.startsWith("@") ? 2 : 1;
    const dir = this.packages.get(parts.slice(0, nameLength).join("/"));
    return dir ? { dir, sub: parts.slice(nameLength).join("/") } : undefined;
  }

  /**
   * A workspace package whose `exports` or `main` name build output (`./dist/index.mjs`) that a
   * checkout lacks: its sources, as the repository's own bundler or test runner aliases them —
   * the `dist/` path mapped to `src/`, else `src/<subpath>`, else `<subpath>`.
   */
  private workspaceFallback(specifier: string): string | undefined {
    const pkg = this.packageOf(specifier);
    if (!pkg) return undefined;
    const targets: string[] = [];
    try {
      const manifest = JSON.parse(readFileSync(join(pkg.dir, "package.json"), "utf8")) as { exports?: unknown; main?: string; module?: string; source?: string; types?: string };
      const entry = exportsEntry(manifest.exports, pkg.sub ? `./${pkg.sub}` : ".");
      targets.push(...stringTargets(entry));
      if (!pkg.sub) targets.push(...[manifest.source, manifest.module, manifest.main, manifest.types].filter((t): t is string => typeof t === "string"));
    } catch {
      // no manifest to read
    }
    const stems = new Set<string>();
    for (const target of targets) {
      const stem = target.replace(/^\.\//, "").replace(/\.d\.(c|m)?ts$/, "").replace(/\.(c|m)?[jt]sx?$/, "");
      stems.add(stem);
      stems.add(stem.replace(/^(dist|lib|build|esm|cjs|out)(\/(esm|cjs|types|src))?\//, "src/"));
    }
    stems.add(pkg.sub ? `src/${pkg.sub}` : "src/index");
    if (pkg.sub) stems.add(pkg.sub);
    for (const stem of stems)
      for (const candidate of [stem, `${stem}/index`])
        for (const ext of [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]) {
          const file = join(pkg.dir, candidate + ext);
          if (this.files.has(file)) return file;
        }
    return undefined;
  }
}

/** The `exports` entry for a subpath, `*` patterns included. */
function exportsEntry(exports: unknown, subpath: string): unknown {
  if (exports === undefined || exports === null) return undefined;
  if (typeof exports === "string" || Array.isArray(exports)) return subpath === "." ? exports : undefined;
  const map = exports as Record<string, unknown>;
  const keys = Object.keys(map);
  if (!keys.some((k) => k.startsWith("."))) return subpath === "." ? map : undefined; // conditions only
  if (subpath in map) return map[subpath];
  for (const key of keys) {
    const star = key.indexOf("*");
    if (star < 0) continue;
    const [before, after] = [key.slice(0, star), key.slice(star + 1)];
    if (subpath.startsWith(before) && subpath.endsWith(after) && subpath.length >= key.length - 1) {
      const hole = subpath.slice(before.length, subpath.length - after.length);
      return replaceStar(map[key], hole);
    }
  }
  return undefined;
}

function replaceStar(entry: unknown, hole: string): unknown {
  if (typeof entry === "string") return entry.replace(/\*/g, hole);
  if (Array.isArray(entry)) return entry.map((e) => replaceStar(e, hole));
  if (entry && typeof entry === "object") return Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, replaceStar(v, hole)]));
  return entry;
}

/** Every path an exports entry can name, under any condition, source-like conditions first. */
function stringTargets(entry: unknown): string[] {
  if (typeof entry === "string") return [entry];
  if (Array.isArray(entry)) return entry.flatMap(stringTargets);
  if (entry && typeof entry === "object") {
    const pairs = Object.entries(entry);
    const sourceFirst = [...pairs.filter(([k]) => /source|development|ts/.test(k)), ...pairs.filter(([k]) => !/source|development|ts/.test(k))];
    return sourceFirst.flatMap(([, v]) => stringTargets(v));
  }
  return [];
}

function matchesPattern(pattern: string, specifier: string): boolean {
  const star = pattern.indexOf("*");
  if (star < 0) return pattern === specifier;
  return specifier.startsWith(pattern.slice(0, star)) && specifier.endsWith(pattern.slice(star + 1));
}

function extensionOf(file: string): ts.Extension {
  if (DECLARATION.test(file)) return file.endsWith(".d.mts") ? ts.Extension.Dmts : file.endsWith(".d.cts") ? ts.Extension.Dcts : ts.Extension.Dts;
  const ext = extname(file);
  const known: Record<string, ts.Extension> = { ".ts": ts.Extension.Ts, ".tsx": ts.Extension.Tsx, ".mts": ts.Extension.Mts, ".cts": ts.Extension.Cts, ".js": ts.Extension.Js, ".jsx": ts.Extension.Jsx, ".mjs": ts.Extension.Mjs, ".cjs": ts.Extension.Cjs };
  return known[ext] ?? ts.Extension.Ts;
}

export function isJavaScript(file: string): boolean {
  return JS_FILE.test(file);
}

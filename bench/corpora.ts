// Pinned real-world corpora for benchmarks and accuracy checks. Each corpus comes from a
// package registry (npm or Debian apt) or from a public git repository at a pinned commit, is
// cached under bench/.corpora/<name>, and is made a git repository so ix sees it exactly as it
// would see a user's checkout.
//
//   bun bench/corpora.ts            fetch every corpus
//   bun bench/corpora.ts rxjs go-tools

import { existsSync, mkdirSync, rmSync, renameSync, cpSync, writeFileSync, readFileSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

interface NpmCorpus {
  kind: "npm";
  /** Exact version: a corpus must never drift under a benchmark. */
  spec: string;
  /** Paths inside the tarball's package/ to keep; missing optional ones are skipped. */
  keep: { path: string; optional?: boolean }[];
  /** Written into the corpus when the package ships no tsconfig of its own. */
  tsconfig?: object;
}

interface DebianCorpus {
  kind: "debian";
  packages: string[];
  /** The package whose version identifies the corpus. */
  versionOf: string;
  /** The version this benchmark was calibrated against; another one only warns. */
  expectedVersion: string;
  source: string;
  /** Where the source lands inside the corpus directory ("" = its root). */
  target: string;
  /** Which truth scores it (npm corpora are TypeScript). */
  language: "python" | "go";
}

/**
 * A public repository at a pinned commit, tests and all: what users' checkouts look like
 * (monorepos, JSX apps, CommonJS, test suites), which package sources are not.
 */
interface GitCorpus {
  kind: "git";
  /** "owner/name" on GitHub. */
  repo: string;
  /** The full commit: a corpus must never drift under a benchmark. */
  commit: string;
  /** Which truth scores it (JavaScript is the TypeScript compiler's too). */
  language: "typescript" | "javascript" | "python" | "go";
  /**
   * Why it is measured: `bench` is measured first and tuned on afterwards, `aside` is held out
   * until the end (one per language), `dev` holds the issue's evidence that fixers tune on.
   */
  group: "bench" | "aside" | "dev";
  /** Paths (files or folders) left out: vendored or generated trees. Blobs a mirror lacks are left out always. */
  exclude?: string[];
}

type Corpus = NpmCorpus | DebianCorpus | GitCorpus;

/**
 * The options a library's own repository compiles its sources with, for packages that ship
 * src/ without one: ESNext, bundler resolution, the DOM for fetch-based code. A package that
 * imports itself by name (`@trpc/server/http` inside @trpc/server) gets `paths` to its sources,
 * as monorepos map them; one whose package.json `exports` has a source condition gets that.
 */
function sourceTsconfig(self: { paths: string } | { condition: string }): object {
  const resolution = "paths" in self
    ? { baseUrl: ".", paths: { [self.paths]: ["src/index.ts"], [`${self.paths}/*`]: ["src/*", "src/*/index.ts"] } }
    : { customConditions: [self.condition] };
  return { compilerOptions: { ...SOURCE_OPTIONS, ...resolution }, include: ["src"] };
}

/** What every package shipping bare sources compiles with; `./X.ts` imports (effect's) allowed. */
const SOURCE_OPTIONS = {
  target: "ESNext",
  module: "ESNext",
  moduleResolution: "bundler",
  lib: ["ESNext", "DOM", "DOM.Iterable"],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  allowImportingTsExtensions: true,
  types: [],
};

/** Effect ships src/ without a tsconfig and imports nothing of itself by name; it is written for exact optional properties. */
const EFFECT_TSCONFIG = { compilerOptions: { ...SOURCE_OPTIONS, exactOptionalPropertyTypes: true }, include: ["src"] };

/** A package shipping its TypeScript sources: src/ and package.json, compiled as its repository does. */
function sourcePackage(spec: string, self: Parameters<typeof sourceTsconfig>[0]): NpmCorpus {
  return { kind: "npm", spec, keep: [{ path: "src" }, { path: "package.json" }], tsconfig: sourceTsconfig(self) };
}

export const CORPORA: Record<string, Corpus> = {
  rxjs: {
    kind: "npm",
    spec: "rxjs@7.8.2",
    // The root tsconfig carries the `paths` map (rxjs, rxjs/operators, …); src/ has the
    // per-build configs that extend it.
    keep: [{ path: "src" }, { path: "tsconfig.json", optional: true }],
  },
  effect: {
    kind: "npm",
    spec: "effect@4.1.0",
    keep: [{ path: "src" }],
    tsconfig: EFFECT_TSCONFIG,
  },
  // TypeScript libraries of other styles, for accuracy on code ix was not tuned on.
  // zod: a schema library (factory-made classes, interfaces, imports of itself through its
  // package.json `exports` under the "@zod/source" condition).
  zod: sourcePackage("zod@4.6.7", { condition: "@zod/source" }),
  // @trpc/server: an RPC framework (builders of builders, middleware chains, adapters).
  trpc: sourcePackage("@trpc/server@11.25.2", { paths: "@trpc/server" }),
  // @reduxjs/toolkit: state management (objects of functions, createSlice-style factories).
  rtk: sourcePackage("@reduxjs/toolkit@2.15.0", { paths: "@reduxjs/toolkit" }),
  // @tanstack/router-core: a router (class hierarchies, option objects of callbacks).
  router: sourcePackage("@tanstack/router-core@1.171.39", { paths: "@tanstack/router-core" }),
  // mobx: kept aside — not measured, not tuned on, until the accuracy work is finished.
  mobx: sourcePackage("mobx@7.1.3", { paths: "mobx" }),
  django: {
    kind: "debian",
    packages: ["python3-django"],
    versionOf: "python3-django",
    expectedVersion: "3:3.2.25-0+deb12u7",
    source: "/usr/lib/python3/dist-packages/django",
    target: "django",
    language: "python",
  },
  // An async I/O library that ships its tests: pytest fixtures in conftest.py files
  // (`def test_x(autojump_clock)`), attrs classes, a Python ix was not tuned on.
  trio: {
    kind: "debian",
    packages: ["python3-trio"],
    versionOf: "python3-trio",
    expectedVersion: "0.22.0-0.2",
    source: "/usr/lib/python3/dist-packages/trio",
    target: "trio",
    language: "python",
  },
  "go-tools": {
    kind: "debian",
    packages: ["golang-golang-x-tools-dev"],
    versionOf: "golang-golang-x-tools-dev",
    expectedVersion: "1:0.5.0+ds-1",
    source: "/usr/share/gocode/src",
    target: "",
    language: "go",
  },

  // Git checkouts of real repositories with their tests (issue 31). `bench`: measured before
  // anyone tunes on them. A TypeScript web framework with handler callbacks and tests:
  elysia: { kind: "git", repo: "elysiajs/elysia", commit: "8358ff9efbcedf9534995f5977f26b9ceab59329", language: "typescript", group: "bench" },
  // A pnpm monorepo whose tests import its packages by name (through tsconfig `paths`):
  "trpc-monorepo": { kind: "git", repo: "trpc/trpc", commit: "340811ba5320637fbaf48fccf3dbfdd258bd34db", language: "typescript", group: "bench" },
  // A JSX library in a monorepo:
  "react-router": { kind: "git", repo: "remix-run/react-router", commit: "cab1a69054aa7dfba08a81b6e4b4d13957c82a38", language: "typescript", group: "bench" },
  // A CommonJS JavaScript framework (hand-written .d.ts beside its .js):
  fastify: { kind: "git", repo: "fastify/fastify", commit: "83e69762aff047940b376fc2a266d143499ef727", language: "javascript", group: "bench" },
  // A Go HTTP router (standard library only):
  "gorilla-mux": { kind: "git", repo: "gorilla/mux", commit: "db9d1d0073d27a0a2d9a8c1bc52aa0af4374d265", language: "go", group: "bench" },
  // A Python web framework:
  flask: { kind: "git", repo: "pallets/flask", commit: "2ac89889f4cc330eabd50f295dcef02828522c69", language: "python", group: "bench" },

  // `aside`: one per language, held out until the accuracy work is done, then measured last.
  excalidraw: { kind: "git", repo: "excalidraw/excalidraw", commit: "4872083c044491b6d5c96ae134a75464f96d6831", language: "typescript", group: "aside" },
  koa: { kind: "git", repo: "koajs/koa", commit: "e0ba8ef39d27fe5dae5492f9fe753d155124f994", language: "javascript", group: "aside" },
  httprouter: { kind: "git", repo: "julienschmidt/httprouter", commit: "484018016424d215c0b87c42f4c9b57d980fbd00", language: "go", group: "aside" },
  starlette: { kind: "git", repo: "encode/starlette", commit: "cb8f84f5284dc301ca7a31eb732b9e140769dd48", language: "python", group: "aside" },

  // `dev`: the repositories the issue's findings came from; fixers study and tune on them.
  hono: { kind: "git", repo: "honojs/hono", commit: "28a9c128912de19f3fb28b00ae289c9b93f6f392", language: "typescript", group: "dev" },
  "zod-monorepo": { kind: "git", repo: "colinhacks/zod", commit: "e516c3baf22615e20934116abebfed6c000222c2", language: "typescript", group: "dev" },
  "tanstack-query": { kind: "git", repo: "TanStack/query", commit: "40321a0b1b3bdd0afa11f0e439642ab84cdf6afe", language: "typescript", group: "dev" },
  express: { kind: "git", repo: "expressjs/express", commit: "a3714473feb3d2908add734d340e7755fd85e0a3", language: "javascript", group: "dev" },
  chi: { kind: "git", repo: "go-chi/chi", commit: "735ae2b87f8c733d616e809ae86e0985c1bc3350", language: "go", group: "dev" },
  httpx: { kind: "git", repo: "encode/httpx", commit: "ae1b9f66238f75ced3ced5e4485408435de10768", language: "python", group: "dev" },
};

/** The git corpora of a group, in the order they are listed. */
export function corporaOf(group: GitCorpus["group"]): string[] {
  return Object.entries(CORPORA).filter(([, c]) => c.kind === "git" && c.group === group).map(([name]) => name);
}

/** The group of a git corpus; undefined for registry corpora. */
export function corpusGroup(name: string): GitCorpus["group"] | undefined {
  const corpus = CORPORA[name];
  return corpus?.kind === "git" ? corpus.group : undefined;
}

/** The language a corpus is written in, which picks the truth that scores it. */
export function corpusLanguage(name: string): "typescript" | "python" | "go" {
  const corpus = CORPORA[name];
  if (!corpus) throw new Error(`unknown corpus ${name}`);
  if (corpus.kind === "npm") return "typescript";
  return corpus.language === "javascript" ? "typescript" : corpus.language;
}

export const CORPORA_DIR = join(import.meta.dir, ".corpora");
const VERSION_FILE = ".ix-corpus-version";

function run(cmd: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): string {
  const proc = Bun.spawnSync(cmd, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  if (proc.exitCode !== 0) {
    throw new Error(`${cmd.join(" ")} failed (exit ${proc.exitCode}): ${proc.stderr.toString().trim()}`);
  }
  return proc.stdout.toString();
}

/** Version recorded for a fetched corpus, or undefined when it is not (fully) fetched. */
export function corpusVersion(name: string): string | undefined {
  const file = join(CORPORA_DIR, name, VERSION_FILE);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
}

async function fetchNpm(corpus: NpmCorpus, into: string): Promise<string> {
  const work = `${into}.pack`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  try {
    const tarball = run(["npm", "pack", corpus.spec, "--silent", "--pack-destination", work]).trim().split("\n").pop();
    if (!tarball) throw new Error(`npm pack ${corpus.spec} named no tarball`);
    run(["tar", "xzf", join(work, tarball), "-C", work]);
    for (const { path, optional } of corpus.keep) {
      const from = join(work, "package", path);
      if (!existsSync(from)) {
        if (optional) continue;
        throw new Error(`${corpus.spec} does not ship ${path}`);
      }
      cpSync(from, join(into, path), { recursive: true });
    }
    if (corpus.tsconfig) writeFileSync(join(into, "tsconfig.json"), JSON.stringify(corpus.tsconfig, null, 2) + "\n");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return corpus.spec;
}

function installedVersion(pkg: string): string | undefined {
  const proc = Bun.spawnSync(["dpkg-query", "-W", "-f=${Status}\t${Version}", pkg], { stdout: "pipe", stderr: "pipe" });
  if (proc.exitCode !== 0) return undefined;
  const [status, version] = proc.stdout.toString().split("\t");
  return status?.endsWith(" installed") ? version : undefined;
}

function hasCandidate(pkg: string): boolean {
  const policy = run(["apt-cache", "policy", pkg]);
  const candidate = /Candidate:\s*(\S+)/.exec(policy)?.[1];
  return candidate !== undefined && candidate !== "(none)";
}

function aptInstall(packages: string[]): void {
  const missing = packages.filter((p) => installedVersion(p) === undefined);
  if (missing.length === 0) return;
  if (!missing.every(hasCandidate)) run(["apt-get", "update", "-q"]);
  run(["apt-get", "install", "-y", "-q", ...missing], { env: { DEBIAN_FRONTEND: "noninteractive" } });
}

/**
 * Copies a tree. Links that stay inside it remain links, as in a checkout (Debian's
 * code.google.com/p/go.net -> golang.org/x/net aliases); links that leave it (Django's jQuery
 * points into /usr/share/javascript) are replaced by what they point to, so the corpus is
 * self-contained.
 */
function copyTree(source: string, into: string): void {
  cpSync(source, into, { recursive: true, verbatimSymlinks: true, filter: isSource });
  for (const entry of readdirSync(into, { recursive: true, withFileTypes: true })) {
    if (!entry.isSymbolicLink()) continue;
    const copied = join(entry.parentPath, entry.name);
    const original = join(source, relative(into, copied));
    const target = resolve(dirname(original), readlinkSync(original));
    if (target === source || target.startsWith(source + sep)) continue;
    rmSync(copied);
    cpSync(realpathSync(original), copied, { recursive: true, dereference: true, filter: isSource });
  }
}

/** Python byte-code caches are installation artefacts, not source. */
function isSource(path: string): boolean {
  return !path.includes("__pycache__") && !path.endsWith(".pyc");
}

async function fetchDebian(corpus: DebianCorpus, into: string): Promise<string> {
  aptInstall(corpus.packages);
  const version = installedVersion(corpus.versionOf);
  if (!version) throw new Error(`${corpus.versionOf} is not installed after apt-get install`);
  if (version !== corpus.expectedVersion) {
    console.error(`warning: ${corpus.versionOf} is ${version}, calibrated against ${corpus.expectedVersion}`);
  }
  copyTree(corpus.source, join(into, corpus.target));
  return `${corpus.versionOf}=${version}`;
}

/** Where bare mirrors of git corpora are looked for: `<IX_MIRRORS>/<owner>+<name>/repo`. */
const MIRRORS = process.env.IX_MIRRORS ?? "/work/.mirror";
/** Where a repository no mirror holds is cloned (bare), on machines with the network. */
const CLONES = join(import.meta.dir, ".corpora", ".clones");

/** The git directory holding the corpus's commit: a mirror when there is one, else a bare clone from GitHub. */
function gitSource(corpus: GitCorpus): string {
  const flat = corpus.repo.replace("/", "+");
  for (const candidate of [join(MIRRORS, flat, "repo", ".git"), join(MIRRORS, flat, "repo")]) {
    if (existsSync(join(candidate, "HEAD")) && hasCommit(candidate, corpus.commit)) return candidate;
  }
  const clone = join(CLONES, flat);
  if (!existsSync(join(clone, "HEAD"))) {
    mkdirSync(CLONES, { recursive: true });
    run(["git", "clone", "--bare", "--quiet", `https://github.com/${corpus.repo}.git`, clone]);
  }
  if (!hasCommit(clone, corpus.commit)) run(["git", "--git-dir", clone, "fetch", "--quiet", "origin", corpus.commit]);
  return clone;
}

function hasCommit(gitDir: string, commit: string): boolean {
  return Bun.spawnSync(["git", "--git-dir", gitDir, "cat-file", "-e", `${commit}^{commit}`], { stdout: "ignore", stderr: "ignore" }).exitCode === 0;
}

/** Blobs of the commit's tree that the git directory lacks (a snapshot may leave out files ≥ 4 MiB). */
function missingBlobs(gitDir: string, commit: string): string[] {
  const entries = run(["git", "--git-dir", gitDir, "ls-tree", "-r", "-z", commit]).split("\0").filter(Boolean);
  const blobs = entries.map((e) => /^\d+ blob (\S+)\t(.*)$/s.exec(e)).filter((m): m is RegExpExecArray => m !== null);
  const check = Bun.spawnSync(["git", "--git-dir", gitDir, "cat-file", "--batch-check"], {
    stdin: new TextEncoder().encode(blobs.map((m) => m[1]).join("\n") + "\n"),
    stdout: "pipe",
    stderr: "pipe",
  });
  const answers = check.stdout.toString().split("\n");
  return blobs.filter((_, i) => answers[i]?.endsWith(" missing")).map((m) => m[2]!);
}

/**
 * Writes the commit's tree into `into` through a private index (so symbolic links stay links,
 * and a blob the mirror lacks, or an excluded path, is never read), leaving those out.
 */
async function fetchGit(corpus: GitCorpus, into: string): Promise<string> {
  const gitDir = gitSource(corpus);
  const missing = missingBlobs(gitDir, corpus.commit);
  const index = `${into}.index`;
  const env = { GIT_INDEX_FILE: index };
  const git = ["git", "--git-dir", gitDir, "--work-tree", into];
  try {
    run([...git, "read-tree", corpus.commit], { env });
    const left = [...missing, ...(corpus.exclude ?? [])];
    if (left.length > 0) {
      const listed = run([...git, "ls-files", "-z", "--", ...left], { env });
      const remove = Bun.spawnSync([...git, "update-index", "--force-remove", "-z", "--stdin"], { env: { ...process.env, ...env }, stdin: new TextEncoder().encode(listed), stderr: "pipe" });
      if (remove.exitCode !== 0) throw new Error(`git update-index failed: ${remove.stderr.toString().trim()}`);
    }
    run([...git, "checkout-index", "-a", "-f"], { env });
  } finally {
    rmSync(index, { force: true });
  }
  const notes = [missing.length ? `missing blobs left out: ${missing.join(", ")}` : "", corpus.exclude?.length ? `excluded: ${corpus.exclude.join(", ")}` : ""].filter(Boolean);
  return `${corpus.repo}@${corpus.commit}${notes.length ? ` (${notes.join("; ")})` : ""}`;
}

function commitAsCheckout(dir: string): void {
  const git = ["git", "-c", "user.name=ix-bench", "-c", "user.email=bench@ix.invalid", "-c", "commit.gpgsign=false"];
  run([...git, "init", "-q"], { cwd: dir });
  // Forced: a repository's own .gitignore may name files it tracks (zod's packages/zod/.gitignore
  // ignores `**/package.json`, its own included), and a checkout has every tracked file.
  run([...git, "add", "-A", "-f"], { cwd: dir });
  run([...git, "commit", "-qm", "corpus"], { cwd: dir });
}

/** The corpora "stack" repeats: fixed, so its size does not move when a corpus is added. */
const STACK_MEMBERS = ["rxjs", "effect", "django", "go-tools"];

/** The names ensureCorpus knows: the registry corpora and "stack". */
export const CORPUS_NAMES = [...Object.keys(CORPORA), "stack"];

/**
 * "stack": every registry corpus side by side, three times, in one repository (~13k files),
 * for the goals stated at 10k files. Built from the others, so it fetches nothing new.
 */
async function ensureStack(): Promise<string> {
  const dir = join(CORPORA_DIR, "stack");
  if (corpusVersion("stack") !== undefined && existsSync(join(dir, ".git"))) return dir;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const versions: string[] = [];
  for (const copy of ["a", "b", "c"])
    for (const name of STACK_MEMBERS) {
      const source = await ensureCorpus(name);
      cpSync(source, join(partial, copy, name), { recursive: true, verbatimSymlinks: true, filter: (src) => !src.endsWith("/.git") });
      if (copy === "a") versions.push(`${name} ${corpusVersion(name)}`);
    }
  writeFileSync(join(partial, VERSION_FILE), versions.join("; ") + "\n");
  commitAsCheckout(partial);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return dir;
}

/** Returns the directory of the named corpus, fetching it once. */
export async function ensureCorpus(name: string): Promise<string> {
  if (name === "stack") return ensureStack();
  const corpus = CORPORA[name];
  if (!corpus) throw new Error(`unknown corpus ${name} (known: ${Object.keys(CORPORA).join(", ")})`);
  const dir = join(CORPORA_DIR, name);
  if (corpusVersion(name) !== undefined && existsSync(join(dir, ".git"))) return dir;

  // Build beside the final place and rename at the end, so an interrupted fetch never
  // leaves a half corpus that a later run would mistake for a finished one.
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  const version = corpus.kind === "npm" ? await fetchNpm(corpus, partial) : corpus.kind === "git" ? await fetchGit(corpus, partial) : await fetchDebian(corpus, partial);
  writeFileSync(join(partial, VERSION_FILE), version + "\n");
  commitAsCheckout(partial);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return dir;
}

function trackedFiles(dir: string): number {
  return run(["git", "ls-files"], { cwd: dir }).split("\n").filter(Boolean).length;
}

if (import.meta.main) {
  // A group name (bench, aside, dev) stands for its git corpora.
  const names = process.argv.slice(2).flatMap((n) => (n === "bench" || n === "aside" || n === "dev" ? corporaOf(n) : [n]));
  for (const name of names.length > 0 ? names : Object.keys(CORPORA)) {
    const started = performance.now();
    const dir = await ensureCorpus(name);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${name}\t${corpusVersion(name)}\t${trackedFiles(dir)} files\t${seconds}s\t${dir}`);
  }
}

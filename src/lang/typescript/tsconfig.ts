// The tsconfig/jsconfig that governs a file, with `extends` chains merged, reduced to what
// module resolution needs: baseUrl and paths, turned into workspace-relative locations.
import { asObject } from "../../resolve/jsonc.ts";
import type { Workspace } from "../../resolve/workspace.ts";
import { ancestorDirs, dirname, joinPath } from "../../util/paths.ts";
import type { WorkspacePackages } from "./packages.ts";

const CONFIG_DIR = "${configDir}";

/** One `paths` entry: `prefix*suffix` (or an exact key) -> targets with `*` still in them. */
export interface PathPattern {
  prefix: string;
  suffix: string;
  wildcard: boolean;
  targets: string[];
}

export interface TsConfig {
  /** Directory of the config file (what `${configDir}` means). */
  dir: string;
  baseUrl?: string;
  paths: PathPattern[];
  /** `customConditions`: extra `exports` conditions, matched before TypeScript's own. */
  customConditions: string[];
}

/** An option as declared: its raw value and the directory of the config that declares it. */
interface Declared<T> {
  value: T;
  declaredIn: string;
}

interface RawOptions {
  baseUrl?: Declared<string>;
  paths?: Declared<Record<string, unknown>>;
  customConditions?: string[];
}

export class TsConfigs {
  private readonly byDir = new Map<string, TsConfig | null>();
  private readonly raw = new Map<string, RawOptions>();

  constructor(
    private readonly ws: Workspace,
    private readonly packages: WorkspacePackages,
  ) {}

  /** The nearest tsconfig.json / jsconfig.json above the file, merged and made concrete. */
  forFile(file: string): TsConfig | undefined {
    const pending: string[] = [];
    let found: TsConfig | null | undefined;
    for (const dir of ancestorDirs(file)) {
      found = this.byDir.get(dir);
      if (found !== undefined) break;
      pending.push(dir);
      const configPath = this.configIn(dir);
      if (configPath) {
        found = this.concrete(configPath);
        break;
      }
    }
    for (const dir of pending) this.byDir.set(dir, found ?? null);
    return found ?? undefined;
  }

  private configIn(dir: string): string | undefined {
    for (const name of ["tsconfig.json", "jsconfig.json"]) {
      const path = dir === "" ? name : `${dir}/${name}`;
      if (this.ws.json(path) !== undefined) return path;
    }
    return undefined;
  }

  private concrete(configPath: string): TsConfig {
    const dir = dirname(configPath);
    const raw = this.options(configPath, new Set());
    const baseUrl = raw.baseUrl ? locate(raw.baseUrl.value, raw.baseUrl.declaredIn, dir) : undefined;
    const paths: PathPattern[] = [];
    if (raw.paths) {
      // Targets are relative to baseUrl when there is one, else to the config declaring paths.
      const targetBase = baseUrl ?? raw.paths.declaredIn;
      for (const [key, value] of Object.entries(raw.paths.value)) {
        if (!Array.isArray(value)) continue;
        const targets: string[] = [];
        for (const target of value) {
          if (typeof target !== "string") continue;
          const located = locate(target, targetBase, dir);
          if (located !== undefined) targets.push(located);
        }
        const star = key.indexOf("*");
        paths.push(star < 0
          ? { prefix: key, suffix: "", wildcard: false, targets }
          : { prefix: key.slice(0, star), suffix: key.slice(star + 1), wildcard: true, targets });
      }
    }
    return { dir, baseUrl, paths, customConditions: raw.customConditions ?? [] };
  }

  /** compilerOptions of a config merged over its `extends` chain (cycle-safe). */
  private options(configPath: string, visiting: Set<string>): RawOptions {
    const cached = this.raw.get(configPath);
    if (cached) return cached;
    if (visiting.has(configPath)) return {};
    visiting.add(configPath);
    const json = asObject(this.ws.json(configPath));
    const merged: RawOptions = {};
    const parents = json?.extends;
    const parentList = typeof parents === "string" ? [parents] : Array.isArray(parents) ? parents : [];
    for (const parent of parentList) {
      if (typeof parent !== "string") continue;
      const parentPath = this.findExtended(parent, dirname(configPath));
      if (!parentPath) continue;
      const inherited = this.options(parentPath, visiting);
      if (inherited.baseUrl) merged.baseUrl = inherited.baseUrl;
      if (inherited.paths) merged.paths = inherited.paths;
      if (inherited.customConditions) merged.customConditions = inherited.customConditions;
    }
    const compilerOptions = asObject(json?.compilerOptions);
    const declaredIn = dirname(configPath);
    if (typeof compilerOptions?.baseUrl === "string") merged.baseUrl = { value: compilerOptions.baseUrl, declaredIn };
    const paths = asObject(compilerOptions?.paths);
    if (paths) merged.paths = { value: paths, declaredIn };
    const conditions = compilerOptions?.customConditions;
    if (Array.isArray(conditions)) merged.customConditions = conditions.filter((c): c is string => typeof c === "string");
    visiting.delete(configPath);
    this.raw.set(configPath, merged);
    return merged;
  }

  /** An `extends` value: a relative file, or a workspace package (with optional subpath). */
  private findExtended(spec: string, fromDir: string): string | undefined {
    if (spec.startsWith(".") || spec.startsWith("/")) {
      const base = joinPath(fromDir, spec);
      return base === undefined ? undefined : this.firstConfig([base, `${base}.json`, `${base}/tsconfig.json`]);
    }
    const pkg = this.packages.split(spec);
    const dir = pkg && this.packages.dirOf(pkg.name);
    if (!pkg || dir === undefined) return undefined;
    if (pkg.subpath) {
      const base = joinPath(dir, pkg.subpath);
      return base === undefined ? undefined : this.firstConfig([base, `${base}.json`, `${base}/tsconfig.json`]);
    }
    const manifest = asObject(this.ws.json(`${dir}/package.json`));
    const declared = typeof manifest?.tsconfig === "string" ? joinPath(dir, manifest.tsconfig) : undefined;
    return this.firstConfig([...(declared ? [declared] : []), joinPath(dir, "tsconfig.json") ?? ""]);
  }

  private firstConfig(candidates: string[]): string | undefined {
    return candidates.find((path) => path !== "" && this.ws.json(path) !== undefined);
  }
}

/**
 * A path option made workspace-relative. `${configDir}` is the directory of the config that
 * USES the option (the leaf); other relative values are relative to `base`.
 */
function locate(value: string, base: string, leafDir: string): string | undefined {
  if (value.startsWith(CONFIG_DIR)) return joinPath(leafDir, "." + value.slice(CONFIG_DIR.length));
  if (value.startsWith("/")) return undefined;
  return joinPath(base, value);
}

// TS/JS module resolution: relative specifiers, tsconfig `paths`/`baseUrl`, workspace
// packages; everything else is external. Results depend only on the importing directory.
import type { Mod, Outcome } from "../../resolve/language.ts";
import type { Remembered } from "../../resolve/reads.ts";
import type { Workspace } from "../../resolve/workspace.ts";
import { dirname, joinPath } from "../../util/paths.ts";
import { isAssetPath, isJavaScriptFile, probeSourceFile } from "./files.ts";
import { WorkspacePackages } from "./packages.ts";
import { TsConfigs, type TsConfig } from "./tsconfig.ts";
import { typescript } from "./language.ts";

const FAMILY = typescript.id;

/** A TS/JS module: one file. */
export interface TsModule extends Mod {
  readonly file: string;
}

export class TsModules {
  private readonly packages: WorkspacePackages;
  private readonly configs: TsConfigs;
  private readonly cache = new Map<string, Remembered<Outcome<TsModule>>>();

  constructor(private readonly ws: Workspace) {
    this.packages = new WorkspacePackages(ws);
    this.configs = new TsConfigs(ws, this.packages);
  }

  resolve(fromFile: string, spec: string): Outcome<TsModule> {
    const dir = dirname(fromFile);
    const fromJavaScript = isJavaScriptFile(fromFile);
    return this.ws.reads.cached(this.cache, `${dir}\0${spec}\0${fromJavaScript}`, () => wrap(this.find(fromFile, dir, spec, fromJavaScript)));
  }

  private find(fromFile: string, dir: string, spec: string, fromJavaScript: boolean): Outcome<string> {
    if (spec === "." || spec === ".." || spec.startsWith("./") || spec.startsWith("../")) {
      const base = joinPath(dir, spec);
      // `require('..')` of a package's directory reaches what its package.json names.
      const found = base === undefined ? undefined : probeSourceFile(this.ws, base, fromJavaScript, (d) => this.packages.directoryEntry(d, fromJavaScript));
      return found ?? (isAssetPath(spec) ? "external" : "unknown");
    }
    // Absolute paths, URLs and scheme builtins (node:fs, bun:test) never name workspace code.
    if (spec.startsWith("/") || spec.includes(":")) return "external";
    const config = this.configs.forFile(fromFile);
    let aliased = false;
    if (config) {
      const viaPaths = this.throughPaths(config, spec);
      if (viaPaths.matched) {
        if (viaPaths.file) return viaPaths.file;
        aliased = true;
      }
      if (config.baseUrl !== undefined) {
        const base = joinPath(config.baseUrl, spec);
        const found = base === undefined ? undefined : probeSourceFile(this.ws, base);
        if (found) return found;
      }
    }
    const pkg = this.packages.resolve(spec, fromFile, config?.customConditions ?? []);
    if (pkg !== undefined) return pkg;
    if (isAssetPath(spec)) return "external";
    // An alias the project declared but whose target is missing is the project's, not npm's.
    return aliased ? "unknown" : "external";
  }

  /** tsconfig `paths`: the exact key, else the wildcard with the longest prefix; targets in order. */
  private throughPaths(config: TsConfig, spec: string): { matched: boolean; file?: string } {
    let best: { captured: string; targets: string[]; prefixLength: number } | undefined;
    for (const pattern of config.paths) {
      if (!pattern.wildcard) {
        if (pattern.prefix === spec) {
          best = { captured: "", targets: pattern.targets, prefixLength: Infinity };
          break;
        }
        continue;
      }
      const { prefix, suffix } = pattern;
      if (!spec.startsWith(prefix) || !spec.endsWith(suffix) || spec.length < prefix.length + suffix.length) continue;
      if (best && best.prefixLength >= prefix.length) continue;
      best = { captured: spec.slice(prefix.length, spec.length - suffix.length), targets: pattern.targets, prefixLength: prefix.length };
    }
    if (!best) return { matched: false };
    for (const target of best.targets) {
      const found = probeSourceFile(this.ws, target.replaceAll("*", best.captured));
      if (found) return { matched: true, file: found };
    }
    return { matched: true };
  }
}

function wrap(found: Outcome<string>): Outcome<TsModule> {
  if (found === "external" || found === "unknown") return found;
  return { family: FAMILY, key: `ts:${found}`, file: found };
}

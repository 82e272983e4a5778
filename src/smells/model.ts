// What the smell rules read and what they find: plain data, so each rule is a function of its
// input that a test can call with a graph written by hand.
import type { EntityAt, RegionFile } from "../store";

/** The version of the rules: stored reports of another version are computed again. */
export const SMELL_VERSION = "smell_v1";

/** One file of the graph as the rules see it. */
export interface FileStat {
  path: string;
  /** What the file is for (model/roles.ts): the rules judge production code only. */
  role: string;
  /** Entities (files aside) the file holds. */
  entities: number;
  /** Other files with an edge (CONTAINS aside) into this file's nodes. */
  fanIn: number;
  /** Other files this file's nodes have an edge into. */
  fanOut: number;
  /** Unresolved sites the file holds; counted only for orphan candidates (input.ts). */
  unresolved: number;
  /** The file's code makes it an entry point (a Go `package main`); asked only of orphan candidates. */
  entry: boolean;
}

/** An exported entity directly under its file that no edge but CONTAINS comes into. */
export type UnusedExport = EntityAt;

export interface SmellInput {
  files: FileStat[];
  /** IMPORTS between two files, each pair once. */
  imports: [from: string, to: string][];
  unusedExports: UnusedExport[];
  /** Per imported file, the names its importers take ("*": the whole module). */
  importedNames: Map<string, Set<string>>;
  /**
   * Files imported whole (`export * from`, `import * as`) by a file whose exports are public
   * API, directly or through other such files: what a package index re-exports wholesale.
   */
  reexportedWhole: Set<string>;
  /** The files package manifests name as entry points, as the map stored them (package-entries.ts). */
  packageEntries: ReadonlySet<string>;
  /** Names of dead-export candidates (dead-export.ts) that some unresolved call or hand-over uses. */
  unresolvedNames: Set<string>;
}

/**
 * Where the architecture map of the same revision put each file, as the region rules read it:
 * computed after the revision's commit (ingest/regions.ts), so it is a second input.
 */
export interface RegionPlacement {
  /** Each file's innermost region. */
  files: RegionFile[];
  /** What each file is for (model/roles.ts). */
  roles: ReadonlyMap<string, string>;
  /** Edges between two files (either way, any kind), as the file graph lists them. */
  links: readonly { from: string; to: string }[];
}

export type Signal = number | string;

export interface Smell {
  /** The rule's name: god_module, orphan_file, … */
  kind: string;
  file: string;
  /** 0..1, two decimals. */
  confidence: number;
  /** What the rule measured, in the order a record shows it. */
  signals: Record<string, Signal>;
  /** import_cycle: every file of the cycle, in code-unit order (file is the first). */
  files?: string[];
}

export interface SmellReport {
  version: string;
  rev: number;
  /** Each rule's thresholds as this repository's distribution set them. */
  thresholds: Record<string, Record<string, number>>;
  smells: Smell[];
  /**
   * The revision of the architecture map the region rules (rules.ts REGION_RULES) read; their
   * smells describe this revision only when it is `rev`. Absent: they have not run.
   */
  regionsRev?: number;
  /**
   * Per region of the map of `regionsRev`, how many of these smells name a file in it or in its
   * children (a smell of several files once per region): what \`ix subsystems\` shows, kept so
   * that it reads neither the whole report nor where every file is placed. Absent when the
   * smells changed after they were counted.
   */
  regionCounts?: Record<string, number>;
}

export const round2 = (x: number): number => Math.round(x * 100) / 100;

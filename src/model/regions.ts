// The architecture map: regions of files found in the graph (ix map), as stored and as asked.

import type { EdgeKind } from "./edges";

/** module: level 1 (≈5–20 files); subsystem: any level between; system: the root. */
export type RegionKind = "module" | "subsystem" | "system";

/** The file-level graph regions are computed from: one row per (source file, target file, kind), as GraphReader.fileGraph lists it. */
export interface FileEdges {
  from: string;
  to: string;
  kind: EdgeKind;
  count: number;
}

/** A file as region work sees it. */
export interface RegionInputFile {
  path: string;
  role: string;
  /** Entities (non-file nodes) the file holds: chunks_per_file's numerator. */
  entities: number;
}

export interface Region {
  /** 8 hex digits; kept across re-maps while the region's membership barely changes. */
  id: string;
  kind: RegionKind;
  label: string;
  /** 1 for modules, counting up to the root's. */
  level: number;
  parent: string | null;
  children: string[];
  files: number;
  entities: number;
  /** Of the edges touching its files, the share that stays inside (0 when none). */
  cohesion: number;
  /** Edges leaving it (either way) per file. */
  coupling: number;
  /** Of the other regions at its level, the share that depend on it. */
  crosscut: number;
  confidence: number;
  /** What it rests on, strongest first: imports, calls, references, extends, implements, directory. */
  signals: string[];
  /** The deepest directory holding most of its files ("" for the repository's root). */
  dir: string;
}

/**
 * A file's place in the hierarchy, as a rule about a file's region needs it (the
 * weak_component_member smell): its innermost region, and its edges (either way, to other
 * files) that stay inside that region or leave it, with the distinct files at the other ends.
 */
export interface RegionFile {
  path: string;
  region: string;
  edgesInside: number;
  edgesOutside: number;
  neighborsInside: number;
  neighborsOutside: number;
  /** Its PageRank in the directed file graph (user → used), the files' summing to 1; absent on a map written before it was kept. */
  pagerank?: number;
}

/** Edges from files of one region into files of another of the same level. */
export interface RegionLink {
  src: string;
  dst: string;
  edges: number;
}

export interface Hierarchy {
  regions: Region[];
  files: RegionFile[];
  links: RegionLink[];
  levels: number;
  /** Newman modularity of the module partition over the real (non-directory) edges. */
  modularity: number;
}

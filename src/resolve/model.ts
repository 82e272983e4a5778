// The resolver's public shapes: what it reads (a Project) and what it produces (edges).
import type { EdgeKind, Via } from "../model/edges.ts";
import type { FileFacts } from "../model/facts.ts";
import type { CreateResolver } from "./language.ts";

export type { EdgeKind, Via };

/** An entity of a file; index -1 is the file node itself. */
export interface EntityRef {
  path: string;
  index: number;
}


export interface ResolvedEdge {
  src: EntityRef;
  dst: EntityRef;
  kind: EdgeKind;
  via: Via;
  confidence: number;
  lines: number[];
  names?: string[];
  /** REFERENCES: the target is handed over by name (a value), not named as a type. */
  asValue?: true;
}

/** A call (or heritage, import, or hand-over: REFERENCES) that could not be bound with evidence. */
export interface Unresolved {
  src: EntityRef;
  kind: EdgeKind;
  name: string;
  receiver?: string;
  lines: number[];
}

export interface Project {
  /** Every discovered file, relative, '/'-separated. */
  paths: ReadonlySet<string>;
  /** Lazy: loaded on demand. */
  facts(path: string): FileFacts | undefined;
  /** Config files: tsconfig*.json, package.json, go.mod, pyproject.toml. */
  readText(path: string): string | undefined;
  /** Which resolver serves each language: the language registry, handed in by the caller. */
  languages: ResolverCatalog;
}

export interface ResolverCatalog {
  /** The family serving `lang`: its id and its resolver; undefined for a language none serves. */
  familyOf(lang: string): { readonly id: string; resolver(): CreateResolver } | undefined;
}

export interface FileResolution {
  edges: ResolvedEdge[];
  unresolved: Unresolved[];
  /** Set when resolving the file threw (its message): it has no edges, and the caller says so. */
  failed?: string;
}

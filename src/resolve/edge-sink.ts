// Collects one file's outgoing edges, merging repeats: the same (src, dst, kind) becomes one
// edge with every line; the same unresolved (src, kind, name, receiver) likewise.
import type { EdgeKind, EntityRef, FileResolution, ResolvedEdge, Unresolved, Via } from "./model.ts";

const KIND_CODE: Record<EdgeKind, number> = { CONTAINS: 0, CALLS: 1, IMPORTS: 2, EXTENDS: 3, IMPLEMENTS: 4, REFERENCES: 5 };
/** A hand-over is kept apart from a type reference between the same two entities. */
const VALUE_REFERENCE = 6;
const KIND_SPAN = 8;
/** Entity indexes stay below this (a file with a million entities is not source code). */
const ENTITY_SPAN = 2 ** 22;

export class EdgeSink {
  /** Target file -> numeric (src, dst, kind) key: cheaper than building a string key per call site. */
  private readonly byTarget = new Map<string, Map<number, ResolvedEdge>>();
  /** In first-seen order. */
  private readonly edges: ResolvedEdge[] = [];
  private readonly unresolved = new Map<string, Unresolved>();

  /** `asValue`: a REFERENCES edge that hands its target over by name rather than naming a type. */
  edge(src: EntityRef, dst: EntityRef, kind: EdgeKind, via: Via, confidence: number, line: number, names?: readonly string[], asValue = false): void {
    let toFile = this.byTarget.get(dst.path);
    if (!toFile) this.byTarget.set(dst.path, (toFile = new Map()));
    const key = ((src.index + 1) * ENTITY_SPAN + (dst.index + 1)) * KIND_SPAN + (asValue ? VALUE_REFERENCE : KIND_CODE[kind]);
    const existing = toFile.get(key);
    if (!existing) {
      const edge: ResolvedEdge = { src, dst, kind, via, confidence, lines: [line] };
      if (names && names.length > 0) edge.names = [...names];
      if (asValue) edge.asValue = true;
      toFile.set(key, edge);
      this.edges.push(edge);
      return;
    }
    existing.lines.push(line);
    // Several routes to one target: keep the strongest evidence.
    if (confidence > existing.confidence) {
      existing.confidence = confidence;
      existing.via = via;
    }
    if (names && names.length > 0) existing.names = [...(existing.names ?? []), ...names];
  }

  miss(src: EntityRef, kind: EdgeKind, name: string, receiver: string | undefined, line: number): void {
    const key = `${src.index}\0${kind}\0${name}\0${receiver ?? ""}`;
    const existing = this.unresolved.get(key);
    if (existing) {
      existing.lines.push(line);
      return;
    }
    const miss: Unresolved = { src, kind, name, lines: [line] };
    if (receiver !== undefined) miss.receiver = receiver;
    this.unresolved.set(key, miss);
  }

  result(): FileResolution {
    const edges = this.edges;
    for (const edge of edges) {
      edge.lines = sortedUnique(edge.lines);
      if (edge.names && edge.names.length > 1) edge.names = [...new Set(edge.names)];
    }
    const unresolved = [...this.unresolved.values()];
    for (const miss of unresolved) miss.lines = sortedUnique(miss.lines);
    return { edges, unresolved };
  }
}

function sortedUnique(lines: number[]): number[] {
  if (lines.length < 2) return lines;
  return [...new Set(lines)].sort((a, b) => a - b);
}

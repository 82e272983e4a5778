// The rows of an edge answer: the other end, where the edge is now, and how it was bound when
// that is worth saying (an indirect binding, a confidence below one).
import type { RefRow } from "../answers/edges";
import type { ImportMissRow } from "../answers/import-misses";
import type { FieldValue } from "../wire/record";
import { rowFields } from "./shape";
import { SITE_PARTS, siteField } from "./site";

/** Bindings an agent can take at their word: their via is left off the default row. */
const DIRECT = new Set(["local", "import", "this", "self", "package", "namespace", "constructor"]);

export const REF_ROW = rowFields(
  ["name", "kind", "path", "specifier", "lines", "site", "use", "via", "confidence", "stale", "id"],
  ["id", "via", "confidence", "signature", "role"],
  { site: SITE_PARTS },
);
type RefField = (typeof REF_ROW.shown)[number];
type RefOptional = (typeof REF_ROW.optional)[number];

/** A row's fields; `withId` when another row shares its name, kind and path. */
export function refFields(row: RefRow, withId: boolean): { fields: Record<RefField, FieldValue>; optional: Record<RefOptional, FieldValue> } {
  const { node, edge, site } = row;
  const indirect = edge.via !== null && !DIRECT.has(edge.via);
  const fields: Record<RefField, FieldValue> = {
    // A file row is named by its path alone: its base name repeats the path's end.
    name: node.kind === "file" ? undefined : node.name,
    kind: node.kind,
    path: node.path,
    specifier: undefined,
    lines: node.kind === "file" ? undefined : `${node.startLine}-${node.endLine}`,
    site: siteField(site),
    // A hand-over by name is told from a call.
    use: edge.asValue ? "reference" : undefined,
    via: indirect ? (edge.via ?? undefined) : undefined,
    confidence: indirect || (edge.confidence !== null && edge.confidence < 1) ? (edge.confidence ?? undefined) : undefined,
    stale: row.stale || undefined,
    id: withId ? node.id : undefined,
  };
  return { fields, optional: { id: node.id, via: edge.via ?? undefined, confidence: edge.confidence ?? undefined, signature: node.signature, role: node.role } };
}

/**
 * An import that reached no file (imports): `kind` says whether the module should have been
 * the project's (unresolved) or is known to be outside it (external), `specifier` what it names.
 */
export function missFields(row: ImportMissRow): Record<RefField, FieldValue> {
  return {
    name: undefined,
    kind: row.kind,
    path: undefined,
    specifier: row.specifier,
    lines: undefined,
    site: siteField(row.site),
    use: undefined,
    via: undefined,
    confidence: undefined,
    stale: row.stale || undefined,
    id: undefined,
  };
}

/** Rows that would read the same (name, kind, path) need their ids to be told apart. */
export function needsId(rows: RefRow[]): Set<RefRow> {
  const seen = new Map<string, RefRow[]>();
  for (const row of rows) {
    const key = `${row.node.name}\0${row.node.kind}\0${row.node.path}`;
    seen.set(key, [...(seen.get(key) ?? []), row]);
  }
  return new Set([...seen.values()].filter((group) => group.length > 1).flat());
}

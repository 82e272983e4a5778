// The architecture map as records: region rows of map, subsystems and a region's overview.
// llm and text carry a region's children as a count and its parent's id (a reader re-trees
// from id and parent=); json carries the whole hierarchy: children's ids, crosscut, directory.
import { chunksPerFile, depthsOf, healthOf, selectRegions, treeOrder, type RegionMap, type RegionSelection, type RegionView } from "../answers/regions";
import type { Region } from "../store";
import { quiet, type Fields } from "../wire/record";
import type { Writer } from "../wire/writer";

export function regionFields(r: Region, full: boolean): Fields {
  return {
    id: r.id,
    kind: r.kind,
    label: r.label,
    level: r.level,
    files: r.files,
    parent: r.parent ?? undefined,
    children: full ? r.children : quiet(r.children.length),
    cohesion: r.cohesion,
    coupling: r.coupling,
    crosscut: full ? r.crosscut : undefined,
    confidence: r.confidence,
    signals: r.signals.length > 0 ? r.signals : undefined,
    dir: full ? r.dir : undefined,
    entities: full ? r.entities : undefined,
  };
}

const treeText = (r: Region): string =>
  `${r.label}  ${r.kind} · ${r.files} files · cohesion ${r.cohesion} · coupling ${r.coupling} · confidence ${r.confidence}  [${r.id}]`;

/** A map's region rows: every region in json, else the selection; text draws them as a tree. */
export function regionRows(writer: Writer, map: RegionMap, selection: RegionSelection, full: boolean): void {
  if (full) {
    writer.rows("region", map.regions.map((r) => regionFields(r, true)));
    return;
  }
  const { shown, total } = selectRegions(map.regions, selection);
  const depth = depthsOf(map.regions);
  writer.tree(
    "region",
    treeOrder(map.regions, shown).map((r) => ({ fields: regionFields(r, false), depth: depth.get(r.id) ?? 0, text: treeText(r) })),
  );
  if (shown.length < total) {
    writer.record("diagnostic", { code: "results_truncated", message: `${total} regions; showing ${shown.length}. Raise --max-items, or pass --all-items.` });
  }
}

/** A subsystems row: the region with its scores and the count of its files' smells (`smells`: per region id). */
export function subsystemFields(r: Region, smells: ReadonlyMap<string, number>, extra: Fields = {}): Fields {
  return {
    id: r.id,
    label: r.label,
    kind: r.kind,
    level: r.level,
    files: r.files,
    health: healthOf(r),
    chunks_per_file: chunksPerFile(r),
    smells: quiet(smells.get(r.id) ?? 0),
    confidence: r.confidence,
    ...extra,
  };
}

export function presentSubsystems(writer: Writer, map: RegionMap, rows: Region[], total: number, smells: ReadonlyMap<string, number>, opts: { list: boolean }): void {
  writer.record("subsystems", { count: total, map_complete: map.complete ? undefined : false });
  if (opts.list) writer.rows("region", rows.map((r) => subsystemFields(r, smells)));
  else {
    const depth = depthsOf(map.regions);
    writer.tree(
      "region",
      treeOrder(map.regions, rows).map((r) => ({
        fields: subsystemFields(r, smells, { parent: r.parent ?? undefined }),
        depth: (depth.get(r.id) ?? 1) - 1,
        text: `${r.label}  ${r.kind} · ${r.files} files · health ${healthOf(r)} · ${chunksPerFile(r)} entities/file · ${smells.get(r.id) ?? 0} smells · confidence ${r.confidence}  [${r.id}]`,
      })),
    );
  }
  if (rows.length < total) writer.record("diagnostic", { code: "results_truncated", message: `${total} regions; showing ${rows.length}. Raise --limit to see the rest.` });
  notMapped(writer, map);
  const first = rows[0];
  if (first) writer.next(["ix", "subsystems", first.id], `${first.label}: its parts and neighbours`);
}

/** One region with its parent, children and neighbours. */
export function presentRegionView(writer: Writer, view: RegionView, smells: ReadonlyMap<string, number>, limit: number): void {
  const { region } = view;
  writer.record("subsystems", { target: region.label, id: region.id, count: 1 + (view.parent ? 1 : 0) + view.children.length + Math.min(limit, view.neighbours.length), system_path: view.systemPath });
  writer.row("region", subsystemFields(region, smells, { rel: "self", parent: region.parent ?? undefined }));
  if (view.parent) writer.row("region", subsystemFields(view.parent, smells, { rel: "parent" }));
  for (const child of view.children) writer.row("region", subsystemFields(child, smells, { rel: "child" }));
  for (const n of view.neighbours.slice(0, limit)) writer.row("region", subsystemFields(n.region, smells, { rel: "neighbour", edges_out: quiet(n.out), edges_in: quiet(n.in) }));
  if (view.children[0]) writer.next(["ix", "subsystems", view.children[0].id], `${view.children[0].label}: one level down`);
  writer.next(["ix", "overview", region.id], `${region.label} at a glance`);
}

/** overview of a region: the region, its children by kind, and them (or, for a module, its files). */
export function presentRegionOverview(writer: Writer, view: RegionView, files: string[], limit: number): void {
  const { region } = view;
  writer.record("overview", {
    target: region.label,
    kind: region.kind,
    id: region.id,
    level: region.level,
    files: region.files,
    system_path: view.systemPath.length > 0 ? view.systemPath : undefined,
  });
  const counts: Record<string, number> = {};
  for (const child of view.children) counts[child.kind] = (counts[child.kind] ?? 0) + 1;
  if (view.children.length === 0) counts.file = files.length;
  writer.record("contains", counts);
  const items = view.children.length > 0
    ? view.children.map((c) => ({ name: c.label, kind: c.kind, files: c.files, id: c.id }))
    : files.map((path) => ({ name: path, kind: "file" }));
  const shown = items.slice(0, limit);
  writer.rows("item", shown);
  if (shown.length < items.length) writer.record("diagnostic", { code: "results_truncated", message: `${items.length} items; showing ${shown.length}. Raise --limit or pass --full.` });
  if (view.children[0]) writer.next(["ix", "overview", view.children[0].id], `${view.children[0].label} at a glance`);
  writer.next(["ix", "subsystems", region.id], `${region.label}: scores and neighbours`);
}

/** Said wherever the map is older than the graph, or its last region work failed. */
export function notMapped(writer: Writer, map: RegionMap): void {
  if (map.complete) return;
  writer.record("diagnostic", {
    code: map.error ? "regions_failed" : "map_incomplete",
    message: map.error
      ? `The last region work failed (${map.error}); the regions shown are from revision ${map.regions.length > 0 ? "an earlier map" : "no map"}.`
      : map.regions.length === 0
        ? "No architecture map is stored for this graph yet."
        : "The architecture map is older than the graph's revision.",
    hint: "ix map .",
  });
}

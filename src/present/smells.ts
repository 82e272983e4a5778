// smells as records: the header (rev, count, the rules' version), then one row per smell with
// the signals its rule measured. A cycle's files are listed up to a bound; size= counts them all.
import type { SmellsAnswer, Smell } from "../answers/smells";
import type { Writer } from "../wire/writer";
import { rowFields, type RowShape } from "./shape";

/** A cycle row lists at most this many of its files. */
export const CYCLE_FILES_SHOWN = 10;

export const SMELL_ROW = rowFields(
  ["kind", "file", "confidence", "entities", "fan_in", "fan_out", "size", "files", "connections", "unresolved", "entity", "entity_kind", "line", "uses", "module_imported", "region", "inside", "outside", "best_region", "best", "edges_inside", "edges_outside"],
  [],
);

type SmellRowFields = Parameters<typeof SMELL_ROW.shape>[0];

function smellRow(smell: Smell): SmellRowFields {
  const row: Record<string, string | number | string[] | undefined> = { kind: `has_smell.${smell.kind}`, file: smell.file, confidence: smell.confidence, ...smell.signals };
  if (smell.files) row.files = smell.files.slice(0, CYCLE_FILES_SHOWN);
  return row as SmellRowFields;
}

export function presentSmells(writer: Writer, answer: SmellsAnswer, shape: RowShape): void {
  const shown = answer.smells;
  const cut = shown.length < answer.count;
  writer.record("smells", { rev: answer.rev, count: answer.count, shown: cut ? shown.length : undefined, version: answer.version });
  writer.rows("smell", shown.map((smell) => SMELL_ROW.shape(smellRow(smell), shape)));
  if (!answer.regionsCurrent) {
    writer.record("diagnostic", {
      code: "map_incomplete",
      message: "weak_component_member reads the architecture map, which does not match this revision yet; its smells are left out.",
      hint: "ix map .",
    });
  }
  if (cut) {
    writer.record("diagnostic", {
      code: "results_truncated",
      message: `${answer.count} smells; showing ${shown.length}, the most confident first. Raise --limit, pass --full, or narrow with --kind / --path.`,
    });
  }
}

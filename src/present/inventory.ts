// inventory as records.
import type { InventoryAnswer } from "../answers/inventory";
import type { Writer } from "../wire/writer";
import { rowFields, type RowShape } from "./shape";

export const INVENTORY_ROW = rowFields(["name", "kind", "path", "lines"], ["id", "signature", "role"]);

export function presentInventory(writer: Writer, answer: InventoryAnswer, shape: RowShape): void {
  const shown = answer.nodes;
  writer.record("inventory", { kind: answer.kind, path: answer.path, shown: shown.length, truncated: answer.truncated || undefined });
  writer.rows(
    "node",
    shown.map((node) =>
      INVENTORY_ROW.shape(
        { name: node.kind === "file" ? node.path : node.name, kind: node.kind, path: node.path, lines: node.kind === "file" ? undefined : `${node.startLine}-${node.endLine}` },
        shape,
        { id: node.id, signature: node.signature, role: node.role },
      ),
    ),
  );
  if (answer.truncated) writer.record("diagnostic", { code: "results_truncated", message: `showing the first ${shown.length}. Raise --limit, pass --full, or narrow with --kind / --path.` });
  if (shown.length === 0) writer.record("hint", { text: "No entities match. ix stats shows the kinds the graph holds." });
}

// ix inventory: the entities of the graph (or of a path), by kind.
import { inventoryAnswer } from "../answers/inventory";
import { graphPath, withSession } from "../answers/session";
import { defineIx } from "./command";
import { kindOption, boundedList } from "./options";
import { INVENTORY_ROW, presentInventory } from "../present/inventory";

const LIST = boundedList(50, INVENTORY_ROW);

export default defineIx({
  meta: { name: "inventory", description: "List entities, optionally of one kind or under one path" },
  args: {
    kind: { type: "string", description: "Only this kind (function, method, class, interface, type, module, file)", valueHint: "kind" },
    path: { type: "string", description: "Only under this path", valueHint: "dir" },
    ...LIST.args,
  },
  examples: [{ run: "ix inventory --kind class --path src/store", why: "the classes under src/store" }],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const shape = LIST.shape(args);
      const kind = kindOption(args.kind);
      const path = args.path === undefined ? undefined : graphPath(session, args.path);
      presentInventory(ctx.writer, await inventoryAnswer(session, { kind, path, limit: shape.limit }), shape);
    }),
});

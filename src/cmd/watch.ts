// ix watch [path]: map the workspace holding path, then map again whenever its files change,
// until SIGINT or SIGTERM. Progress goes to stderr; stdout stays empty.
import { existsSync, realpathSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { IxError } from "../model/errors";
import { registerAndMap } from "../ingest/map";
import { watchTree } from "../ingest/watch";
import { findWorkspace } from "../workspace/registry";
import { workspaceRoot } from "../workspace/root";
import { defineIx } from "./command";
import { mapSettings } from "./map-settings";
import { BROAD_ROOT_ARGS, broadRootAllowed } from "./broad-root";

/** Quiet time after the last change before a map: a save is often several writes. */
const DEBOUNCE_MS = 300;

export default defineIx({
  meta: { name: "watch", description: "Map the repository, then map again after every change, until stopped (Ctrl-C)" },
  savings: false,
  args: {
    path: { type: "positional", required: false, default: ".", description: "A directory inside the repository (default: .)" },
    ...BROAD_ROOT_ARGS,
  },
  examples: [{ run: "ix watch .", why: "keep the graph current while you edit" }],
  notes: [
    {
      name: "Rules",
      text: `Changes are gathered until ${DEBOUNCE_MS} ms pass without one; changes made during a map lead to one map after it. SIGINT or SIGTERM stops watching once the map under way has committed, with exit 0.`,
    },
  ],
  run: async (args, ctx) => {
    const target = resolve(ctx.cwd, args.path);
    if (!existsSync(target) || !statSync(target).isDirectory()) {
      throw new IxError("path_not_found", `${target} is not a directory`, { path: target });
    }
    const root = workspaceRoot(realpathSync(target), ctx.env);
    const allowBroadRoot = broadRootAllowed(root, args["allow-broad-root"], ctx.env);
    const say = (text: string) => ctx.stderr(`ix watch: ${text}\n`);
    // A stop during the first map ends the command when that map has committed.
    let stop: (() => void) | undefined;
    let stopAsked = false;
    ctx.onStop(() => {
      say("stopping");
      stopAsked = true;
      stop?.();
    });
    const settings = mapSettings(ctx, "watch");
    const first = await registerAndMap(ctx.home, root, { note: ctx.note, allowBroadRoot, ...settings });
    say(`mapped ${root} rev=${first.rev} files=${first.files} in ${first.ms} ms${stopAsked ? "" : "; watching"}`);
    if (stopAsked) return say("stopped");
    const ws = findWorkspace(ctx.home, root)!;
    const watching = watchTree(ws, {
      debounceMs: DEBOUNCE_MS,
      map: settings,
      onMap: (r, changed) =>
        say(`${changed} changed paths: ${r.outcome} rev=${r.rev} added=${r.added} modified=${r.modified} deleted=${r.deleted} in ${r.ms} ms`),
      onError: (error) => say(`map failed: ${error instanceof Error ? error.message : String(error)}`),
    });
    stop = () => void watching.stop();
    await watching.done;
    say("stopped");
  },
});

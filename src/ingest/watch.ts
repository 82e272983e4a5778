// ix watch: map again after the tree changes. Changes are debounced (one map for a burst of
// saves), and those made while a map runs are coalesced into one map after it, which sees
// them all. Stopping waits for the map under way: a map commits its revision whole, and the
// lock it holds is released by its own process.
import { watch, type FSWatcher } from "node:fs";
import { relative } from "node:path";
import { mapWorkspace, type MapOptions, type MapResult } from "./map";
import { mayChangeMap } from "./discover";
import type { Workspace } from "../workspace/registry";

export interface WatchOptions {
  debounceMs: number;
  /** Passed to every map (its origin, the history kept). */
  map?: MapOptions;
  onMap(result: MapResult, changed: number): void;
  onError(error: unknown): void;
}

export interface Watch {
  /** Stops watching; resolves once the map under way, if any, has finished. */
  stop(): Promise<void>;
  /** Resolves when stopped. */
  done: Promise<void>;
}

export function watchTree(ws: Workspace, opts: WatchOptions): Watch {
  const changed = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const done = Promise.withResolvers<void>();

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, opts.debounceMs);
  };
  const run = () => {
    timer = undefined;
    // A map under way: the changes wait for it, and its end schedules the one map after it.
    if (running || stopped || changed.size === 0) return;
    const count = changed.size;
    changed.clear();
    running = mapWorkspace(ws, opts.map)
      .then((result) => opts.onMap(result, count), opts.onError)
      .finally(() => {
        running = undefined;
        if (changed.size > 0) schedule();
      });
  };

  // An $IX_HOME inside the tree: the map's own writes there are no change to map.
  const home = relative(ws.root, ws.home).split("\\").join("/");
  const ours = (path: string) => home !== "" && !home.startsWith("..") && (path === home || path.startsWith(home + "/"));
  const watcher: FSWatcher = watch(ws.root, { recursive: true }, (_event, name) => {
    const path = name === null ? "" : String(name).split("\\").join("/");
    if (path !== "" && (!mayChangeMap(path) || ours(path))) return;
    changed.add(path);
    schedule();
  });
  watcher.on("error", (error) => opts.onError(error));

  const stop = async () => {
    if (!stopped) {
      stopped = true;
      clearTimeout(timer);
      watcher.close();
    }
    await running;
    done.resolve();
  };
  return { stop, done: done.promise };
}

// ix map [path]: register the workspace that holds path and bring its graph up to date.
import { memoryUsage as jscMemory } from "bun:jsc";
import { existsSync, realpathSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { defineIx, type StatusLine } from "./command";
import { invalidRequest, IxError } from "../model/errors";
import { REGION_SORTS, regionMap, type RegionSelection, type RegionSort } from "../answers/regions";
import { withSession } from "../answers/session";
import { positiveInt } from "./options";
import { BROAD_ROOT_ARGS, broadRootAllowed } from "./broad-root";
import { mapSettings } from "./map-settings";
import { registerAndMap, type Phase } from "../ingest/map";
import { presentMap, presentStoredMap } from "../present/map";
import { workspaceRoot } from "../workspace/root";
import { insideRoots, outsideRoots } from "../workspace/roots";
import { realPath } from "../workspace/dirs";

/** Region rows shown when no --max-items says otherwise: the top of a large map fits a screen. */
const MAX_ITEMS = 30;

export default defineIx({
  meta: { name: "map", description: "Map a repository into the graph (incremental: only changed files are parsed)" },
  args: {
    path: { type: "positional", required: false, default: ".", description: "A directory inside the repository (default: .)" },
    silent: { type: "boolean", description: "Print one line instead of the full record set" },
    list: { type: "boolean", description: "Show the stored architecture map without mapping again" },
    level: { type: "string", description: "Only regions of this level (1 = modules; the system is always shown)", valueHint: "n" },
    "min-confidence": { type: "string", description: "Only regions at least this confident (0 to 1)", valueHint: "x" },
    sort: { type: "string", description: `Order of the region rows: ${REGION_SORTS.join(", ")} (default importance)`, valueHint: "by" },
    "max-items": { type: "string", description: `At most this many region rows (default ${MAX_ITEMS})`, valueHint: "n" },
    "all-items": { type: "boolean", description: "Every region row, no limit" },
    intent: { type: "string", description: "Why this map: kept on the revision (ix history, ix patches show it as intent=)", valueHint: "text" },
    ...BROAD_ROOT_ARGS,
  },
  examples: [
    { run: "ix map .", why: "map the repository holding this directory" },
    { run: "ix map . --silent", why: "re-map after an edit, one line of output" },
    { run: "ix map --list --level 2", why: "the stored map's subsystems, without mapping" },
  ],
  run: async (args, ctx) => {
    const { path, silent } = args;
    const selection = regionSelection(args);
    if (args.list) {
      return withSession(ctx, async (session) => {
        const map = await regionMap(session);
        presentStoredMap(ctx.writer, map, (await session.graph.regionInputFiles()).length, { full: ctx.format === "json", selection });
      });
    }
    const target = resolve(ctx.cwd, path);
    // Asked first, so a path outside the roots is not even told apart by whether it exists.
    if (ctx.roots && !insideRoots(target, ctx.roots)) throw outsideRoots(`${realPath(target)} (map ${path})`, realPath(target), ctx.roots);
    if (!existsSync(target) || !statSync(target).isDirectory()) {
      throw new IxError("path_not_found", `${target} is not a directory`, { path: target });
    }
    const root = workspaceRoot(realpathSync(target), ctx.env);
    // The workspace is the repository holding the directory, which may reach above the roots.
    if (ctx.roots && !insideRoots(root, ctx.roots)) throw outsideRoots(`${root}, the repository holding ${realPath(target)},`, root, ctx.roots);
    const allowBroadRoot = broadRootAllowed(root, args["allow-broad-root"], ctx.env);
    const status = silent || ctx.env.IX_TRACE ? undefined : ctx.status;
    const progress = ctx.env.IX_TRACE ? phaseTrace(ctx.stderr) : status ? terminalProgress(status) : undefined;
    const result = await registerAndMap(ctx.home, root, {
      note: ctx.note,
      onPhase: progress,
      onRebuild: (why) => ctx.stderr(`ix: rebuilding the graph: ${why}\n`),
      inlineBytes: inlineBytes(ctx.env.IX_PARSE_INLINE_BYTES),
      allowBroadRoot,
      ...mapSettings(ctx, "map", args.intent),
    });
    status?.clear();
    if (result.waitedForLock) ctx.stderr(`ix: waited for another map of ${root} to finish\n`);

    presentMap(ctx.writer, root, result, { silent: Boolean(silent), everyPath: ctx.format === "json", selection });
  },
});

function regionSelection(args: { level?: string; "min-confidence"?: string; sort?: string; "max-items"?: string; "all-items"?: boolean }): RegionSelection {
  const sort = args.sort ?? "importance";
  if (!REGION_SORTS.includes(sort as RegionSort)) {
    throw invalidRequest("invalid_value", `--sort takes one of ${REGION_SORTS.join(", ")}, got "${sort}"`, { option: "sort", value: sort });
  }
  const raw = args["min-confidence"];
  const minConfidence = raw === undefined ? undefined : Number(raw);
  if (minConfidence !== undefined && (raw!.trim() === "" || !Number.isFinite(minConfidence) || minConfidence < 0 || minConfidence > 1)) {
    throw invalidRequest("invalid_value", `--min-confidence takes a number from 0 to 1, got "${raw}"`, { option: "min-confidence", value: raw });
  }
  const maxItems = positiveInt(args["max-items"], "--max-items") ?? MAX_ITEMS;
  return { level: positiveInt(args.level, "--level"), minConfidence, sort: sort as RegionSort, maxItems: args["all-items"] ? undefined : maxItems };
}

function terminalProgress(status: StatusLine): (phase: Phase, done?: number, total?: number) => void {
  let last = 0;
  return (phase, done, total) => {
    const now = performance.now();
    if (done !== undefined && done !== total && now - last < 100) return;
    last = now;
    const count = done !== undefined && total ? ` ${done}/${total}` : "";
    status.show(`ix map: ${phase}${count}`);
  };
}

/**
 * IX_PARSE_INLINE_BYTES=n: parse on the map's own thread only up to n bytes of changed source
 * (a map of at most 24 files always does). Which side parses depends on the cores, so tests and
 * benches set it to take the worker path, or the inline one, on any machine.
 */
function inlineBytes(value: string | undefined): number | undefined {
  const bytes = value === undefined || value === "" ? Number.NaN : Number(value);
  return Number.isInteger(bytes) && bytes >= 0 ? bytes : undefined;
}

/** IX_TRACE=1: one stderr line per phase with its start time and memory, for benchmarks. */
export function phaseTrace(write: (text: string) => void): (phase: Phase) => void {
  let current: Phase | undefined;
  const started = performance.now();
  return (phase) => {
    if (phase === current) return;
    current = phase;
    const { rss, heapUsed } = process.memoryUsage();
    // The peak so far places the map's peak between two phases.
    const { peak } = jscMemory();
    const mb = (n: number) => Math.round(n / 1e6);
    write(`ix map: ${phase} at ${Math.round(performance.now() - started)} ms rss=${mb(rss)}MB peak=${mb(peak)}MB heap=${mb(heapUsed)}MB\n`);
  };
}

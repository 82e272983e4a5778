// How a map bounds its memory: the collector does not weigh the short-lived strings and rows a
// map turns over, so past a soft limit the map asks for full collections itself. A repository
// that stays below the limit never pays for one.

/**
 * A full collection that also has mimalloc give back what it freed: it holds the memory
 * outside the JavaScript heap (SQLite's among it), and keeps freed pages until told. With
 * bun:jsc's fullGC alone, a cold map of a third of stack (5.3k files) was at 414 MB RSS when
 * the commit began and peaked at 435 MB; with this, 293 and 358 MB (four builds side by side:
 * Bun's --smol and a 150 MB soft limit changed nothing, 441 and 440 MB).
 */
function fullGC(): void {
  Bun.gc(true);
}

/**
 * Writing and resolving a large repository turns over several times its facts in short-lived
 * strings (JSON read back from the store and written to it), which the collector does not
 * weigh: left alone, a cold map of 13k files peaked above 1 GB with under 100 MB live. A full
 * collection every few hundred files, once the process is past RSS_SOFT_LIMIT, holds it near
 * the limit; a repository that stays below never pays for one. Every 500 files let resolution
 * of 13k files peak at 392-434 MB; every 250, at 327-333 MB, for ~25 more collections.
 */
const RSS_SOFT_LIMIT = 300e6;
const COLLECT_EVERY = 250;
/**
 * Nor does RSS grow by more than this between collections, checked every COLLECT_CHECK files:
 * since each file's resolution keeps the questions it asked about the file set, 13k files
 * peaked at 355-403 MB with the count alone, against 338-350 MB before. A collection shrinks
 * RSS only by what the allocators give back, so a fixed ceiling would collect every few files
 * once reached.
 */
const RSS_GROWTH = 20e6;
const COLLECT_CHECK = 50;
/**
 * Between the post-commit stages, a collection once RSS has grown this much: each stage's
 * garbage (5-30 MB on 13k files) then goes before the next allocates. With RSS_GROWTH here a
 * cold map of 13k files peaked at 530-592 MB, with this at 505 MB.
 */
const STAGE_GROWTH = 5e6;

/**
 * Between the map's steps, and inside region work wherever a step's garbage is done with (each
 * Louvain run, each region's label), what was left behind goes before the next one allocates:
 * the smells and the regions read the whole file graph, and on top of resolution's garbage a
 * cold map of 13k files peaked 60-200 MB higher. A collection is asked for past the soft limit
 * and only once RSS has grown by STAGE_GROWTH since the last one, so a call that finds little
 * new costs one RSS read; a step that does no work (an edit whose smells carry over, a
 * hierarchy kept as it was) asks for none.
 */
export function memorySettler(): () => void {
  let rssThen = 0;
  return () => {
    const rss = process.memoryUsage.rss();
    if (rss <= RSS_SOFT_LIMIT || rss - rssThen < STAGE_GROWTH) return;
    fullGC();
    rssThen = process.memoryUsage.rss();
  };
}

export function memoryBound(): () => void {
  let steps = 0;
  let collectedAt = 0;
  let rssThen = 0;
  return () => {
    if (++steps % COLLECT_CHECK !== 0) return;
    const rss = process.memoryUsage.rss();
    if (rss <= RSS_SOFT_LIMIT || (steps - collectedAt < COLLECT_EVERY && rss - rssThen < RSS_GROWTH)) return;
    fullGC();
    collectedAt = steps;
    rssThen = process.memoryUsage.rss();
  };
}

const RELEASE_POLL_MS = 50;
/** Below this RSS, nothing is worth waiting for. */
const RELEASE_WORTH = 128 * 1024 * 1024;
/** The share of the RSS at the call that counts as given back. */
const RELEASE_SHARE = 0.7;

/**
 * Memory freed in bulk (closed parse workers: their heaps and the grammars' WebAssembly memory)
 * comes back to the system some time after it is freed: on go-tools
 * within ~0.4 s of the workers' close, on 13k files 2.5-5 s later. A step started at once
 * stacks its own growth on top of it (resolution after the parse: peaks of 540-580 MB on 13k
 * files; with this wait, 385-422 MB). So the garbage is collected and the map waits until RSS
 * has fallen by a share, at most `maxWaitMs`: nothing for a map that stays small.
 */
export async function memoryReturned(maxWaitMs: number): Promise<void> {
  const before = process.memoryUsage.rss();
  if (before < RELEASE_WORTH) return;
  fullGC();
  const deadline = performance.now() + maxWaitMs;
  while (process.memoryUsage.rss() > before * RELEASE_SHARE && performance.now() < deadline) await Bun.sleep(RELEASE_POLL_MS);
}

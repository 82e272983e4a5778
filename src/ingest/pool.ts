// Spreads parse work over one Bun Worker per core, in small batches handed out as workers free
// up, so one slow file does not leave a core idle. Few files, or little source, are parsed on
// the calling thread instead.
import { availableParallelism } from "node:os";
import { memoryReturned } from "./memory";
import { PARSE_BUDGET_MS, parseOne, type ParseRequest, type ParseResult } from "./parse";
import type { WorkerBatch } from "./parse.worker";
import { workerUrl } from "../util/worker-url";

/** This few files are parsed here, whatever their size: a one-file edit starts no worker. */
const INLINE_LIMIT = 24;

/**
 * Below this much source, parsing on this thread beats starting workers. Each worker loads
 * tree-sitter and warms its JIT from cold, which cost ~300 ms of CPU over its first files; and
 * with two cores, two busy workers and this thread's writes leave the JIT's compiler threads no
 * core, so the workers' code stays slow: on two cores they gained nothing at any size measured
 * up to 34 MB. Cold maps there, alternated, inline against workers: rxjs (0.8 MB) 0.67-0.74 s
 * against 1.12-1.39 s; effect (16 MB) 5.7-6.1 s against 8.9-9.3 s at the same peak RSS;
 * go-tools (34 MB) 11.3-11.6 s against 13.1-13.9 s, but 350 MB of RSS against 300-320. Past
 * that, workers keep the peak in bounds (a 173 MB repository: 390 MB with workers, 560 MB
 * inline). With more cores, workers pay off sooner.
 */
export function inlineBytes(cores: number): number {
  return cores <= 2 ? 32 * 1024 * 1024 : 1024 * 1024;
}

const BATCH = 16;
/**
 * A batch also stops at this much source: the largest files go first, and sixteen of them at
 * up to 1 MB each held sixteen files' trees and facts in a worker, and then in flight, at once.
 */
const BATCH_BYTES = 256 * 1024;

function takeBatch(queue: ParseRequest[]): ParseRequest[] {
  let count = 0;
  let bytes = 0;
  while (count < queue.length && count < BATCH && (count === 0 || bytes + (queue[count]!.size ?? 0) <= BATCH_BYTES)) {
    bytes += queue[count]!.size ?? 0;
    count++;
  }
  return queue.splice(0, count);
}

/**
 * Parses every request and hands each result to `onResult` as it arrives, in no set order; the
 * caller keeps what it needs, so no file's facts outlive their turn. A throwing `onResult` stops
 * the work and rejects.
 */
export async function parseEach(
  root: string,
  requests: ParseRequest[],
  onResult: (result: ParseResult) => void,
  onProgress?: (done: number, total: number) => void,
  opts: { inlineBytes?: number } = {},
): Promise<void> {
  const outOfTime: ParseRequest[] = [];
  const byPath = new Map(requests.map((request) => [request.path, request]));
  const take = (result: ParseResult): void => {
    const request = result.status === "skipped" && result.reason === "timeout" ? byPath.get(result.path) : undefined;
    if (request) outOfTime.push(request);
    else onResult(result);
  };
  await parseAll(root, requests, take, onProgress, opts);
  // The budget is wall-clock time, which a loaded machine spends too: a file that ran out of
  // it among the other parses is tried once more alone, with more, so that what a map keeps
  // does not depend on how busy the machine was. Out of time again, it is skipped.
  for (const request of outOfTime) onResult(await parseOne(root, { ...request, budgetMs: PARSE_BUDGET_MS * RETRY_BUDGET_FACTOR }));
}

/** How much more time a file that ran out of its budget gets on its second, lone try. */
const RETRY_BUDGET_FACTOR = 4;

async function parseAll(
  root: string,
  requests: ParseRequest[],
  onResult: (result: ParseResult) => void,
  onProgress: ((done: number, total: number) => void) | undefined,
  opts: { inlineBytes?: number },
): Promise<void> {
  let done = 0;
  const started = performance.now();
  const cores = availableParallelism();
  const bytes = requests.reduce((sum, request) => sum + (request.size ?? 0), 0);
  if (requests.length <= INLINE_LIMIT || bytes <= (opts.inlineBytes ?? inlineBytes(cores))) {
    for (const request of requests) {
      onResult(await parseOne(root, request));
      onProgress?.(++done, requests.length);
    }
    return;
  }
  // Larger files first: the longest jobs start early and the tail stays short.
  const queue = [...requests].sort((a, b) => (b.size ?? 0) - (a.size ?? 0));
  const workerCount = Math.max(1, Math.min(cores, Math.ceil(requests.length / BATCH)));
  const workers = Array.from({ length: workerCount }, () => new Worker(workerUrl("ingest/parse.worker.ts"), { smol: true }));
  // Once a consumer has thrown, a batch still in flight from another worker must not reach it.
  let failure: { error: unknown } | undefined;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const sendNext = () => {
              const requestsOfBatch = takeBatch(queue);
              if (requestsOfBatch.length === 0) return resolve();
              const batch: WorkerBatch = { root, requests: requestsOfBatch };
              worker.postMessage(batch);
            };
            worker.onmessage = (event: MessageEvent<ParseResult[]>) => {
              if (failure) return resolve();
              // The next batch goes out first: the worker parses it while this thread consumes.
              sendNext();
              try {
                for (const result of event.data) onResult(result);
              } catch (error) {
                // This worker's promise may be settled already (its last batch): kept, and thrown below.
                failure = { error };
                return reject(error);
              }
              done += event.data.length;
              onProgress?.(done, requests.length);
            };
            worker.onerror = (event) => reject(new Error(`parse worker failed: ${event.message}`));
            sendNext();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map(stopped));
    // Nothing here may keep the closed workers alive while their memory is waited for.
    workers.length = 0;
    await memoryReturned(Math.min(RELEASE_WAIT_MS, RELEASE_WAIT_SHARE * (performance.now() - started)));
  }
  if (failure) throw failure.error;
}

/** Nor longer than this share of the parse: where memory does not come back, the map loses little. */
const RELEASE_WAIT_SHARE = 0.1;
const RELEASE_WAIT_MS = 6_000;

/**
 * Terminates a worker and waits for its close event. Its heap and grammar memory (100-250 MB a
 * worker) are freed only after it, some time later: see memoryReturned.
 */
function stopped(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 2_000);
    worker.addEventListener("close", () => {
      clearTimeout(timer);
      resolve();
    });
    worker.terminate();
  });
}

// Spreads parse work over one Bun Worker per core, in small batches handed out as workers free
// up, so one slow file does not leave a core idle. Few files are parsed inline instead.
import { availableParallelism } from "node:os";
import { parseOne, type ParseRequest, type ParseResult } from "./parse";
import type { WorkerBatch } from "./parse.worker";
import { workerUrl } from "../util/worker-url";

const INLINE_LIMIT = 24;

const BATCH = 16;

export async function parseAll(
  root: string,
  requests: ParseRequest[],
  onProgress?: (done: number, total: number) => void,
): Promise<ParseResult[]> {
  const results: ParseResult[] = [];
  if (requests.length <= INLINE_LIMIT) {
    for (const request of requests) {
      results.push(await parseOne(root, request));
      onProgress?.(results.length, requests.length);
    }
    return results;
  }
  // Larger files first: the longest jobs start early and the tail stays short.
  const queue = [...requests].sort((a, b) => (b.size ?? 0) - (a.size ?? 0));
  const workerCount = Math.max(1, Math.min(availableParallelism(), Math.ceil(requests.length / BATCH)));
  const workers = Array.from({ length: workerCount }, () => new Worker(workerUrl("ingest/parse.worker.ts"), { smol: true }));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const sendNext = () => {
              const requestsOfBatch = queue.splice(0, BATCH);
              if (requestsOfBatch.length === 0) return resolve();
              const batch: WorkerBatch = { root, requests: requestsOfBatch };
              worker.postMessage(batch);
            };
            worker.onmessage = (event: MessageEvent<ParseResult[]>) => {
              results.push(...event.data);
              onProgress?.(results.length, requests.length);
              sendNext();
            };
            worker.onerror = (event) => reject(new Error(`parse worker failed: ${event.message}`));
            sendNext();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map(stopped));
  }
  return results;
}

/**
 * Terminates a worker and waits until it is gone: its heap and grammar memory (100-250 MB a
 * worker) are freed only then, and resolution, which follows synchronously, would otherwise
 * hold them for the rest of the map.
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

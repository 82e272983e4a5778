// A parse worker: takes batches of files, answers with their facts. Grammars load on first use.
import { fullGC } from "bun:jsc";
import { parseOne, type ParseRequest, type ParseResult } from "./parse";

declare const self: Worker;

export interface WorkerBatch {
  root: string;
  requests: ParseRequest[];
}

/**
 * Extraction leaves much garbage and a worker's heap is small (no facts stay in it), so a full
 * collection every few batches, or after much source, is cheap; without it two workers grew to
 * 200+ MB each.
 */
const COLLECT_EVERY = 8;
const COLLECT_AFTER_BYTES = 1024 * 1024;
let batches = 0;
let bytesSinceCollect = 0;

self.onmessage = async (event: MessageEvent<WorkerBatch>) => {
  const results: ParseResult[] = [];
  for (const request of event.data.requests) {
    results.push(await parseOne(event.data.root, request));
    bytesSinceCollect += request.size ?? 0;
  }
  self.postMessage(results);
  if (++batches % COLLECT_EVERY === 0 || bytesSinceCollect >= COLLECT_AFTER_BYTES) {
    fullGC();
    bytesSinceCollect = 0;
  }
};

// A parse worker: takes batches of files, answers with their facts. Grammars load on first use.
import { parseOne, type ParseRequest, type ParseResult } from "./parse";

declare const self: Worker;

export interface WorkerBatch {
  root: string;
  requests: ParseRequest[];
}

self.onmessage = async (event: MessageEvent<WorkerBatch>) => {
  const results: ParseResult[] = [];
  for (const request of event.data.requests) results.push(await parseOne(event.data.root, request));
  self.postMessage(results);
};

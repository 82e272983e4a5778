// The mtimes of many paths, NaN for those that are gone. Past a few thousand paths the work
// goes to a worker, so the caller can stat other things meanwhile; below that, or if the
// worker cannot start, it is done here.
import { lstatSync } from "node:fs";
import { workerUrl } from "../util/worker-url";

/** Starting a worker costs ~10 ms of this thread and ~15 ms of its own. */
const WORKER_FROM = 3000;

export function mtimesOf(paths: readonly string[]): Promise<Float64Array> {
  if (paths.length < WORKER_FROM) return Promise.resolve(mtimesHere(paths));
  let worker: Worker;
  try {
    worker = new Worker(workerUrl("ingest/stat.worker.ts"), { smol: true });
  } catch {
    return Promise.resolve(mtimesHere(paths));
  }
  return new Promise<Float64Array>((resolve) => {
    worker.onmessage = (event: MessageEvent<Float64Array>) => {
      // Answered: the process need not wait for the worker's teardown.
      worker.unref();
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(mtimesHere(paths));
    };
    worker.postMessage(paths.join("\0"));
  });
}

function mtimesHere(paths: readonly string[]): Float64Array {
  const mtimes = new Float64Array(paths.length);
  paths.forEach((path, i) => {
    mtimes[i] = lstatSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Number.NaN;
  });
  return mtimes;
}

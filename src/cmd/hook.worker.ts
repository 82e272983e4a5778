// The post-edit hook's work, off the hook's main thread: a map's resolve step is a synchronous
// walk that holds its thread for seconds on a large edit, and the thread that keeps the hook's
// time budget must stay free to answer when it runs out.
import { postEdit, type EditedFile } from "../answers/post-edit";
import type { MapOptions } from "../ingest/map";
import { llmRowCost } from "../present/around";
import { postEditContext } from "../present/post-edit";

declare const self: Worker;

export interface HookJob {
  home: string;
  edit: EditedFile;
  rowBudget: number;
  capTokens: number;
  trace: boolean;
  /** The revision's origin and the history kept (cmd/map-settings). */
  map: Pick<MapOptions, "origin" | "keep">;
}

export type HookMessage = { phase: string } | { mapping: string } | { context: string | undefined } | { failed: string };

const send = (message: HookMessage) => postMessage(message);

self.onmessage = async (event: MessageEvent<HookJob>) => {
  const job = event.data;
  try {
    const onPhase = job.trace ? (phase: string) => send({ phase }) : undefined;
    const onMap = (root: string) => send({ mapping: root });
    send({ context: postEditContext(await postEdit(job.home, job.edit, job.rowBudget, llmRowCost, { onPhase, ...job.map }, onMap), job.capTokens) });
  } catch (error) {
    send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
};

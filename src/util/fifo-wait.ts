// A child process that waits to open a FIFO: git opens every .gitignore blocking, and so does
// ripgrep, so a FIFO among them hangs them, and the ix command waiting on them, for good.
// Linux names the kernel function a sleeping process waits in: opening a FIFO that has no
// other end waits in wait_for_partner (fifo_open before 4.x). Elsewhere there is no /proc to
// ask, and only a time limit ends such a wait.
import { readdirSync, readFileSync } from "node:fs";

/** How often a running child is asked. */
const POLL_MS = 50;

/**
 * Whether a thread of the process sleeps waiting for a FIFO's other end: ripgrep reads
 * .gitignore files in worker threads. (/proc's files state a size of 0: read as they are, not
 * through the bounded reader.)
 */
export function waitsOnFifo(pid: number): boolean {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return false;
  }
  return threads.some((thread) => {
    try {
      const wchan = readFileSync(`/proc/${pid}/task/${thread}/wchan`, "utf8").trim();
      return wchan === "wait_for_partner" || wchan === "fifo_open";
    } catch {
      return false;
    }
  });
}

/** Kills `child` as soon as it waits on a FIFO. The function returned stops the watch and says whether it killed it. */
export function stopOnFifoWait(child: { readonly pid: number; kill(): void }): () => boolean {
  let stopped = false;
  const watch = setInterval(() => {
    if (!waitsOnFifo(child.pid)) return;
    stopped = true;
    child.kill();
  }, POLL_MS);
  return () => {
    clearInterval(watch);
    return stopped;
  };
}

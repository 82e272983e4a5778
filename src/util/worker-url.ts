// Where a worker's code is. Inside a compiled binary a worker is an embedded entrypoint
// addressed from the bundle's root (build.ts adds every src/**/*.worker.ts); from source it is
// the file itself.

/** `path` relative to src/, e.g. "ingest/parse.worker.ts". */
export function workerUrl(path: string): string {
  const compiled = Bun.main.startsWith("/$bunfs/") || Bun.main.includes("~BUN");
  return compiled ? `./${path}` : new URL(`../${path}`, import.meta.url).href;
}

import { discover } from "./src/ingest/discover";
import { parseOne } from "./src/ingest/parse";
const root = process.argv[2]!;
const found = await discover(root, {});
const files = found.files.filter((f) => /\.(ts|tsx|js|py|go)$/.test(f.path));
for (const f of files.slice(0, 30)) await parseOne(root, { path: f.path }); // warm
const t = performance.now();
for (const f of files) await parseOne(root, { path: f.path });
const ms = performance.now() - t;
const mb = files.reduce((a, f) => a + f.size, 0) / 1e6;
console.log(`${files.length} files ${mb.toFixed(1)} MB in ${ms.toFixed(0)} ms: ${(mb / (ms / 1000)).toFixed(2)} MB/s`);

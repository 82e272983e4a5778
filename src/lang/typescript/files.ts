// Finding the source file behind a TS/JS path as written: extension probing, index files,
// and `.js` written for a `.ts` source (the TypeScript convention for ESM output).
import type { Workspace } from "../../resolve/workspace.ts";

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts"];
/**
 * What a JavaScript file's `require('./x')` reaches: the JavaScript that runs, before a
 * declaration file written beside it (`fastify.d.ts` next to `fastify.js`).
 */
const JS_IMPORTER_EXTENSIONS = [".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".d.ts"];
const JS_FILE = /\.(js|jsx|mjs|cjs)$/;

/** A written output extension -> the source extensions to try in its place, best first. */
const WRITTEN_OUTPUT: Record<string, string[]> = {
  ".js": [".ts", ".tsx", ".d.ts", ".js", ".jsx"],
  ".jsx": [".tsx", ".jsx"],
  ".mjs": [".mts", ".d.mts", ".mjs"],
  ".cjs": [".cts", ".d.cts", ".cjs"],
};

const ASSET = /\.(css|scss|sass|less|styl|json|svg|png|jpe?g|gif|webp|avif|ico|bmp|html?|md|mdx|txt|wasm|ya?ml|toml|graphql|gql|vue|svelte|astro|woff2?|ttf|otf|eot|mp[34]|webm|wav|csv|xml|node)$/i;

export function isSourceFile(path: string): boolean {
  return SOURCE_EXTENSIONS.some((ext) => path.endsWith(ext));
}

/** True for specifiers of non-code files (styles, images, data): bundler territory, not ours. */
export function isAssetPath(path: string): boolean {
  return ASSET.test(path);
}

/** True for a JavaScript importer: what it reaches is what runs, not a declaration. */
export function isJavaScriptFile(path: string): boolean {
  return JS_FILE.test(path);
}

/**
 * The source file a path refers to, trying extensions, then the directory's own entry (its
 * package.json's, from `directoryEntry`), then index files; undefined if none.
 */
export function probeSourceFile(ws: Workspace, base: string, fromJavaScript = false, directoryEntry?: (dir: string) => string | undefined): string | undefined {
  const written = writtenExtension(base);
  if (written) {
    if (fromJavaScript && ws.has(base)) return base;
    const stem = base.slice(0, -written.length);
    for (const ext of WRITTEN_OUTPUT[written]!) if (ws.has(stem + ext)) return stem + ext;
  }
  if (isSourceFile(base) && ws.has(base)) return base;
  const extensions = fromJavaScript ? JS_IMPORTER_EXTENSIONS : SOURCE_EXTENSIONS;
  for (const ext of extensions) if (ws.has(base + ext)) return base + ext;
  const entry = directoryEntry?.(base);
  if (entry) return entry;
  const index = base === "" ? "index" : `${base}/index`;
  for (const ext of extensions) if (ws.has(index + ext)) return index + ext;
  return undefined;
}

/** "dist/x.d.ts" -> "dist/x": the path without any JS/TS output or declaration extension. */
export function stripCodeExtension(path: string): string {
  const match = /(\.d)?\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.exec(path);
  return match ? path.slice(0, match.index) : path;
}

function writtenExtension(path: string): string | undefined {
  for (const ext of Object.keys(WRITTEN_OUTPUT)) if (path.endsWith(ext)) return ext;
  return undefined;
}

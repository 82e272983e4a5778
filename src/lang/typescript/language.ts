// TypeScript, TSX and JavaScript: one extractor, one module resolution, one lexicon.
import type { LanguageFamily } from "../family.ts";
import { sites } from "./sites.ts";

export const typescript: LanguageFamily = {
  id: "typescript",
  languages: [
    { id: "typescript", extensions: ["ts", "mts", "cts"] },
    { id: "tsx", extensions: ["tsx"] },
    { id: "javascript", extensions: ["js", "jsx", "mjs", "cjs"] },
  ],
  manifests: ["tsconfig.json", "tsconfig.*.json", "jsconfig.json", "package.json", "pnpm-workspace.yaml"],
  files: {
    test: [/\.(test|spec)\.d\.ts$/],
    generated: [/\.gen\.(ts|js)$/, /\.pb\.(ts|js)$/, /_pb\.(js|ts|d\.ts)$/, /_grpc_pb\.(js|ts|d\.ts)$/],
    tooling: [/\.config\.[cm]?[jt]sx?$/, /^\.[\w-]+rc\.[cm]?[jt]s$/, /^(gulpfile|gruntfile|jakefile)\.[cm]?[jt]s$/i],
    rootTooling: [/^(build|make|release|bump)\.[cm]?[jt]s$/],
    minified: [/[.-]min\.[cm]?js$/],
    // Declaration files are loaded by the compiler through its settings, not imported.
    entry: [/^(main|cli|server|app)\.[cm]?[jt]sx?$/, /\.d\.[cm]?ts$/],
  },
  modules: { directoryIsModule: false, directoryFiles: ["index"], importsAreMembers: false },
  sites,
  parsing: () => import("./parsing.ts"),
  isBuiltinName: (name) => {
    const builtins = require("./builtins.ts") as typeof import("./builtins.ts");
    return name === "undefined" || name === "null" || name === "NaN" || name === "Infinity" || builtins.isBuiltinFunction(name) || builtins.isBuiltinType(name) || builtins.isBuiltinReceiver(name);
  },
  packageEntries: () => (require("./entries.ts") as typeof import("./entries.ts")).packageEntries,
  resolver: () => (require("./resolver.ts") as typeof import("./resolver.ts")).resolver,
};

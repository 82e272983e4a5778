// Go: a package is a directory, named by go.mod's module path.
import type { LanguageFamily } from "../family.ts";
import { sites } from "./sites.ts";

export const go: LanguageFamily = {
  id: "go",
  languages: [{ id: "go", extensions: ["go"] }],
  manifests: ["go.mod"],
  files: {
    test: [/_test\.go$/],
    // zz_generated.* is the Kubernetes generators' prefix, whatever the extension.
    generated: [/\.gen\.go$/, /_gen\.go$/, /^zz_generated\./, /\.pb\.go$/, /\.pb\.gw\.go$/],
    tooling: [/^magefile\.go$/],
    rootTooling: [],
    minified: [],
    entry: [/^main\.go$/],
  },
  modules: { directoryIsModule: true, directoryFiles: [], importsAreMembers: false, importsNameNoEntity: true, declaredName: (facts) => facts.packageName },
  sites,
  // Another module may import any package but one under an `internal/` directory.
  exportsArePublic: (path) => !path.split("/").slice(0, -1).includes("internal"),
  // A command, or a generator run with `go run gen.go`: nothing imports a main package.
  declaresEntryPoint: (facts) => facts.packageName === "main",
  packageEntries: () => (require("./entries.ts") as typeof import("./entries.ts")).packageEntries,
  parsing: () => import("./parsing.ts"),
  isBuiltinName: (name) => {
    const builtins = require("./builtins.ts") as typeof import("./builtins.ts");
    return builtins.isBuiltinFunction(name) || builtins.isBuiltinType(name) || builtins.isBuiltinReceiver(name);
  },
  resolver: () => (require("./resolver.ts") as typeof import("./resolver.ts")).resolver,
};

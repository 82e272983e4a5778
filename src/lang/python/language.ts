// Python: modules are files, packages directories (with or without __init__.py).
import type { LanguageFamily } from "../family.ts";
import { sites } from "./sites.ts";

export const python: LanguageFamily = {
  id: "python",
  languages: [{ id: "python", extensions: ["py", "pyi"] }],
  manifests: ["pyproject.toml", "setup.cfg"],
  files: {
    test: [/^test_.+\.pyi?$/, /_test\.pyi?$/, /^conftest\.py$/],
    generated: [/_pb2(_grpc)?\.pyi?$/],
    tooling: [/^(setup|noxfile|fabfile|manage)\.py$/],
    rootTooling: [],
    minified: [],
    entry: [/^__main__\.py$/, /^(wsgi|asgi)\.py$/],
  },
  modules: { directoryIsModule: false, directoryFiles: ["__init__"], importsAreMembers: true },
  sites,
  // Any module is importable by its dotted path; a leading underscore is the one mark of a
  // private module or package (`_os.py`, `_internal/`), dunder files aside.
  exportsArePublic: (path) => !path.split("/").some((part) => /^_(?!_)/.test(part)),
  parsing: () => import("./parsing.ts"),
  isBuiltinName: (name) => {
    const builtins = require("./builtins.ts") as typeof import("./builtins.ts");
    return builtins.isBuiltinFunction(name) || builtins.isBuiltinType(name) || builtins.isBuiltinReceiver(name);
  },
  resolver: () => (require("./resolver.ts") as typeof import("./resolver.ts")).resolver,
};

// A Go module's root package: the directory of its go.mod, which an import of the module path
// itself names. Every package outside `internal/` is importable (exportsArePublic), but that
// says only that another module may import it; the root package is the one the module's own
// manifest names, as a package.json's `main` does, so its exported names are the module's API.
// Its test files are not: no other module imports them.
import type { PackageEntries } from "../../resolve/language.ts";
import { dirname } from "../../util/paths.ts";

export const packageEntries: PackageEntries = (ws) =>
  ws.filesNamed("go.mod").flatMap((manifest) => ws.filesIn(dirname(manifest)).filter((path) => path.endsWith(".go") && !path.endsWith("_test.go")));

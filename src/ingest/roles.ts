// What a file is for, from its path alone. Answers rank production code first and can leave
// tests, fixtures, generated and vendored code out, so the rules favour the common layouts.
// Directory rules and the patterns every language shares live here; each language family
// names its own file patterns and manifests (src/lang/registry.ts).
import { filePatterns, isManifest } from "../lang/registry";
import type { Role } from "../model/roles";

export type { Role };

const EXTERNAL_DIRS = new Set(["vendor", "third_party", "third-party", "node_modules", "bower_components"]);
const FIXTURE_DIRS = new Set(["fixtures", "fixture", "__fixtures__", "testdata", "__mocks__", "__snapshots__"]);
const TEST_DIRS = new Set(["test", "tests", "__tests__", "spec", "specs", "e2e"]);
const TOOLING_DIRS = new Set(["scripts", "script", "tools", "tooling", ".github", ".husky"]);

const GENERATED_FILE = [/\.generated\.[^.]+$/, ...filePatterns("generated")];
const TEST_FILE = [/\.(test|spec)\.[^.]+$/, ...filePatterns("test")];
const TOOLING_FILE = filePatterns("tooling");
const ROOT_TOOLING_FILE = filePatterns("rootTooling");

export function roleOf(path: string): Role {
  const segments = path.split("/");
  const base = segments.pop() ?? "";
  const dirs = segments;
  if (dirs.some((d) => EXTERNAL_DIRS.has(d))) return "external";
  if (GENERATED_FILE.some((re) => re.test(base))) return "generated";
  if (dirs.some((d) => FIXTURE_DIRS.has(d))) return "fixture";
  if (TEST_FILE.some((re) => re.test(base)) || dirs.some((d) => TEST_DIRS.has(d))) return "test";
  // The manifests the resolver reads are configuration too.
  if (dirs.some((d) => TOOLING_DIRS.has(d)) || TOOLING_FILE.some((re) => re.test(base)) || isManifest(base)) return "tooling";
  if (dirs.length === 0 && ROOT_TOOLING_FILE.some((re) => re.test(base))) return "tooling";
  return "production";
}

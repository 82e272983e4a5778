// What a file is for, from its path alone. Answers rank production code first and can leave
// tests, fixtures, generated and vendored code out, so the rules favour the common layouts.

import type { Role } from "../model/roles";

export type { Role };

const EXTERNAL_DIRS = new Set(["vendor", "third_party", "third-party", "node_modules", "bower_components"]);
const FIXTURE_DIRS = new Set(["fixtures", "fixture", "__fixtures__", "testdata", "__mocks__", "__snapshots__"]);
const TEST_DIRS = new Set(["test", "tests", "__tests__", "spec", "specs", "e2e"]);
const TOOLING_DIRS = new Set(["scripts", "script", "tools", "tooling", ".github", ".husky"]);

const GENERATED_FILE = [
  /\.generated\.[^.]+$/,
  /\.gen\.(go|ts|js)$/,
  /_gen\.go$/,
  /^zz_generated\./,
  /\.pb\.(go|ts|js)$/,
  /\.pb\.gw\.go$/,
  /_pb2(_grpc)?\.pyi?$/,
  /_pb\.(js|ts|d\.ts)$/,
  /_grpc_pb\.(js|ts|d\.ts)$/,
];

const TEST_FILE = [
  /\.(test|spec)\.[^.]+$/,
  /\.(test|spec)\.d\.ts$/,
  /^test_.+\.pyi?$/,
  /_test\.pyi?$/,
  /_test\.go$/,
  /^conftest\.py$/,
];

/** Build, lint and bundler configuration written as code, plus the manifests the resolver reads. */
const TOOLING_FILE = [
  /\.config\.[cm]?[jt]sx?$/,
  /^\.[\w-]+rc\.[cm]?[jt]s$/,
  /^(gulpfile|gruntfile|jakefile)\.[cm]?[jt]s$/i,
  /^(setup|noxfile|fabfile|manage)\.py$/,
  /^(package|jsconfig)\.json$/,
  /^tsconfig(\..+)?\.json$/,
  /^(go\.mod|pyproject\.toml|setup\.cfg)$/,
  /^magefile\.go$/,
];

/** Only meaningful at the repository root: `src/build.ts` is usually product code. */
const ROOT_TOOLING_FILE = /^(build|make|release|bump)\.[cm]?[jt]s$/;

export function roleOf(path: string): Role {
  const segments = path.split("/");
  const base = segments.pop() ?? "";
  const dirs = segments;
  if (dirs.some((d) => EXTERNAL_DIRS.has(d))) return "external";
  if (GENERATED_FILE.some((re) => re.test(base))) return "generated";
  if (dirs.some((d) => FIXTURE_DIRS.has(d))) return "fixture";
  if (TEST_FILE.some((re) => re.test(base)) || dirs.some((d) => TEST_DIRS.has(d))) return "test";
  if (dirs.some((d) => TOOLING_DIRS.has(d)) || TOOLING_FILE.some((re) => re.test(base))) return "tooling";
  if (dirs.length === 0 && ROOT_TOOLING_FILE.test(base)) return "tooling";
  return "production";
}

#!/usr/bin/env bash
# The whole test suite, as CI runs it: types, the compiled binary, every bun test, a smoke test
# of the binary where bun is not on PATH, and one closing line `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."

failed_steps=0
step() { echo "== $*" >&2; }

# ix text uses ripgrep when it is on PATH; install it where this machine can, so both of its
# engines are exercised (without it, the built-in scan serves and the tests still pass).
if ! command -v rg >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  step "installing ripgrep"
  (apt-get install -y -q ripgrep >/dev/null 2>&1 || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q ripgrep >/dev/null 2>&1; }) ||
    echo "ripgrep could not be installed; ix text falls back to its built-in scan" >&2
fi

# The release tests check the Homebrew formula with `ruby -c`, unpack the Windows zip with unzip
# and run install.sh with curl and with wget; install them where this machine can (without
# them those tests fail, saying why).
for tool in ruby unzip curl wget; do
  if ! command -v "$tool" >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    step "installing $tool"
    (apt-get install -y -q "$tool" >/dev/null 2>&1 || { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q "$tool" >/dev/null 2>&1; }) ||
      echo "$tool could not be installed; the release tests that need it will fail" >&2
  fi
done

step "typecheck"
./node_modules/.bin/tsc --noEmit -p . || failed_steps=$((failed_steps + 1))

step "build"
bun build.ts || { echo "0 passed, 1 failed"; exit 1; }

step "bun test"
mkdir -p test/.tmp
rm -f test/.tmp/junit.xml
bun test --timeout 60000 --reporter=junit --reporter-outfile=test/.tmp/junit.xml
test_status=$?

step "smoke test of the compiled binary without bun on PATH"
smoke_dir=$(mktemp -d)
cp dist/ix "$smoke_dir/ix"
smoke_failed=0
(
  cd "$smoke_dir" || exit 1
  version=$(env -i PATH=/nonexistent HOME="$smoke_dir" ./ix --version) || exit 1
  [ "$version" = "$(node -p 'require(process.argv[1]).version' "$OLDPWD/package.json")" ] || { echo "version mismatch: $version" >&2; exit 1; }
  out=$(env -i PATH=/nonexistent HOME="$smoke_dir" ./ix --bogus --format llm); code=$?
  [ "$code" -eq 2 ] || { echo "unknown option exited $code" >&2; exit 1; }
  case "$out" in "error code=unknown_option"*) ;; *) echo "unexpected output: $out" >&2; exit 1 ;; esac
) || smoke_failed=1
rm -rf "$smoke_dir"

read -r tests failures < <(node -e '
  const xml = require("fs").readFileSync("test/.tmp/junit.xml", "utf8");
  const m = /<testsuites[^>]*\btests="(\d+)"[^>]*\bfailures="(\d+)"/.exec(xml);
  console.log(m ? `${m[1]} ${m[2]}` : "0 1");
' 2>/dev/null || echo "0 1")
skipped=$(node -e 'const x=require("fs").readFileSync("test/.tmp/junit.xml","utf8");const m=/<testsuites[^>]*\bskipped="(\d+)"/.exec(x);console.log(m?m[1]:0)' 2>/dev/null || echo 0)
passed=$((tests - failures - skipped + 1 - smoke_failed))
failed=$((failures + smoke_failed + failed_steps))
if [ "$test_status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

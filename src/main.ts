// Entry point. A bare `--version` is answered before the CLI is loaded: agents call it to check
// the tool exists, and it must cost no more than the process start. Under IX_FORMAT it loads the
// record writer alone; config.yaml, which only the CLI reads, does not choose its format (AXI
// rule 10). `--version --format json` and other options beside it go through the CLI.
import { version } from "../package.json" with { type: "json" };

async function main(argv: string[]): Promise<void> {
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
    const envFormat = process.env.IX_FORMAT;
    if (!envFormat || envFormat === "text") {
      // Not process.stdout: building that stream costs 15-20 ms in a compiled binary, console 0.1.
      console.log(version);
      return;
    }
    const { answerBareVersion } = await import("./cli/version");
    if (answerBareVersion(envFormat, version)) return;
  }
  const { dispatch } = await import("./cli/dispatch");
  const code = await dispatch(argv, process.env, process.cwd(), version);
  // Everything is written (synchronously) by now. Left to wind down by itself, the runtime
  // spent 1-3 s collecting after a map of a few hundred files before the process ended.
  process.exit(code);
}

// Bytecode compilation rules out top-level await.
main(process.argv.slice(2));

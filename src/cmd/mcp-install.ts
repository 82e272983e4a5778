// ix mcp install / ix mcp doctor: a host's configuration written to start `ix mcp`, and checked.
import { basename } from "node:path";
import { HOSTS, type HostId } from "../mcp/hosts";
import { checkHost, findExecutable, installHost } from "../mcp/install";
import { invalidRequest } from "../model/errors";
import { presentMcpDoctor, presentMcpInstall } from "../present/mcp";
import { defineIx } from "./command";

/** The binary a host should start: this one, unless ix runs from source under bun. */
function thisBinary(): string {
  return basename(process.execPath).startsWith("bun") ? "ix" : process.execPath;
}

/** The home a host's files live under: $HOME, which tests point at a temporary directory. */
const userHome = (env: Record<string, string | undefined>) => env.HOME ?? env.USERPROFILE ?? "";

export const install = defineIx({
  meta: { name: "install", description: "Write a host's configuration so it starts ix mcp" },
  args: {
    host: { type: "string", required: true, description: `The agent host: ${HOSTS.join(", ")}`, valueHint: "host" },
    bin: { type: "string", description: "The ix executable the host starts (default: this one)", valueHint: "path" },
    "dry-run": { type: "boolean", description: "Say what would change, change nothing" },
    force: { type: "boolean", description: "Replace an ix entry that differs" },
  },
  examples: [
    { run: "ix mcp install --host claude", why: "add ix to Claude Code's servers" },
    { run: "ix mcp install --host codex --dry-run", why: "see what would change in ~/.codex/config.toml" },
  ],
  run: (args, ctx) => {
    const host = args.host as string;
    if (!(HOSTS as readonly string[]).includes(host)) {
      throw invalidRequest("invalid_value", `Invalid value for --host: "${host}". Expected one of: ${HOSTS.join(", ")}`, { option: "--host", value: host });
    }
    const result = installHost(host as HostId, {
      home: userHome(ctx.env),
      platform: process.platform,
      bin: args.bin ?? thisBinary(),
      force: Boolean(args.force),
      dryRun: Boolean(args["dry-run"]),
      now: new Date(),
    });
    presentMcpInstall(ctx.writer, result);
  },
});

export const doctor = defineIx({
  meta: { name: "doctor", description: "Check that ix is on PATH and each host's entry starts a binary that exists" },
  examples: [{ run: "ix mcp doctor --format llm", why: "why does my agent not see ix's tools?" }],
  run: (_args, ctx) => {
    const onPath = findExecutable("ix", ctx.env.PATH);
    const hosts = HOSTS.map((id) => checkHost(id, userHome(ctx.env), process.platform, ctx.env.PATH));
    presentMcpDoctor(ctx.writer, { onPath, hosts });
  },
});

// The option that lets `ix map` and `ix watch` register a root too broad to be a workspace, and
// the refusal without it. A command line only: no MCP tool offers it (cmd/mcp-tools.ts).
import { invalidRequest } from "../model/errors";
import { broadRoot } from "../workspace/broad";

export const BROAD_ROOT_ARGS = {
  "allow-broad-root": {
    type: "boolean",
    description: "Map even the filesystem's root, your home directory or a directory holding it (refused otherwise: every directory below with no workspace of its own would resolve to it)",
  },
} as const;

/** Whether `root` is registered as broad; throws when it is broad and the option was not given. */
export function broadRootAllowed(root: string, allowed: boolean | undefined, env: Record<string, string | undefined>): boolean {
  const why = broadRoot(root, env);
  if (!why) return false;
  if (allowed) return true;
  throw invalidRequest(
    "broad_root",
    `${root} is ${why}: mapping it walks everything below it and makes it the workspace of every directory there`,
    { path: root },
    ["Map a project directory instead; pass --allow-broad-root to map this one anyway."],
  );
}

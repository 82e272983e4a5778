// Which repository a workspace's graph describes. Node ids hash this repository id, not the
// checkout's path, so the same commit mapped in two places gives the same ids.
//
//   git work tree:  "git:<root commit>", plus "/<path>" when the mapped root is a subdirectory
//                   of what git takes for the work tree
//   anything else:  the absolute root (as is a work tree with no commit yet)
//
// Asking git costs a process (5-15 ms), which neither a no-change map nor a query may pay: the
// id is computed when a graph is first built (a cold map, a reset, a rebuild of another schema)
// and kept in the graph's meta for as long as that graph lives, and only a map with something
// to write reads it; its workspace id is recorded in the registry for the commands that show
// it. A root commit that changes later (history rewritten, a new `git init`) is therefore seen
// only by the next rebuild from nothing (`ix reset --workspace --yes --ingest`): a graph never
// mixes ids of two identities.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { GraphStore } from "../store";
import { workspaceId } from "../model/ids";
import { git } from "../util/git";
import { recordWorkspaceId, type Workspace } from "./registry";

const META_KEY = "repository";

type Env = Record<string, string | undefined>;

/**
 * The repository id the graph's node ids are made of: the one kept in its meta, else (a graph
 * being built from nothing) computed now and kept. The registry is brought in line with it, so
 * an entry that lost or never had its id (an older ix wrote only the store's name) shows the
 * graph's.
 */
export async function graphRepository(ws: Workspace, store: GraphStore, env: Env = process.env): Promise<string> {
  let id = await store.meta(META_KEY);
  if (!id) {
    id = repositoryId(ws.root, env);
    await store.setMeta(META_KEY, id);
  }
  const shown = workspaceId(id);
  if (ws.id !== shown) recordWorkspaceId(ws, shown);
  return id;
}

export function repositoryId(root: string, env: Env = process.env): string {
  const commit = rootCommit(root);
  if (!commit) return root;
  const prefix = prefixInWorkTree(root, env);
  return prefix ? `git:${commit}/${prefix}` : `git:${commit}`;
}

/**
 * The first commit of HEAD's first-parent chain. Merged histories have several root commits; the
 * first-parent one is the mainline's, the same on every checkout of a commit and unchanged by
 * merging another history in. A shallow clone's is its boundary commit. Undefined outside a work
 * tree and before the first commit.
 */
function rootCommit(root: string): string | undefined {
  const result = git(["rev-list", "--first-parent", "--max-parents=0", "HEAD"], root);
  if (!result?.success) return undefined;
  const commit = result.stdout.trim().split("\n")[0] ?? "";
  return /^[0-9a-f]{40,64}$/.test(commit) ? commit : undefined;
}

/** Where `root` sits in git's work tree ("" at its top), without the trailing "/". */
function prefixInWorkTree(root: string, env: Env): string {
  // The rule src/workspace/root.ts maps by: a directory holding .git is its work tree's top.
  if (!env.GIT_DIR && !env.GIT_WORK_TREE && existsSync(join(root, ".git"))) return "";
  const result = git(["rev-parse", "--show-prefix"], root);
  return result?.success ? result.stdout.trim().replace(/\/$/, "") : "";
}

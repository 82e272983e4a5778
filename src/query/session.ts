// What a graph-reading command needs: the workspace, its store, the target resolver's context
// and the files on disk. Opened once per command, closed when it ends.
import type { Context } from "../cli/command";
import type { Store } from "../graph/store";
import type { Workspace } from "../workspace/registry";
import { openGraph } from "../workspace/open";
import { WorkspaceFiles } from "./files";
import type { TargetContext } from "./target";

export interface Session {
  ws: Workspace;
  store: Store;
  target: TargetContext;
  files: WorkspaceFiles;
}

export async function withSession<T>(ctx: Context, use: (session: Session) => T | Promise<T>): Promise<T> {
  const { ws, store } = openGraph(ctx);
  try {
    return await use({ ws, store, target: { store, root: ws.root, cwd: ctx.cwd }, files: new WorkspaceFiles(ws.root, store) });
  } finally {
    store.close();
  }
}

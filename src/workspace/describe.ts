import type { Context } from "../cli/command";
import type { Workspace } from "./registry";

export function describeWorkspace(ws: Workspace, ctx: Context): void {
  ctx.writer.record("ix", { dir: ctx.cwd, workspace: ws.id, root: ws.root });
}

// ix doctor: every check that tells whether ix can answer here, each with a verdict and a fix.
import { existsSync } from "node:fs";
import { defineIx } from "../cli/command";
import { graphHealth } from "../graph/health";
import { SCHEMA_VERSION } from "../graph/schema";
import { Store, StoreError } from "../graph/store";
import type { Fields } from "../wire/record";
import { requireWorkspace } from "../workspace/open";
import { changedSinceMap } from "../workspace/staleness";

type Verdict = "ok" | "warn" | "fail";

export default defineIx({
  meta: { name: "doctor", description: "Check the store, schema, graph health and staleness of this workspace" },
  examples: [{ run: "ix doctor --format llm", why: "why does ix answer nothing here?" }],
  run: async (_args, ctx) => {
    const ws = requireWorkspace(ctx);
    const checks: Fields[] = [];
    const add = (name: string, status: Verdict, fields: Fields = {}) => checks.push({ name, status, ...fields });
    let store: Store | undefined;
    if (!existsSync(ws.dbPath)) add("store", "fail", { path: ws.dbPath, message: "no graph database", fix: `ix map ${ws.root}` });
    else {
      try {
        store = Store.open(ws.dbPath, { readonly: true });
        add("store", "ok", { path: ws.dbPath });
        add("schema", "ok", { version: SCHEMA_VERSION });
      } catch (error) {
        const mismatch = error instanceof StoreError && error.code === "schema_mismatch";
        add(mismatch ? "schema" : "store", "fail", { message: (error as Error).message, fix: "ix reset --workspace --yes --ingest" });
      }
    }
    if (store) {
      try {
        const integrity = store.db.query("PRAGMA quick_check").get() as { quick_check: string };
        add("integrity", integrity.quick_check === "ok" ? "ok" : "fail", {
          message: integrity.quick_check === "ok" ? undefined : integrity.quick_check,
          fix: integrity.quick_check === "ok" ? undefined : "ix reset --workspace --yes --ingest",
        });
        const stats = store.stats();
        const nodes = Object.values(stats.nodes).reduce((a, b) => a + b, 0);
        const edges = Object.values(stats.edges).reduce((a, b) => a + b, 0);
        add("nodes", nodes > 0 ? "ok" : "fail", { count: nodes, fix: nodes > 0 ? undefined : `ix map ${ws.root}` });
        add("edges", edges > 0 ? "ok" : "warn", { count: edges });
        const health = graphHealth(stats);
        add("graph_health", health.health === "ok" ? "ok" : "fail", { health: health.health, reason: health.reason, fix: health.fix });
        const changed = await changedSinceMap(ws, store);
        add("staleness", changed.length === 0 ? "ok" : "warn", { stale_files: changed.length, fix: changed.length ? "ix map ." : undefined });
      } finally {
        store.close();
      }
    }
    const worst: Verdict = checks.some((c) => c.status === "fail") ? "fail" : checks.some((c) => c.status === "warn") ? "warn" : "ok";
    ctx.writer.record("doctor", { status: worst, workspace: ws.id, root: ws.root, checks: checks.length });
    ctx.writer.rows("check", checks);
    const fix = checks.find((c) => c.status !== "ok" && typeof c.fix === "string")?.fix as string | undefined;
    if (fix) ctx.writer.next(fix, "the fix for the first failing check");
  },
});

// ix mcp install and ix mcp doctor as records: one outcome per host, with the fix to run.
import type { HostCheck, InstallResult } from "../mcp/install";
import { IxError } from "../model/errors";
import type { Writer } from "../wire/writer";
import { errorRecord } from "./errors";

/** A tool call naming no tool: the error record any failed call gives. */
export function presentUnknownTool(writer: Writer, name: string): void {
  writer.error(errorRecord(new IxError("unknown_tool", `No tool named ${name}`, { tool: name })));
}

export function presentMcpInstall(writer: Writer, r: InstallResult): void {
  writer.record("mcp_install", {
    host: r.host,
    outcome: r.outcome,
    file: r.file,
    dry_run: r.dryRun || undefined,
    backup: r.backup,
    existing: r.existing,
    reason: r.reason,
  });
  if (r.outcome === "conflict") writer.next(["ix", "mcp", "install", "--host", r.host, "--force"], "replace the ix entry already there");
  else if (r.dryRun && r.outcome !== "unchanged") writer.next(["ix", "mcp", "install", "--host", r.host], "write it");
}

export function presentMcpDoctor(writer: Writer, answer: { onPath?: string; hosts: HostCheck[] }): void {
  const ok = answer.onPath !== undefined && answer.hosts.every((h) => h.status !== "broken" && h.status !== "unreadable");
  writer.record("mcp_doctor", { status: ok ? "ok" : "warn", on_path: answer.onPath ?? false, hosts: answer.hosts.filter((h) => h.status === "ok").length });
  writer.rows("host", answer.hosts.map((h) => ({ host: h.host, status: h.status, command: h.command, file: h.file })));
  const first = answer.hosts.find((h) => h.status === "broken");
  if (first) writer.next(["ix", "mcp", "install", "--host", first.host, "--force"], "point the entry at this ix");
}

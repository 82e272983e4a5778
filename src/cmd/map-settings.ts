// What every command that maps passes on to the revision: who made it (IX_SOURCE, else the
// command's own word; the MCP server sets mcp) and why, and how much history to keep.
import { loadConfig } from "../config/store";
import { historyKeep } from "../config/settings";
import type { MapOptions } from "../ingest/map";
import type { Context } from "./command";

export function mapSettings(ctx: Context, source: string, intent?: string): Pick<MapOptions, "origin" | "keep"> {
  const { keep, note } = historyKeep(loadConfig(ctx.home).values);
  if (note) ctx.note(note);
  const named = ctx.env.IX_SOURCE?.trim();
  return { origin: { source: named || source, intent: intent?.trim() || undefined }, keep };
}

// What Claude Code's PostToolUse event says was edited. The event is JSON on stdin with
// tool_name, tool_input (Edit: file_path, old_string, new_string; MultiEdit: file_path, edits[];
// Write: file_path, content), tool_response (an Edit's structuredPatch hunks) and cwd
// (https://code.claude.com/docs/en/hooks#posttooluse-input). Anything else is no edit.
import { isAbsolute, resolve } from "node:path";
import type { EditedFile } from "../answers/post-edit";

const EDIT_TOOLS = new Set(["Edit", "MultiEdit", "Write"]);
/** Changed lines read from a patch: enough to find the edited symbols of any real edit. */
const MAX_LINES = 200;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const strings = (values: unknown[]): string[] => values.filter((v): v is string => typeof v === "string");

/** The lines of the new file a patch's hunks changed; a deletion counts at the line after it. */
export function patchLines(patch: unknown): number[] {
  const lines: number[] = [];
  if (!Array.isArray(patch)) return lines;
  for (const hunk of patch) {
    if (!isObject(hunk) || typeof hunk.newStart !== "number" || !Array.isArray(hunk.lines)) continue;
    let at = hunk.newStart;
    for (const line of strings(hunk.lines)) {
      if (line.startsWith("+")) lines.push(at++);
      else if (line.startsWith("-")) lines.push(at);
      else at++;
      if (lines.length >= MAX_LINES) return lines;
    }
  }
  return lines;
}

export function editOf(raw: string, cwd: string): EditedFile | undefined {
  let event: unknown;
  try {
    event = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isObject(event) || !EDIT_TOOLS.has(event.tool_name as string) || !isObject(event.tool_input)) return undefined;
  const input = event.tool_input;
  if (typeof input.file_path !== "string" || input.file_path === "" || input.file_path.includes("\0")) return undefined;
  const base = typeof event.cwd === "string" && isAbsolute(event.cwd) ? event.cwd : cwd;
  const file = resolve(base, input.file_path);
  const lines = isObject(event.tool_response) ? patchLines(event.tool_response.structuredPatch) : [];
  const inserted = strings([input.new_string, ...(Array.isArray(input.edits) ? input.edits.map((e) => (isObject(e) ? e.new_string : undefined)) : [])]);
  return { file, lines, inserted };
}

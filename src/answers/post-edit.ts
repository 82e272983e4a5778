// After an agent edits a file: bring the graph of the workspace covering it up to date, then
// say what depends on the edited code, as around does. Never a cold map: a workspace without a
// graph is left alone (a first map of a large repository takes minutes, a hook has seconds),
// and a map another process holds the lock for is not waited for; the graph it will commit
// answers the next edit.
import { dirname, relative } from "node:path";
import { graphExists } from "../store";
import { mapWorkspace, type MapOptions, type MapResult } from "../ingest/map";
import { readRegularFile } from "../util/regular-file";
import { findWorkspace, mapLockPath } from "../workspace/registry";
import { lockHolder } from "../util/lock";
import { around, type AroundAnswer, type RowCost } from "./around";
import { withSession } from "./session";

/** What the host says was edited. */
export interface EditedFile {
  /** Absolute, as the host names it. */
  file: string;
  /** Lines of the file as it is now that the edit changed, when the host says. */
  lines: number[];
  /** Text the edit put in, to be found in the file when the host gives no lines. */
  inserted: string[];
}

export interface PostEdit {
  path: string;
  /** The map this edit caused; none when another map held the lock. */
  map?: MapResult;
  /** One answer per edited symbol (the first few), or one for the file when no line is known. */
  answers: AroundAnswer[];
}

/** Edited places looked at: an edit touching more symbols than this is summed up by its first ones. */
const MAX_PLACES = 3;
/** What an edit's text is searched in: larger files say nothing of where the edit went. */
const MAX_FILE_BYTES = 2_000_000;

/** The 1-based lines where each inserted text starts in `text` (its first occurrence). */
export function linesOfInserted(text: string, inserted: readonly string[]): number[] {
  const lines: number[] = [];
  for (const piece of inserted) {
    // The first line with something on it: an edit that starts with a newline is about what follows.
    const lead = piece.length - piece.replace(/^\s*\n/, "").length;
    const at = piece.trim() === "" ? -1 : text.indexOf(piece);
    if (at < 0) continue;
    lines.push(text.slice(0, at + lead).split("\n").length);
  }
  return lines;
}

export async function postEdit(home: string, edit: EditedFile, budgetTokens: number, cost: RowCost, mapOptions: MapOptions = {}, onMap?: (root: string) => void): Promise<PostEdit | undefined> {
  const ws = findWorkspace(home, dirname(edit.file));
  if (!ws || !graphExists(ws.dbPath)) return undefined;
  const path = relative(ws.root, edit.file).split("\\").join("/");
  if (path.startsWith("../")) return undefined;
  const busy = lockHolder(mapLockPath(ws.dir)) !== undefined;
  if (!busy) onMap?.(ws.root);
  // The revision says which edit made it.
  const origin = mapOptions.origin && { ...mapOptions.origin, intent: mapOptions.origin.intent ?? `edit ${path}` };
  const map = busy ? undefined : await mapWorkspace(ws, { ...mapOptions, origin });
  return withSession({ home, cwd: ws.root }, async (session) => {
    const file = await session.graph.fileNode(path);
    if (!file) return { path, map, answers: [] };
    let lines = edit.lines;
    if (lines.length === 0 && edit.inserted.length > 0) {
      const read = readRegularFile(edit.file, MAX_FILE_BYTES);
      if (read.state === "read") lines = linesOfInserted(read.text, edit.inserted);
    }
    // Each edited symbol once: two hunks in one function ask one question.
    const places: (number | undefined)[] = [];
    const seen = new Set<string>();
    for (const line of [...new Set(lines)].sort((a, b) => a - b)) {
      const key = (await session.graph.innermostAt(path, line))?.id ?? `file`;
      if (seen.has(key)) continue;
      seen.add(key);
      places.push(line);
      if (places.length === MAX_PLACES) break;
    }
    if (places.length === 0) places.push(undefined);
    const share = Math.floor(budgetTokens / places.length);
    const answers: AroundAnswer[] = [];
    for (const line of places) answers.push(await around(session, file, line, share, cost));
    return { path, map, answers };
  });
}

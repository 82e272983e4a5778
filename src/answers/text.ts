// ix text: a regular expression over the workspace's files. ripgrep when it is on PATH (fast,
// honours .gitignore); otherwise a scan of the files a map would look at.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { discover } from "../ingest/discover";
import { roleOf } from "../ingest/roles";
import { byCodeUnit } from "../util/compare";
import type { Session } from "./session";

export interface TextMatch {
  path: string;
  line: number;
  text: string;
}

export interface TextResult {
  matches: TextMatch[];
  /** How many matches were read and ranked: a window, not the number that exist. */
  scanned: number;
  engine: "ripgrep" | "builtin";
}

/** Matches read before ranking; past this the answer says scanned= and stops looking. */
export const SCAN_WINDOW = 2000;

function rank(matches: TextMatch[]): TextMatch[] {
  const weight = (m: TextMatch) => (roleOf(m.path) === "production" ? 0 : 1);
  return matches.sort((a, b) => weight(a) - weight(b) || byCodeUnit(a.path, b.path) || a.line - b.line);
}

async function withRipgrep(rg: string, root: string, pattern: string, under: string | undefined): Promise<TextResult> {
  const proc = Bun.spawn([rg, "--line-number", "--no-heading", "--with-filename", "--color", "never", "--max-columns", "400", "-e", pattern, "--", under ?? "."], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
  });
  const matches: TextMatch[] = [];
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of proc.stdout) {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf("\n");
    while (newline >= 0 && matches.length < SCAN_WINDOW) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      const m = /^(.*?):(\d+):(.*)$/.exec(line);
      if (m) matches.push({ path: (m[1] as string).replace(/^\.\//, ""), line: Number(m[2]), text: m[3] as string });
      newline = pending.indexOf("\n");
    }
    if (matches.length >= SCAN_WINDOW) {
      proc.kill();
      break;
    }
  }
  const code = await proc.exited;
  if (code === 2 && matches.length === 0) {
    const message = (await new Response(proc.stderr).text()).trim().split("\n").pop() ?? "ripgrep failed";
    throw new Error(`ripgrep: ${message}`);
  }
  return { matches: rank(matches), scanned: matches.length, engine: "ripgrep" };
}

async function builtin(root: string, regex: RegExp, under: string | undefined): Promise<TextResult> {
  const found = await discover(root);
  const matches: TextMatch[] = [];
  const prefix = under && under !== "." ? (under.endsWith("/") ? under : under + "/") : undefined;
  scan: for (const file of found.files) {
    if (prefix && !file.path.startsWith(prefix) && file.path !== under) continue;
    let text: string;
    try {
      text = readFileSync(join(root, file.path), "utf8");
    } catch {
      continue;
    }
    if (!regex.test(text)) continue;
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      if (!regex.test(lines[i] as string)) continue;
      matches.push({ path: file.path, line: i + 1, text: (lines[i] as string).slice(0, 400) });
      if (matches.length >= SCAN_WINDOW) break scan;
    }
  }
  return { matches: rank(matches), scanned: matches.length, engine: "builtin" };
}

export function compilePattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}

export async function textSearch(root: string, pattern: string, regex: RegExp, under?: string): Promise<TextResult> {
  const rg = Bun.which("rg");
  return rg ? withRipgrep(rg, root, pattern, under) : builtin(root, regex, under);
}

export interface TextAnswer {
  pattern: string;
  engine: TextResult["engine"];
  scanned: number;
  /** The first matches, each with the innermost entity holding it. */
  shown: (TextMatch & { symbol?: string })[];
}

export async function textAnswer(session: Session, pattern: string, regex: RegExp, under: string | undefined, limit: number): Promise<TextAnswer> {
  const result = await textSearch(session.ws.root, pattern, regex, under);
  const shown: TextAnswer["shown"] = [];
  for (const m of result.matches.slice(0, limit)) shown.push({ ...m, symbol: (await session.graph.innermostAt(m.path, m.line))?.name });
  return { pattern, engine: result.engine, scanned: result.scanned, shown };
}

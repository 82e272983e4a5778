// ix text: a regular expression over the workspace's files. ripgrep when it is on PATH (fast,
// honours .gitignore); otherwise, or when ripgrep waits on a FIFO (it opens every .gitignore
// blocking), a scan of the files a map would look at.
//
// Two passes: the first counts the matching lines of every file, so the answer knows how many
// there are and where; the second reads only the lines that will be shown, shared out over the
// files (production first) so one file with a thousand matches does not crowd out the rest.
import { join } from "node:path";
import { discover } from "../ingest/discover";
import { stopOnFifoWait } from "../util/fifo-wait";
import { readRegularBytes } from "../util/regular-file";
import { MAX_READ_BYTES } from "./files";
import { roleOf } from "../ingest/roles";
import { invalidRequest } from "../model/errors";
import type { Role } from "../model/roles";
import { byCodeUnit } from "../util/compare";
import type { Session } from "./session";

export interface TextMatch {
  path: string;
  line: number;
  text: string;
}

/** A search engine: the matching lines of each file, counted, then read for some files. */
interface Engine {
  name: "ripgrep" | "builtin";
  /** How many lines of each file match. */
  count(): Promise<Map<string, number>>;
  /** The first `quota.get(path)` matching lines of each file of `quota`. */
  read(quota: Map<string, number>): Promise<TextMatch[]>;
}

/** Longest line kept of a match, as ripgrep's --max-columns keeps it. */
const MAX_COLUMNS = 400;
/** Paths handed to one ripgrep process, well under the argument limit of any system. */
const ARGV_BYTES = 64 * 1024;

const largest = (values: Iterable<number>) => {
  let most = 0;
  for (const n of values) most = Math.max(most, n);
  return most;
};

/** Production code first; the code a reader is least likely to want, last. */
const ROLE_ORDER: readonly Role[] = ["production", "tooling", "test", "fixture", "generated", "external"];
const roleRank = (path: string) => ROLE_ORDER.indexOf(roleOf(path));

/**
 * How many of `limit` rows each file gets: files ranked production first, then by how many
 * lines match, then by path; every file gets a row before any file gets a second, and the
 * files ranked first get the rows that do not go round.
 */
export function allot(counts: ReadonlyMap<string, number>, limit: number): Map<string, number> {
  let total = 0;
  for (const n of counts.values()) total += n;
  if (total <= limit) return new Map(counts);
  const ranked = [...counts]
    .map(([path, n]) => ({ path, n, rank: roleRank(path) }))
    .sort((a, b) => a.rank - b.rank || b.n - a.n || byCodeUnit(a.path, b.path));
  const taken = (cap: number) => ranked.reduce((sum, { n }) => sum + Math.min(n, cap), 0);
  // The largest per-file cap that fits: taken() grows with the cap, so a binary search finds it.
  let low = 0;
  let high = largest(counts.values());
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (taken(mid) <= limit) low = mid;
    else high = mid - 1;
  }
  let spare = limit - taken(low);
  const quota = new Map<string, number>();
  for (const { path, n } of ranked) {
    const extra = n > low && spare > 0 ? 1 : 0;
    spare -= extra;
    const rows = Math.min(n, low) + extra;
    if (rows > 0) quota.set(path, rows);
  }
  return quota;
}

/** ripgrep was stopped: it waited to open a FIFO (a .gitignore), which would never have ended. */
class RipgrepOnFifo extends Error {}

/** Runs ripgrep and hands each NUL-separated `path\0rest` line of its output to `take`. */
async function runRipgrep(rg: string, root: string, args: string[], take: (path: string, rest: string) => void): Promise<void> {
  const proc = Bun.spawn([rg, "--null", "--with-filename", "--color", "never", "--no-messages", ...args], { cwd: root, stdout: "pipe", stderr: "pipe" });
  const watched = stopOnFifoWait(proc);
  let failure: unknown;
  await readRipgrep(proc, take).catch((error) => (failure = error));
  // Stopped, what it said (or failed to) is no answer.
  if (watched()) throw new RipgrepOnFifo("ripgrep waited on a FIFO");
  if (failure !== undefined) throw failure;
}

async function readRipgrep(proc: Bun.Subprocess<"ignore", "pipe", "pipe">, take: (path: string, rest: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let pending = "";
  let lines = 0;
  const flush = (final: boolean) => {
    const parts = pending.split("\n");
    pending = final ? "" : (parts.pop() ?? "");
    for (const line of parts) {
      const nul = line.indexOf("\0");
      if (nul < 0) continue;
      lines++;
      take(line.slice(0, nul).replace(/^\.\//, ""), line.slice(nul + 1));
    }
  };
  for await (const chunk of proc.stdout) {
    pending += decoder.decode(chunk, { stream: true });
    flush(false);
  }
  pending += decoder.decode();
  flush(true);
  // 1 is "no match"; 2 with output is a file it could not read, which the rest outweighs.
  if ((await proc.exited) === 2 && lines === 0) {
    const stderr = (await new Response(proc.stderr).text()).trim();
    const message = stderr.split("\n").find((line) => line.startsWith("error:"))?.slice(6).trim() || stderr.split("\n").pop() || "ripgrep failed";
    // A pattern JavaScript accepts and ripgrep does not (look-around, backreferences) is the
    // request's fault, not a failure.
    if (stderr.startsWith("regex parse error")) throw invalidRequest("invalid_value", `ripgrep cannot use this pattern: ${message}`, { argument: "pattern" });
    throw new Error(`ripgrep: ${message}`);
  }
}

function ripgrep(rg: string, root: string, pattern: string, under: string): Engine {
  return {
    name: "ripgrep",
    async count() {
      const counts = new Map<string, number>();
      await runRipgrep(rg, root, ["--count", "-e", pattern, "--", under], (path, rest) => counts.set(path, Number(rest)));
      return counts;
    },
    async read(quota) {
      const matches: TextMatch[] = [];
      const taken = new Map<string, number>();
      const most = largest(quota.values());
      const paths = [...quota.keys()];
      const common = ["--line-number", "--no-heading", "--max-columns", String(MAX_COLUMNS), "--max-columns-preview", "--max-count", String(most), "-e", pattern, "--"];
      for (let start = 0; start < paths.length; ) {
        let bytes = 0;
        let end = start;
        while (end < paths.length && (end === start || bytes + (paths[end] as string).length < ARGV_BYTES)) bytes += (paths[end++] as string).length + 1;
        await runRipgrep(rg, root, [...common, ...paths.slice(start, end)], (path, rest) => {
          const m = /^(\d+):(.*)$/s.exec(rest);
          const room = quota.get(path) ?? 0;
          const had = taken.get(path) ?? 0;
          if (!m || had >= room) return;
          taken.set(path, had + 1);
          matches.push({ path, line: Number(m[1]), text: (m[2] as string).replace(/\r$/, "") });
        });
        start = end;
      }
      return matches;
    },
  };
}

function builtin(root: string, regex: RegExp, under: string): Engine {
  const prefix = under === "." ? undefined : under.endsWith("/") ? under : under + "/";
  // ^ and $ hold at every line, as they do for ripgrep: the whole-file test must not miss them.
  const anyLine = new RegExp(regex.source, regex.flags.replace("g", "") + "m");
  const lineRegex = new RegExp(regex.source, regex.flags.replace("g", ""));
  const matching = (path: string, each: (line: number, text: string) => boolean) => {
    // Only a regular file, and no more of it than a question reads.
    const read = readRegularBytes(join(root, path), MAX_READ_BYTES);
    if (read.state !== "read") return;
    const text = read.bytes.toString("utf8");
    if (!anyLine.test(text)) return;
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      if (lineRegex.test(lines[i] as string) && !each(i + 1, lines[i] as string)) return;
    }
  };
  return {
    name: "builtin",
    async count() {
      const counts = new Map<string, number>();
      for (const file of (await discover(root)).files) {
        if (prefix && !file.path.startsWith(prefix) && file.path !== under) continue;
        let n = 0;
        matching(file.path, () => ++n > 0);
        if (n > 0) counts.set(file.path, n);
      }
      return counts;
    },
    async read(quota) {
      const matches: TextMatch[] = [];
      for (const [path, room] of quota) {
        let had = 0;
        matching(path, (line, text) => {
          matches.push({ path, line, text: text.slice(0, MAX_COLUMNS) });
          return ++had < room;
        });
      }
      return matches;
    },
  };
}

/** The matching lines of every file, counted, and those `limit` allows, read. */
async function search(engine: Engine, limit: number): Promise<{ counts: Map<string, number>; quota: Map<string, number>; matches: TextMatch[] }> {
  const counts = await engine.count();
  const quota = allot(counts, limit);
  return { counts, quota, matches: await engine.read(quota) };
}

export function compilePattern(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}

export interface TextAnswer {
  pattern: string;
  engine: Engine["name"];
  /** Matching lines, all of them. */
  total: number;
  /** Files holding them. */
  files: number;
  /** Files the shown rows come from, and the most rows one of them gives. */
  filesShown: number;
  perFile: number;
  /** The rows shown, each with the innermost entity holding it. */
  shown: (TextMatch & { symbol?: string })[];
}

/** At most `limit` matching lines, shared out over the files that hold them. */
export async function textAnswer(session: Session, pattern: string, regex: RegExp, under: string | undefined, limit: number): Promise<TextAnswer> {
  const rg = Bun.which("rg");
  const scope = under || ".";
  const scan = builtin(session.ws.root, regex, scope);
  let engine = rg ? ripgrep(rg, session.ws.root, pattern, scope) : scan;
  let found: { counts: Map<string, number>; quota: Map<string, number>; matches: TextMatch[] };
  try {
    found = await search(engine, limit);
  } catch (error) {
    if (!(error instanceof RipgrepOnFifo)) throw error;
    // The scan reads nothing but regular files.
    engine = scan;
    found = await search(engine, limit);
  }
  const { counts, quota } = found;
  // Shown production first, then by path and line, so a file's rows stay together.
  const rank = new Map([...quota.keys()].map((path) => [path, roleRank(path)]));
  const at = (m: TextMatch) => rank.get(m.path) ?? 0;
  const matches = found.matches.sort((a, b) => at(a) - at(b) || byCodeUnit(a.path, b.path) || a.line - b.line);
  const shown: TextAnswer["shown"] = [];
  for (const m of matches) shown.push({ ...m, symbol: (await session.graph.innermostAt(m.path, m.line))?.name });
  let total = 0;
  for (const n of counts.values()) total += n;
  return { pattern, engine: engine.name, total, files: counts.size, filesShown: quota.size, perFile: largest(quota.values()), shown };
}

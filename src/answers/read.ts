// Source of a file, a line range or a symbol. Never serves a file outside the workspace,
// through `..`, an absolute path or a symlink, and never opens anything but a regular file.
import { IxError } from "../model/errors";
import { TargetError } from "./errors";
import { MAX_READ_BYTES, type EntryType } from "./files";
import { splitLineSuffix, type LineSpan } from "./line-suffix";
import { workspacePath, type Session } from "./session";
import { resolveFile, resolveTarget, type TargetOptions } from "./target";

export type ReadHeader =
  | { path: string; target: "file" | "range" }
  | { path: string; target: "symbol"; symbol: string; kind: string };

export type ReadAnswer = {
  header: ReadHeader;
  /** The file changed since the map (for a symbol: its span may have moved). */
  stale: boolean;
} & (
  | {
      binary: false;
      /** First and last line shown (1-based, inclusive), and the last line of the span asked for. */
      first: number;
      shownLast: number;
      last: number;
      lines: string[];
    }
  /** Binary by the map's rule: there are no lines to show, only the size. */
  | { binary: true; size: number }
);

interface Span {
  path: string;
  start?: number;
  end?: number;
  header: ReadHeader;
}

const ENTRY_NAMES: Record<EntryType, string> = {
  directory: "a directory",
  fifo: "a FIFO (named pipe)",
  socket: "a socket",
  device: "a device",
  other: "not a regular file",
};

const notAFile = (path: string, type: EntryType) =>
  new IxError("not_a_file", `${path} is ${ENTRY_NAMES[type]}; only a regular file can be read`, { path, type });

/** The span of a path on disk inside the workspace; undefined when nothing is there. */
function diskSpan(session: Session, named: string, lines: LineSpan | undefined): Span | undefined {
  const path = workspacePath(session, named);
  const type = session.files.typeOf(path);
  if (type === undefined) return undefined;
  if (type !== "file") throw notAFile(path, type);
  return { path, start: lines?.start, end: lines?.end, header: { path, target: lines ? "range" : "file" } };
}

/** The span of a target the disk does not have at its path: the graph's file or entity. */
async function graphSpan(session: Session, raw: string, named: string, lines: LineSpan | undefined, opts: TargetOptions): Promise<Span> {
  if (lines) {
    // A range names a file: the graph's, or the resolver's miss for that path.
    const file = await resolveFile(session, named);
    return { path: file.path, start: lines.start, end: lines.end, header: { path: file.path, target: "range" } };
  }
  let node;
  try {
    node = await resolveTarget(session, raw, opts);
  } catch (error) {
    // A name no entity has may still be on disk: a file the map does not take (LICENSE), a directory.
    const onDisk = error instanceof TargetError && error.code === "unresolved_target" ? diskSpan(session, raw, undefined) : undefined;
    if (onDisk) return onDisk;
    throw error;
  }
  if (node.kind === "file") return { path: node.path, header: { path: node.path, target: "file" } };
  return {
    path: node.path,
    start: node.startLine,
    end: node.endLine,
    header: { path: node.path, target: "symbol", symbol: node.name, kind: node.kind },
  };
}

export async function readAnswer(session: Session, raw: string, opts: TargetOptions, limit: number): Promise<ReadAnswer> {
  const { path: named, span: lines } = splitLineSuffix(raw, "range");
  const looksLikeFile = lines !== undefined || raw.includes("/") || /\.[a-z]{1,5}$/i.test(raw);
  const span = (looksLikeFile ? diskSpan(session, named, lines) : undefined) ?? (await graphSpan(session, raw, named, lines, opts));
  const stale = span.header.target === "symbol" && (await session.files.stale(span.path));

  const content = session.files.content(span.path);
  if (content.kind === "not_file") throw notAFile(span.path, content.type);
  if (content.kind === "too_large") {
    throw new IxError("file_too_large", `${span.path} is ${content.size} bytes; read serves files of at most ${MAX_READ_BYTES} bytes`, {
      path: span.path,
      size: content.size,
      max_bytes: MAX_READ_BYTES,
    });
  }
  if (content.kind === "unreadable") throw new IxError("file_unreadable", `${span.path} cannot be read`, { path: span.path });
  if (content.kind === "binary") return { header: span.header, stale, binary: true, size: content.size };

  const all = content.lines;
  const count = all.length > 0 && all[all.length - 1] === "" ? all.length - 1 : all.length;
  const first = Math.max(1, span.start ?? 1);
  const last = Math.min(count, span.end ?? count);
  // A whole file may be empty; a line asked for must exist.
  if (span.start !== undefined && first > count) {
    throw new IxError("line_out_of_range", `${span.path} has ${count} lines; line ${first} does not exist`, { path: span.path, lines: count });
  }
  const shownLast = Math.min(last, first + limit - 1);
  return { header: span.header, stale, binary: false, first, shownLast, last, lines: all.slice(first - 1, shownLast) };
}

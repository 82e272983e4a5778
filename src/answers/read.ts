// Source of a file, a line range or a symbol. Never serves a file outside the workspace,
// through `..`, an absolute path or a symlink.
import { IxError } from "../model/errors";
import { graphPath, type Session } from "./session";
import { resolveTarget, type TargetOptions } from "./target";

export type ReadHeader =
  | { path: string; target: "file" | "range" }
  | { path: string; target: "symbol"; symbol: string; kind: string };

export interface ReadAnswer {
  header: ReadHeader;
  /** First and last line shown (1-based, inclusive), and the last line of the span asked for. */
  first: number;
  shownLast: number;
  last: number;
  lines: string[];
  /** The file changed since the map (for a symbol: its span may have moved). */
  stale: boolean;
}

interface Span {
  path: string;
  start?: number;
  end?: number;
  header: ReadHeader;
}

const RANGE = /^(.*?):(\d+)(?:-(\d+))?$/;

function fileSpan(session: Session, raw: string): Span | undefined {
  const range = RANGE.exec(raw);
  const pathPart = range ? (range[1] as string) : raw;
  const path = graphPath(session, pathPart);
  if (path.startsWith("../") || path === ".." || !session.files.inside(path)) {
    throw new IxError("path_outside_workspace", `${pathPart} is outside the workspace ${session.ws.root}`, { path: pathPart, root: session.ws.root });
  }
  if (!session.files.isFile(path)) return undefined;
  const start = range ? Number(range[2]) : undefined;
  const end = range ? Number(range[3] ?? range[2]) : undefined;
  return { path, start, end, header: { path, target: range ? "range" : "file" } };
}

export async function readAnswer(session: Session, raw: string, opts: TargetOptions, limit: number): Promise<ReadAnswer> {
  const looksLikeFile = raw.includes("/") || RANGE.test(raw) || /\.[a-z]{1,5}$/i.test(raw);
  let span = looksLikeFile ? fileSpan(session, raw) : undefined;
  if (!span) {
    const node = await resolveTarget(session, raw, opts);
    span = {
      path: node.path,
      start: node.kind === "file" ? undefined : node.startLine,
      end: node.kind === "file" ? undefined : node.endLine,
      header: node.kind === "file" ? { path: node.path, target: "file" } : { path: node.path, target: "symbol", symbol: node.name, kind: node.kind },
    };
  }
  const cached = session.files.lines(span.path);
  if (!cached) throw new IxError("file_unreadable", `${span.path} cannot be read`, { path: span.path });
  const lines = [...cached];
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const first = Math.max(1, span.start ?? 1);
  const last = Math.min(lines.length, span.end ?? lines.length);
  if (first > lines.length) {
    throw new IxError("line_out_of_range", `${span.path} has ${lines.length} lines; line ${first} does not exist`, { path: span.path, lines: lines.length });
  }
  const shownLast = Math.min(last, first + limit - 1);
  return {
    header: span.header,
    first,
    shownLast,
    last,
    lines: lines.slice(first - 1, shownLast),
    stale: span.header.target === "symbol" && (await session.files.stale(span.path)),
  };
}

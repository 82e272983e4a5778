// ix read <path | path:a-b | symbol>: source as a numbered content block. Never serves a file
// outside the workspace, through `..`, an absolute path or a symlink.
import { statSync } from "node:fs";
import { defineIx } from "../cli/command";
import { positiveInt } from "../cli/args";
import { CliError } from "../cli/errors";
import { TARGET_ARGS, targetOptions } from "../cli/options";
import { withSession, type Session } from "../query/session";
import { graphPath, resolveTarget } from "../query/target";
import type { Fields } from "../wire/record";

interface Span {
  path: string;
  start?: number;
  end?: number;
  header: Fields;
}

const RANGE = /^(.*?):(\d+)(?:-(\d+))?$/;

function fileSpan(session: Session, raw: string): Span | undefined {
  const range = RANGE.exec(raw);
  const pathPart = range ? (range[1] as string) : raw;
  const path = graphPath(session.target, pathPart);
  if (path.startsWith("../") || path === ".." || !session.files.inside(path)) {
    throw new CliError("path_outside_workspace", `${pathPart} is outside the workspace ${session.ws.root}`, 1, { path: pathPart, root: session.ws.root });
  }
  let isFile = false;
  try {
    isFile = statSync(session.files.inside(path) as string).isFile();
  } catch {
    isFile = false;
  }
  if (!isFile) return undefined;
  const start = range ? Number(range[2]) : undefined;
  const end = range ? Number(range[3] ?? range[2]) : undefined;
  return { path, start, end, header: { path, target: range ? "range" : "file" } };
}

export default defineIx({
  meta: { name: "read", description: "Source of a file, a line range (path:a-b) or a symbol, numbered" },
  args: {
    ...TARGET_ARGS,
    limit: { type: "string", description: "At most this many lines (default 400)", valueHint: "n" },
    full: { type: "boolean", description: "Every line, no limit" },
  },
  examples: [
    { run: "ix read src/main.ts:1-40", why: "the first 40 lines of a file" },
    { run: "ix read parseArgs", why: "the source of a symbol" },
  ],
  run: (args, ctx) =>
    withSession(ctx, (session) => {
      const limit = args.full ? Number.MAX_SAFE_INTEGER : (positiveInt(args.limit, "--limit") ?? 400);
      const looksLikeFile = args.target.includes("/") || RANGE.test(args.target) || /\.[a-z]{1,5}$/i.test(args.target);
      let span = looksLikeFile ? fileSpan(session, args.target) : undefined;
      if (!span) {
        const node = resolveTarget(session.target, args.target, targetOptions(args));
        span = {
          path: node.path,
          start: node.kind === "file" ? undefined : node.startLine,
          end: node.kind === "file" ? undefined : node.endLine,
          header: node.kind === "file" ? { path: node.path, target: "file" } : { path: node.path, target: "symbol", symbol: node.name, kind: node.kind },
        };
      }
      const cached = session.files.lines(span.path);
      if (!cached) {
        throw new CliError("file_unreadable", `${span.path} cannot be read`, 1, { path: span.path });
      }
      const lines = [...cached];
      if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
      const first = Math.max(1, span.start ?? 1);
      const last = Math.min(lines.length, span.end ?? lines.length);
      if (first > lines.length) {
        throw new CliError("line_out_of_range", `${span.path} has ${lines.length} lines; line ${first} does not exist`, 1, { path: span.path, lines: lines.length });
      }
      const shownLast = Math.min(last, first + limit - 1);
      ctx.writer.record("file", {
        ...span.header,
        line_start: first,
        line_end: shownLast,
        stale: span.header.target === "symbol" && session.files.stale(span.path) ? true : undefined,
      });
      ctx.writer.content(lines.slice(first - 1, shownLast), first);
      if (shownLast < last) {
        ctx.writer.record("diagnostic", {
          code: "results_truncated",
          message: `${last - first + 1} lines; showing ${shownLast - first + 1}. Raise --limit or pass --full.`,
        });
        ctx.writer.next(`ix read ${span.path}:${shownLast + 1}-${last}`, "the rest");
      }
    }),
});

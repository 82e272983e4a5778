// Reads, hashes, classifies and parses one file. Runs inside a parse worker, or inline when a
// map touches only a few files and starting workers would cost more than the work.
import { join } from "node:path";
import { Parser } from "web-tree-sitter";
import type { FamilyParsing } from "../lang/family";
import { loadGrammar } from "../lang/grammars";
import { langOfPath, parsingOf } from "../lang/registry";
import { contentHash, lineCount } from "./content";
import { classifyContent, MAX_FILE_BYTES } from "./discover";
import { openRegularBytes } from "../util/regular-file";
import type { FileFacts, Lang } from "../model/facts";

/** No single file may hold a map up for longer than this (and 4x as long on its one retry, see pool.ts). */
export const PARSE_BUDGET_MS = 5_000;

/**
 * The budget is checked through tree-sitter's progress callback, whose calls cost more than
 * the parse of a small file (measured: 2-4x slower parses in workers). Files below this size
 * parse in milliseconds anyway, so only larger ones carry the budget.
 */
const BUDGETED_SIZE = 64 * 1024;

function budget(ms: number): () => boolean {
  const deadline = performance.now() + ms;
  let calls = 0;
  return () => (++calls & 255) === 0 && performance.now() > deadline;
}

export interface ParseRequest {
  path: string;
  /** The hash the graph holds for this path, if any: equal content is not parsed again. */
  knownHash?: string;
  /** From discovery; the pool starts the largest files first. */
  size?: number;
  /** The parse's time budget when not PARSE_BUDGET_MS: a second try gets more. */
  budgetMs?: number;
}

export type ParseResult =
  /** bodies[i]: the hash of entity i's lines of text (bodyHashes), what history compares. */
  | { path: string; status: "parsed"; hash: string; size: number; lines: number; facts: FileFacts; bodies: string[] }
  | { path: string; status: "unchanged"; hash: string; size: number }
  | { path: string; status: "data"; hash: string; size: number; lines: number }
  | { path: string; status: "skipped"; hash: string; size: number; reason: "binary" | "minified" | "timeout" | "unreadable" }
  /** Source whose parse or extraction threw: left out of the graph, and named (ingest/failures). */
  | { path: string; status: "failed"; hash: string; size: number; stage: "parse" | "extract"; message: string }
  /**
   * No longer a regular file of at most MAX_FILE_BYTES when opened (discovery's stat found one):
   * never read, left out of the graph, and named with `reason` ("is a FIFO, not a file").
   */
  | { path: string; status: "refused"; reason: string };

/** A parser set to one language's grammar, and that language family's extractor. */
interface LanguageTools {
  parser: Parser;
  parsing: FamilyParsing;
}

const tools = new Map<Lang, LanguageTools>();

async function toolsFor(lang: Lang): Promise<LanguageTools> {
  let found = tools.get(lang);
  if (!found) {
    const grammar = await loadGrammar(lang); // initialises the runtime before any Parser exists
    const parser = new Parser();
    parser.setLanguage(grammar);
    found = { parser, parsing: await parsingOf(lang) };
    tools.set(lang, found);
  }
  return found;
}

export async function parseOne(root: string, request: ParseRequest): Promise<ParseResult> {
  const { path } = request;
  // Discovery stat'ed the path as a regular file: one non-blocking open and its fstat are what a
  // plain read costs, and catch a FIFO or a larger file put there since.
  const read = openRegularBytes(join(root, path), MAX_FILE_BYTES);
  if (read.state === "refused" && (read.type !== undefined || read.size !== undefined)) return { path, status: "refused", reason: read.reason };
  if (read.state !== "read") return { path, status: "skipped", hash: "", size: 0, reason: "unreadable" };
  const bytes = read.bytes;
  const hash = contentHash(bytes);
  const size = bytes.byteLength;
  if (hash === request.knownHash) return { path, status: "unchanged", hash, size };
  const lang = langOfPath(path);
  // Config files (tsconfig.json, package.json, go.mod) are tracked for change, not parsed.
  if (!lang) return { path, status: "data", hash, size, lines: lineCount(bytes) };
  const kind = classifyContent(path, bytes);
  if (kind !== "ok") return { path, status: "skipped", hash, size, reason: kind };

  const source = new TextDecoder().decode(bytes);
  const { parser, parsing } = await toolsFor(lang);
  let tree;
  try {
    // The repaired text moves no character, so the tree indexes the original source exactly.
    const text = parsing.prepare ? parsing.prepare(source, lang) : source;
    tree = parser.parse(text, null, size > BUDGETED_SIZE ? { progressCallback: budget(request.budgetMs ?? PARSE_BUDGET_MS) } : undefined);
  } catch (error) {
    parser.reset();
    return { path, status: "failed", hash, size, stage: "parse", message: messageOf(error) };
  }
  if (!tree) {
    parser.reset();
    return { path, status: "skipped", hash, size, reason: "timeout" };
  }
  try {
    const facts = parsing.extract(tree.rootNode, source, path, lang);
    return { path, status: "parsed", hash, size, lines: lineCount(bytes), facts, bodies: bodyHashes(source, facts) };
  } catch (error) {
    return { path, status: "failed", hash, size, stage: "extract", message: messageOf(error) };
  } finally {
    tree.delete();
  }
}

/**
 * Each entity's text, its lines start to end, hashed: history tells an edit of an entity from a
 * shift of its lines, and follows an entity moved whole to another file or name by it. Taken
 * here, where the text is in hand, so no file is read twice.
 */
export function bodyHashes(source: string, facts: FileFacts): string[] {
  const starts = [0];
  for (let i = source.indexOf("\n"); i >= 0; i = source.indexOf("\n", i + 1)) starts.push(i + 1);
  return facts.entities.map((e) => {
    const from = starts[e.startLine - 1] ?? source.length;
    const to = starts[e.endLine] ?? source.length;
    return Bun.hash.xxHash64(source.slice(from, to)).toString(16).padStart(16, "0");
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

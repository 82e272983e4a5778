// One extractor per language family; TS, TSX and JS share one.
import type { Node } from "web-tree-sitter";
import type { FileFacts, Lang } from "../model/facts";
import { extract as extractGo } from "./go/extract";
import { extract as extractPython } from "./python/extract";
import { extract as extractTypeScript } from "./typescript/extract";

export type Extractor = (root: Node, source: string, path: string, lang: Lang) => FileFacts;

export const EXTRACTORS: Record<Lang, Extractor> = {
  typescript: extractTypeScript,
  tsx: extractTypeScript,
  javascript: extractTypeScript,
  python: extractPython,
  go: extractGo,
};

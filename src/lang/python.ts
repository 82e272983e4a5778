// Python extractor: one pass over the interesting nodes of a syntax tree into FileFacts.
import type { Node } from "web-tree-sitter";
import type { EntityFact, FileFacts, Lang } from "../ingest/facts";
import { annotatedType, dottedPath, typeNamesIn } from "./py-types";
import { countParseErrors } from "./parse-errors";


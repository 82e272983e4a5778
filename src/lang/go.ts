// Go extractor: one pass over the interesting nodes of a syntax tree into FileFacts.
import type { Node } from "web-tree-sitter";
import type { EntityKind, FileFacts, Lang } from "../ingest/facts";
import { baseType, isBuiltinType, typeNamesIn, typeParameterNames } from "./go-types";
import { countParseErrors } from "./parse-errors";

const SIGNATURE_LIMIT = 200;
const UPPER_CASE_START = /^\p{Lu}/u;
const NO_TYPE_PARAMETERS: ReadonlySet<string> = new Set();


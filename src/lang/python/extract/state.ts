// What the extraction of one Python file carries from node to node: the facts so far, the
// open scopes, and what waits for a later node or for the end of the walk.
import type { Node } from "web-tree-sitter";
import type { FileFacts, LocalFact, TypedVarFact } from "../../../model/facts";
import type { PendingAccess } from "./accesses";
import { DunderAll } from "./dunder-all";
import type { Returned } from "./results";
import { MODULE_SCOPE, type Scope } from "./scopes";

/** What a decorated_definition tells its definition, which the walk reaches right after it. */
export interface Decoration {
  /** The span of a decorated definition starts at its first decorator. */
  startLine: number;
  decorators: string[];
}

export class PythonFile {
  readonly scopes: Scope[] = [MODULE_SCOPE];
  /** Keyed by the definition's start offset. */
  readonly decorated = new Map<number, Decoration>();
  /** Recorded calls by their span; calls and variables awaiting the call whose result they use. */
  readonly callsBySpan = new Map<string, number>();
  readonly receiverCalls: [call: number, span: string][] = [];
  readonly awaitingCall: [variable: TypedVarFact, span: string][] = [];
  readonly locals: LocalFact[] = [];
  /** Attributes read or written, settled into the calls once the file is walked. */
  readonly accesses: PendingAccess[] = [];
  /** The spans of attributes that are a call's callee: called, not read. */
  readonly callTargets = new Set<number>();
  /** The spans of attributes an assignment writes (`+=`: updates) or a `del` deletes. */
  readonly attributeTargets = new Map<number, "write" | "update" | "deleted">();
  /**
   * `@overload` stubs awaiting their implementation, by scope and name: the entity they make,
   * and the result the first declared (a stub that declares another drops the entity's).
   */
  readonly overloads = new Map<string, { index: number; returns: string | undefined }>();
  readonly dunderAll = new DunderAll();
  /** What each def's `return`s (and a fixture's `yield`s) have given back, by entity index. */
  readonly returned = new Map<number, Returned>();
  /** Defs whose result is annotated: what their body returns does not override what they declare. */
  readonly annotatedResults = new Set<number>();
  /** pytest injects fixtures into the tests and fixtures of test modules and conftest.py. */
  readonly isTestModule: boolean;

  constructor(
    readonly source: string,
    readonly facts: FileFacts,
  ) {
    this.isTestModule = TEST_MODULE.test(facts.path);
  }

  // node.text also fetches the start point from wasm; slicing the source we hold is cheaper.
  text(node: Node): string {
    return this.source.slice(node.startIndex, node.endIndex);
  }
}

/** `test_x.py`, `x_test.py`, `conftest.py`: the modules pytest collects and takes fixtures from. */
const TEST_MODULE = /(^|\/)(test_[^/]*|[^/]*_test|conftest)\.py$/;

export function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}

export function spanKey(node: Node): string {
  return `${node.startIndex}:${node.endIndex}`;
}

/** A span as one number, for the spans every attribute is looked up by: no string to build. */
export function spanNumber(node: Node): number {
  return node.startIndex * 1e8 + (node.endIndex - node.startIndex);
}

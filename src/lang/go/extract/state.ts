// What the extraction of one Go file carries from node to node: the facts so far, the current
// declaration, and what waits for a later node or for the end of the walk.
import type { Node } from "web-tree-sitter";
import { type FileFacts, type LocalFact, position, type TypedVarFact } from "../../../model/facts";
import { PACKAGE_SCOPE, type Scope } from "./scopes";

export class GoFile {
  private current: Scope = PACKAGE_SCOPE;
  /** The scopes a named closure's body is nested in, innermost last. */
  private readonly outer: Scope[] = [];
  /** Named closures (extract/closures.ts) by their func literal's start: their scope. */
  readonly closures = new Map<number, Scope>();
  /** Method entity indexes: their parent is settled once every type in the file is known. */
  readonly methods: number[] = [];
  /** Package-level type name -> entity index. */
  readonly packageTypes = new Map<string, number>();
  /** Variables awaiting the index of their initialising call, keyed by that call's span. */
  readonly awaitingCall = new Map<string, TypedVarFact>();
  readonly structFields: TypedVarFact[] = [];
  readonly resultVars: TypedVarFact[] = [];
  /** Recorded calls by their span, and calls on another call's result awaiting its index. */
  readonly callsBySpan = new Map<string, number>();
  readonly receiverCalls: [call: number, span: string][] = [];
  /** Each recorded call's start offset, by call index: its column, where its line needs one. */
  readonly callOffsets: number[] = [];
  readonly locals: LocalFact[] = [];
  /** Package-level `var` and `const` names: values of these are no funcs. */
  readonly packageVars = new Set<string>();

  constructor(
    readonly source: string,
    readonly facts: FileFacts,
  ) {}

  // node.text also fetches the start point from wasm; slicing the source we hold is cheaper.
  text(node: Node): string {
    return this.source.slice(node.startIndex, node.endIndex);
  }

  /** Where a node starts, as a position (facts.ts): variables come into force mid-line. */
  startOf(node: Node): number {
    return position(node.startPosition.row + 1, this.columnAt(node.startIndex));
  }

  /** Where a node ends, as a position: the reach of a block's variables ends with it. */
  endOf(node: Node): number {
    return position(node.endPosition.row + 1, this.columnAt(node.endIndex));
  }

  /** The column of a source offset, in the units offsets count (UTF-16). */
  columnAt(offset: number): number {
    return offset === 0 ? 0 : offset - (this.source.lastIndexOf("\n", offset - 1) + 1);
  }

  scopeAt(offset: number): Scope {
    // Nodes arrive in document order: past the declaration's end we are back at package level
    // (package-level var initialisers call from -1).
    while (offset >= this.current.end) this.current = this.outer.pop() ?? PACKAGE_SCOPE;
    return this.current;
  }

  /** A func's or method's body is the scope of what follows, up to its end. */
  enter(scope: Scope): void {
    this.current = scope;
  }

  /** A named closure's body is the scope of what follows, up to its end; then the one around it again. */
  enterNested(scope: Scope): void {
    this.outer.push(this.current);
    this.current = scope;
  }
}

export function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}

export function spanKey(node: Node): string {
  return `${node.startIndex}:${node.endIndex}`;
}

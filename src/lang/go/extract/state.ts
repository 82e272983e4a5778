// What the extraction of one Go file carries from node to node: the facts so far, the current
// declaration, and what waits for a later node or for the end of the walk.
import type { Node } from "web-tree-sitter";
import type { FileFacts, LocalFact, TypedVarFact } from "../../../model/facts";
import { PACKAGE_SCOPE, type Scope } from "./scopes";

export class GoFile {
  private current: Scope = PACKAGE_SCOPE;
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

  scopeAt(offset: number): Scope {
    // Nodes arrive in document order: past the declaration's end we are back at package level
    // (package-level var initialisers call from -1).
    if (offset >= this.current.end) this.current = PACKAGE_SCOPE;
    return this.current;
  }

  /** A func's or method's body is the scope of what follows, up to its end. */
  enter(scope: Scope): void {
    this.current = scope;
  }
}

export function lineOf(node: Node): number {
  return node.startPosition.row + 1;
}

export function spanKey(node: Node): string {
  return `${node.startIndex}:${node.endIndex}`;
}

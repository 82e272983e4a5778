// Python scopes as the document-order walk meets them: each def and class opens one, which
// closes once the walk is past its end.

export interface Scope {
  /** Entity index; -1 for the module. */
  readonly index: number;
  readonly kind: "module" | "class" | "function";
  /** The class whose `self` is in reach (methods and defs nested in them); -1 when none. */
  readonly selfClass: number;
  /** What the method calls its first parameter: usually "self". */
  readonly selfName: string;
  /** Where the body starts: decorators, default values and bases before it belong outside. */
  readonly bodyStart: number;
  readonly end: number;
}

export const MODULE_SCOPE: Scope = {
  index: -1,
  kind: "module",
  selfClass: -1,
  selfName: "",
  bodyStart: 0,
  end: Number.MAX_SAFE_INTEGER,
};

/** The scope a node starting at `offset` evaluates in. */
export function scopeAt(scopes: Scope[], offset: number): Scope {
  // Nodes arrive in document order, so a scope we have walked past never reopens.
  while (scopes.length > 1 && scopes[scopes.length - 1]!.end <= offset) scopes.pop();
  // Before a def's or class's body (decorators, defaults, bases) the enclosing scope evaluates.
  for (let i = scopes.length - 1; i > 0; i--) {
    const scope = scopes[i]!;
    if (offset >= scope.bodyStart) return scope;
  }
  return MODULE_SCOPE;
}

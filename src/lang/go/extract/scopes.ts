// Go declarations do not nest, so one current declaration stands in for a scope stack.

export interface Scope {
  /** Entity index of the enclosing func or method; -1 at package level. */
  readonly index: number;
  /** Names that are type parameters here, hence not references to a type. */
  readonly typeParameters: ReadonlySet<string>;
  readonly end: number;
}

const NO_TYPE_PARAMETERS: ReadonlySet<string> = new Set();

export const PACKAGE_SCOPE: Scope = { index: -1, typeParameters: NO_TYPE_PARAMETERS, end: Number.MAX_SAFE_INTEGER };

// The declaration code is in: a func or method, or a named closure inside one (GoFile keeps
// the ones it is nested in).

export interface Scope {
  /** Entity index of the enclosing func, method or named closure; -1 at package level. */
  readonly index: number;
  /** Names that are type parameters here, hence not references to a type. */
  readonly typeParameters: ReadonlySet<string>;
  readonly end: number;
}

const NO_TYPE_PARAMETERS: ReadonlySet<string> = new Set();

export const PACKAGE_SCOPE: Scope = { index: -1, typeParameters: NO_TYPE_PARAMETERS, end: Number.MAX_SAFE_INTEGER };

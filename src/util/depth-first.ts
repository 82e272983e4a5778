// A depth-first walk with its own stack. Syntax trees and chains of a hostile (or generated)
// file nest as deep as its size allows: a recursive walk over 100k nested nodes overflows the
// call stack, which took the whole map down with it; this one only grows an array.

/**
 * Visits `root`, then depth first what `visit` returns for each item (in that order, as a
 * recursive pre-order walk would).
 */
export function depthFirst<T>(root: T, visit: (item: T) => readonly T[] | undefined | void): void {
  const stack: T[] = [root];
  while (stack.length > 0) {
    const next = visit(stack.pop()!);
    if (next) for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]!);
  }
}

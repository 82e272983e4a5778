// The functions the Go extraction parts export stay calls, as web-tree-sitter's Node accessors
// do (src/lang/grammars.ts). Module-level functions are constants, which JSC's top tier (FTL)
// inlines into every caller along with each one's own calls into the tree: over go-tools,
// typeFromLiterals compiled to 29 KB instead of 10 KB, the walk itself to 27 KB, and FTL
// compile time rose by half (0.8-1.3 s to 0.9-1.9 s in one process). Out of line, it is back
// where it was when every part was a closure made per file.
import { noInline } from "bun:jsc";

export function keepOutOfLine(...parts: object[]): void {
  for (const part of parts) {
    for (const value of Object.values(part)) if (typeof value === "function") noInline(value);
  }
}

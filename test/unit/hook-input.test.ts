import { describe, expect, test } from "bun:test";
import { linesOfInserted } from "../../src/answers/post-edit";
import { editOf, patchLines } from "../../src/cmd/hook-input";

describe("the post-edit hook's reading of an edit", () => {
  test("patch lines: added lines at their new numbers, a deletion at the line after it", () => {
    const patch = [
      { oldStart: 3, oldLines: 3, newStart: 3, newLines: 3, lines: [" a", "-b", "+c", " d"] },
      { oldStart: 20, oldLines: 2, newStart: 20, newLines: 1, lines: [" x", "-y"] },
    ];
    expect(patchLines(patch)).toEqual([4, 4, 21]);
    expect(patchLines("nope")).toEqual([]);
    expect(patchLines([{ newStart: "1", lines: [] }, null])).toEqual([]);
  });

  test("inserted text is found at its first non-blank line", () => {
    const text = "one\ntwo\n\nfunction f() {\n  return 1;\n}\n";
    expect(linesOfInserted(text, ["\nfunction f() {"])).toEqual([4]);
    expect(linesOfInserted(text, ["return 1;"])).toEqual([5]);
    expect(linesOfInserted(text, ["absent", "  "])).toEqual([]);
  });

  test("only Edit, MultiEdit and Write events with a file path are edits", () => {
    expect(editOf('{"tool_name":"Read","tool_input":{"file_path":"/x.ts"}}', "/")).toBeUndefined();
    expect(editOf("{", "/")).toBeUndefined();
    const multi = editOf('{"tool_name":"MultiEdit","cwd":"/r","tool_input":{"file_path":"src/x.ts","edits":[{"new_string":"a"},{"new_string":"b"},7]}}', "/elsewhere");
    expect(multi).toEqual({ file: "/r/src/x.ts", lines: [], inserted: ["a", "b"] });
  });
});

// A suggested command line reads back, through a real shell, into exactly the words it was made of.
import { describe, expect, test } from "bun:test";
import { commandLine, shellWord } from "../../src/wire/shell";
import { shellSplit } from "../helpers/shell";

const HOSTILE = [
  "src/sp ace.ts:1-1",
  "src/it's.ts",
  "a'b'c",
  "'",
  "''",
  "$HOME",
  "$(touch /tmp/ix-shell-pwned)",
  "`id`",
  'say "hi"',
  "back\\slash",
  "tab\there",
  "new\nline",
  "glob*?[x]",
  "semi;colon&amp|pipe>out<in",
  "~user",
  "#hash",
  "-dash",
  "!bang",
  "é ü 中文",
  "",
];

describe("shellWord", () => {
  test("leaves a plain word alone", () => {
    for (const word of ["ix", "read", "src/a.ts:1-9", "--depth", "3", "a_b.c-d/e", "key=value", "x@1,2%+"]) expect(shellWord(word)).toBe(word);
  });

  test.each(HOSTILE)("%p reaches the program as one word, unchanged", (word) => {
    expect(shellSplit(`x ${shellWord(word)} y`)).toEqual(["x", word, "y"]);
  });

  test("a whole command line splits back into its words", () => {
    const words = ["ix", "read", "src/sp ace.ts:1-1", "--path", "it's $x", "`id`"];
    expect(shellSplit(commandLine(words))).toEqual(words);
  });
});

// Keys of `ix config` are the settings table's own: never a property every object inherits.
// Black-box, on the compiled binary.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeLlm } from "../../src/wire/llm";
import { ix, tempDir } from "../helpers/cli";

describe("keys are looked up in the settings table alone", () => {
  for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
    test(`${key} is an unknown key for set and get`, () => {
      const home = tempDir("ix-home-");
      for (const args of [["set", key, "llm"], ["get", key], ["get", `${key}.name`]]) {
        const r = ix(["config", ...args, "--format", "llm"], { home });
        expect(r.code).toBe(2);
        expect(decodeLlm(r.lines[0]!).fields.code).toBe("unknown_key");
        expect(r.stdout).not.toContain("native code");
      }
    });
  }

  test("a key of the user's own is unknown; a known key unset, or a path into its value, is unset", () => {
    const home = tempDir("ix-home-");
    writeFileSync(join(home, "config.yaml"), "team: blue\n");
    expect(decodeLlm(ix(["config", "get", "team", "--format", "llm"], { home }).lines[0]!).fields.code).toBe("unknown_key");
    const unset = ix(["config", "get", "format", "--format", "llm"], { home });
    expect(unset.code).toBe(1);
    expect(decodeLlm(unset.lines[0]!).fields.code).toBe("config_key_unset");
    ix(["config", "set", "format", "llm"], { home });
    expect(decodeLlm(ix(["config", "get", "format", "--format", "llm"], { home }).lines[0]!).fields.value).toBe("llm");
    expect(decodeLlm(ix(["config", "get", "format.constructor", "--format", "llm"], { home }).lines[0]!).fields.code).toBe("config_key_unset");
  });
});

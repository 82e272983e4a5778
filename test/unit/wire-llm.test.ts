import { describe, expect, test } from "bun:test";
import { decodeLlm, decodeLlmStream, encodeLlm, quoteValue } from "../../src/wire/llm";
import { decode } from "@toon-format/toon";
import { compound, quiet, type Fields } from "../../src/wire/record";
import { Writer } from "../../src/wire/writer";

const single = (kind: string, fields: Fields) => encodeLlm({ kind, fields, shape: "single" });

function capture(format: "llm" | "json" | "text" | "toon", emit: (w: Writer) => void): string {
  let out = "";
  const writer = new Writer(format, (chunk) => (out += chunk));
  emit(writer);
  writer.end();
  return out;
}

describe("llm encoder: the spec's examples", () => {
  test("region rows with a slug id and parent", () => {
    expect(single("region", { id: "cli", kind: "subsystem", label: "Cli / Client", level: 2, files: 87 })).toBe(
      'region id=cli kind=subsystem label="Cli / Client" level=2 files=87',
    );
    expect(single("region", { id: "cli", kind: "subsystem", label: "Client", parent: "root" })).toBe(
      "region id=cli kind=subsystem label=Client parent=root",
    );
  });

  test("opaque ids are cut to eight characters on both sides, prefixed ids stay whole", () => {
    expect(
      single("region", {
        id: "7d02e4c1-9a3b-4c2d-8e1f-0a1b2c3d4e5f",
        kind: "subsystem",
        parent: "3f9c1a2b-0000-4000-8000-000000000000",
      }),
    ).toBe("region id=7d02e4c1 kind=subsystem parent=3f9c1a2b");
    expect(single("claim", { id: "c-8f31a2", entity: "entity-1" })).toBe("claim id=c-8f31a2 entity=entity-1");
    expect(single("ref", { name: "x", dst: "9dbdebd9aa11" })).toBe("ref name=x dst=9dbdebd9");
  });

  test("a bounded list says shown and total, and a truncation diagnostic follows", () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ name: `caller${i}`, kind: "function" }));
    const out = capture("llm", (w) =>
      w.list("callers", { target: "verify_token" }, "ref", rows, {
        total: 212,
        noun: "callers",
        after: { resolved: 48, unresolved: 2 },
      }),
    ).split("\n");
    expect(out[0]).toBe("callers target=verify_token shown=50 total=212 resolved=48 unresolved=2");
    expect(out[51]).toBe(
      'diagnostic code=results_truncated message="212 callers; showing 50. Raise --limit to see the rest, or pass --full."',
    );
    expect(out.filter((l) => l.startsWith("ref ")).length).toBe(50);
  });

  test("an uncut list has no diagnostic and keeps its zero total", () => {
    const out = capture("llm", (w) => w.list("callers", { target: "f" }, "ref", [], { total: 0, noun: "callers" }));
    expect(out).toBe("callers target=f shown=0 total=0\n");
  });

  test("the error line", () => {
    const out = capture("llm", (w) =>
      w.error({
        code: "unresolved_target",
        message: "No entity named 'IngestionService' found",
        details: { suggestions: ["Ingestion", "Service"] },
      }),
    );
    expect(out).toBe(
      "error code=unresolved_target message=\"No entity named 'IngestionService' found\" suggestions=Ingestion,Service\n",
    );
  });

  test("quoting: spaces, =, quotes, backslashes and control characters", () => {
    expect(quoteValue("plain")).toBe("plain");
    expect(quoteValue("a b")).toBe('"a b"');
    expect(quoteValue("k=v")).toBe('"k=v"');
    expect(quoteValue('say "hi"')).toBe('"say \\"hi\\""');
    expect(quoteValue("C:\\dir")).toBe('"C:\\\\dir"');
    expect(quoteValue("a\nb\tc\rd")).toBe('"a\\nb\\tc\\rd"');
    expect(quoteValue("")).toBe('""');
    expect(single("ref", { snippet: ": nodePath.resolve(resolveWorkspaceRoot(opts.root), path);" })).toBe(
      'ref snippet=": nodePath.resolve(resolveWorkspaceRoot(opts.root), path);"',
    );
  });

  test("null, undefined, empty values and quiet zeros are dropped; plain zeros and false stay", () => {
    expect(
      single("map", {
        files: 412,
        rev: 3,
        note: "",
        missing: undefined,
        nothing: null,
        list: [],
        parse_errors: quiet(0),
        files_too_large: quiet(2),
        stale: false,
        total: 0,
      }),
    ).toBe("map files=412 rev=3 files_too_large=2 stale=false total=0");
  });

  test("the content block numbers each source line with a tab", () => {
    const out = capture("llm", (w) => {
      w.record("file", { path: "src/auth.py", line_start: 10, line_end: 11 });
      w.content(["def verify():", "    return True"], 10);
    });
    expect(out).toBe(
      "file path=src/auth.py line_start=10 line_end=11\ncontent lines=2 numbered=true\n10\tdef verify():\n11\t    return True\n",
    );
  });
});

describe("llm decoder", () => {
  test("a stream decoder attaches the content block to its record", () => {
    const recs = decodeLlmStream("file path=a.ts\ncontent lines=2 numbered=true\n1\tconst a = 1; // x=y\n2\t\nnext run=\"ix map .\"\n");
    expect(recs.map((r) => r.kind)).toEqual(["file", "content", "next"]);
    expect(recs[1]?.fields.text).toBe("1\tconst a = 1; // x=y\n2\t");
  });

  test("reads back the spec's records", () => {
    expect(decodeLlm('region id=cli kind=subsystem label="Cli / Client" level=2 files=87')).toEqual({
      kind: "region",
      fields: { id: "cli", kind: "subsystem", label: "Cli / Client", level: "2", files: "87" },
    });
    expect(decodeLlm("hint")).toEqual({ kind: "hint", fields: {} });
  });

  test("property: any string survives encode → decode exactly", () => {
    const alphabet = ["a", "Z", "0", " ", "=", '"', "\\", "\n", "\r", "\t", "\x00", "\x01", "\x1b", "\x7f", "é", "→", "😀", "中", ",", "'", "$"];
    let seed = 0x2f6b_1a3d;
    const random = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) / 0x1_0000_0000;
    };
    for (let round = 0; round < 3000; round++) {
      const length = Math.floor(random() * 24);
      let value = "";
      for (let i = 0; i < length; i++) value += alphabet[Math.floor(random() * alphabet.length)];
      const other = value.split("").reverse().join("");
      const line = single("row", { a: value, b: other, n: round });
      expect(line.includes("\n")).toBe(false);
      const decoded = decodeLlm(line);
      expect(decoded.kind).toBe("row");
      if (value !== "") expect(decoded.fields.a).toBe(value);
      if (other !== "") expect(decoded.fields.b).toBe(other);
      expect(decoded.fields.n).toBe(String(round));
    }
  });
});

describe("other encoders carry the same information", () => {
  const emit = (w: Writer) => {
    w.list("callers", { target: "verify_token" }, "ref", [{ name: "a", id: "9dbdebd9-aaaa-4bbb-8ccc-ddddeeeeffff", lines: "3-9" }], {
      total: 4,
      noun: "callers",
    });
    w.record("map", { files: 2, parse_errors: quiet(0) });
    w.next(["ix", "callers", "a"], "who calls a");
  };

  test("json: one document, full ids, quiet zeros kept, lists as arrays", () => {
    const doc = JSON.parse(capture("json", emit));
    expect(doc.callers).toEqual({ target: "verify_token", shown: 1, total: 4 });
    expect(doc.ref[0].id).toBe("9dbdebd9-aaaa-4bbb-8ccc-ddddeeeeffff");
    expect(doc.map.parse_errors).toBe(0);
    expect(doc.diagnostic.code).toBe("results_truncated");
    expect(doc.next).toEqual([{ run: "ix callers a", why: "who calls a" }]);
  });

  test("json: an empty list is present as []", () => {
    const doc = JSON.parse(capture("json", (w) => w.rows("ref", [])));
    expect(doc.ref).toEqual([]);
  });

  test("json: errors use the AXI keys", () => {
    const doc = JSON.parse(capture("json", (w) => w.error({ code: "unknown_option", message: "Unknown option --x", details: { option: "--x" }, help: ["Usage: ix"] })));
    expect(doc).toEqual({ error: "Unknown option --x", code: "unknown_option", option: "--x", help: ["Usage: ix"] });
  });

  test("toon: collections tabular, single objects as plain lines, next as next[N]{run,why}", () => {
    const out = capture("toon", emit);
    expect(out).toContain("callers:\n  target: verify_token\n  shown: 1\n  total: 4\n");
    expect(out).toContain("ref[1]{name,id,lines}:");
    expect(out).toContain("next[1]{run,why}:\n  ix callers a,who calls a");
  });

  test("toon: values a decoder would misread stay quoted", () => {
    const out = capture("toon", (w) => w.error({ code: "invalid_value", message: "bad port", details: { value: "70000", empty: "", flag: "true" } }));
    expect(out).toContain('value: "70000"');
    expect(out).toContain('flag: "true"');
    expect(out).toContain('empty: ""');
    expect(out).toContain("error: bad port");
  });

  test("text: rows as an aligned table and a Next: block, no colour when not asked", () => {
    const out = capture("text", (w) => {
      w.rows("ref", [
        { name: "a", path: "src/a.ts" },
        { name: "longer", path: "b.ts" },
      ]);
      w.next(["ix", "map", "."], "map it");
    });
    expect(out).toBe("ref (2)\nNAME    PATH\na       src/a.ts\nlonger  b.ts\nNext:\n  ix map .  map it\n");
    expect(out).not.toContain("\x1b[");
  });
});

describe("a compound field", () => {
  // A field with parts: one object where the format nests, its flat fields in its place elsewhere.
  const site = (line: number, also: number[]) =>
    compound({ path: "src/a.ts", line, snippet: "run(x);", also, more: quiet(0) }, { site: `src/a.ts:${line}`, also, snippet: "run(x);" });
  const emit = (w: Writer) =>
    w.rows("ref", [
      { name: "a", site: site(4, [6, 9]), via: "import" },
      { name: "b", site: undefined, via: "local" },
    ]);

  test("json and toon carry it as one object under its key", () => {
    const doc = JSON.parse(capture("json", emit));
    expect(doc.ref).toEqual([
      { name: "a", site: { path: "src/a.ts", line: 4, snippet: "run(x);", also: [6, 9], more: 0 }, via: "import" },
      { name: "b", via: "local" },
    ]);
    expect(decode(capture("toon", emit))).toEqual(doc);
  });

  test("llm and text spread its flat fields in its place", () => {
    expect(capture("llm", emit)).toBe("ref name=a site=src/a.ts:4 also=6,9 snippet=run(x); via=import\nref name=b via=local\n");
    expect(decodeLlm(single("ref", { name: "a", site: site(4, []) })).fields).toEqual({ name: "a", site: "src/a.ts:4", snippet: "run(x);" });
    expect(capture("text", emit)).toBe("ref (2)\nNAME  SITE        ALSO  SNIPPET  VIA\na     src/a.ts:4  6, 9  run(x);  import\nb                                local\n");
  });
});

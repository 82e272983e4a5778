// ARCHITECTURE.md's invariants, checked by reading the sources: each is an absence, and each
// test names the files that break it.
import { describe, expect, test } from "bun:test";
import { layerOf, sourceFiles } from "../helpers/imports";

/**
 * What each folder of src/ may import (besides itself): data flows one way, cmd → answers →
 * present → wire, and no lower layer knows a higher one. Type-only imports obey the same table.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  model: [],
  util: [],
  wire: [],
  store: ["model", "util"],
  // A language folder implements the hooks resolve and sites define; they get a language's
  // rules from their caller (Project.languages, SiteQuery.syntax), never from the registry.
  sites: ["model", "util"],
  resolve: ["model", "util"],
  // Region work: the file graph in, a hierarchy out; graphology is imported by regions/louvain and regions/pagerank alone.
  regions: ["model", "util"],
  lang: ["model", "util", "resolve", "sites"],
  config: ["model", "util", "wire"],
  workspace: ["model", "util", "config", "store"],
  // The smell rules read a graph through the store's interface; a map stores their report.
  smells: ["model", "util", "lang", "store"],
  ingest: ["model", "util", "lang", "resolve", "sites", "store", "workspace", "smells", "regions"],
  // The savings ledger: a file in $IX_HOME, appended by cli, read by answers.
  ledger: ["model", "util"],
  answers: ["model", "util", "lang", "sites", "store", "workspace", "ingest", "smells", "ledger"],
  // The MCP surface: the SDK's server over stdio and the hosts' configuration files, plain data
  // in and out; which command a tool runs is cmd's.
  mcp: ["model", "util"],
  present: ["model", "util", "answers", "wire", "store", "config", "ingest", "mcp"],
  cmd: ["model", "util", "answers", "present", "wire", "config", "workspace", "ingest", "mcp"],
  cli: ["model", "util", "present", "wire", "config", "cmd", "ledger"],
  main: ["cli"],
};

const internal = (target: string) => target.endsWith(".ts") && !target.includes(":");

describe("architecture", () => {
  test("every folder of src/ has a place in the layering", () => {
    const unknown = [...new Set(sourceFiles().map((f) => layerOf(f.path)))].filter((layer) => !(layer in MAY_IMPORT));
    expect(unknown).toEqual([]);
  });

  test("no folder imports one above it or beside it that the layering does not allow", () => {
    const broken: string[] = [];
    for (const file of sourceFiles()) {
      const from = layerOf(file.path);
      for (const { target } of file.imports) {
        if (!internal(target)) continue;
        const to = layerOf(target);
        if (to !== from && !MAY_IMPORT[from]?.includes(to)) broken.push(`${file.path} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test("the folders' imports form no cycle", () => {
    const edges = new Map<string, Set<string>>();
    for (const file of sourceFiles()) {
      for (const { target } of file.imports) {
        if (!internal(target) || layerOf(target) === layerOf(file.path)) continue;
        if (!edges.has(layerOf(file.path))) edges.set(layerOf(file.path), new Set());
        edges.get(layerOf(file.path))!.add(layerOf(target));
      }
    }
    const cycles: string[] = [];
    const visit = (layer: string, path: string[]) => {
      for (const next of edges.get(layer) ?? []) {
        if (path.includes(next)) cycles.push([...path.slice(path.indexOf(next)), next].join(" -> "));
        else visit(next, [...path, next]);
      }
    };
    for (const layer of edges.keys()) visit(layer, [layer]);
    expect(cycles).toEqual([]);
  });

  test("nothing outside src/store/sqlite imports bun:sqlite", () => {
    const users = sourceFiles().filter((f) => !f.path.startsWith("store/sqlite/") && f.imports.some((i) => i.specifier === "bun:sqlite"));
    expect(users.map((f) => f.path)).toEqual([]);
  });

  test("the MCP SDK is imported by src/mcp/server.ts alone, and that only by a dynamic import", () => {
    const users = sourceFiles().filter((f) => f.imports.some((i) => i.specifier.startsWith("@modelcontextprotocol/")));
    expect(users.map((f) => f.path)).toEqual(["mcp/server.ts"]);
    const loaders = sourceFiles().filter((f) => f.imports.some((i) => i.target === "mcp/server.ts"));
    expect(loaders.map((f) => f.path)).toEqual(["cmd/mcp.ts"]);
    expect(loaders[0]!.text).toMatch(/await import\("\.\.\/mcp\/server"\)/);
    expect(loaders[0]!.text).not.toMatch(/^import [^;]*"\.\.\/mcp\/server"/m);
  });

  test("src/model imports nothing outside itself", () => {
    const broken = sourceFiles()
      .filter((f) => f.path.startsWith("model/"))
      .flatMap((f) => f.imports.filter((i) => !internal(i.target) || !i.target.startsWith("model/")).map((i) => `${f.path} -> ${i.specifier}`));
    expect(broken).toEqual([]);
  });

  test("src/wire knows no graph: it imports only itself and its TOON encoder", () => {
    const broken = sourceFiles()
      .filter((f) => f.path.startsWith("wire/"))
      .flatMap((f) => f.imports.filter((i) => (internal(i.target) ? !i.target.startsWith("wire/") : i.specifier !== "@toon-format/toon" && !i.specifier.startsWith("node:"))).map((i) => `${f.path} -> ${i.specifier}`));
    expect(broken).toEqual([]);
  });

  test("nothing outside src/cli knows whether a terminal is watching or writes to stderr itself", () => {
    const users = sourceFiles().filter((f) => !f.path.startsWith("cli/") && f.imports.some((i) => i.target === "util/tty.ts"));
    expect(users.map((f) => f.path)).toEqual([]);
  });

  test("commands write no records themselves and never reach the store", () => {
    const broken: string[] = [];
    for (const file of sourceFiles().filter((f) => f.path.startsWith("cmd/"))) {
      for (const m of file.text.matchAll(/\bwriter\.(record|row|rows|list|line|next|content|error)\(/g)) broken.push(`${file.path}: writer.${m[1]}`);
      for (const i of file.imports) if (internal(i.target) && layerOf(i.target) === "store") broken.push(`${file.path} -> ${i.target}`);
    }
    expect(broken).toEqual([]);
  });

  test("answers know no CLI word: no `ix <command>` line and no option spelled with dashes", () => {
    const commands = "map|status|stats|doctor|reset|search|locate|entity|read|text|inventory|contains|overview|callers|callees|imports|imported-by|around|config|impact|depends|trace";
    const cliWord = new RegExp(`["'\`][^"'\`\\n]*(\\bix (${commands})\\b|--(limit|full|fields|pick|kind|path|include-tests|tests-only|format|budget|silent|yes|ingest|workspace)\\b)`);
    const broken = sourceFiles()
      .filter((f) => f.path.startsWith("answers/"))
      .flatMap((f) => f.text.split("\n").flatMap((line, i) => (!line.trim().startsWith("//") && !line.trim().startsWith("*") && cliWord.test(line) ? [`${f.path}:${i + 1}: ${line.trim()}`] : [])));
    expect(broken).toEqual([]);
  });
});

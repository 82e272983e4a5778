// JSX (issue 31, item 4): a component used 46 times answered callers total=0, impact risk=low,
// smells flagged it as a dead export, and explain said importers=0 while imported-by listed the
// importer. Rendering `<ClientProvider client={…}>` calls the component (the TypeScript checker
// counts it as a call), `<Layout.Header />` calls a member, `<div>` calls nothing, and a default
// import (`import App from "./App"`) names the module's default export.
import { beforeAll, describe, expect, test } from "bun:test";
import { decodeLlmStream } from "../../src/wire/llm";
import { ix, tempDir, writeTree } from "../helpers/cli";

let root = "";
let home = "";

beforeAll(async () => {
  root = await writeTree(tempDir("ix-jsx-"), {
    "src/ClientProvider.tsx": [
      "export function ClientProvider(props: { client: object; children?: unknown }) {",
      "  return <section data-client={String(props.client)}>{props.children as never}</section>;",
      "}",
      "",
    ].join("\n"),
    "src/layout.tsx": [
      "export function Header(props: { title: string }) {",
      "  return <h1>{props.title}</h1>;",
      "}",
      "",
      "export function Unused() {",
      "  return <p />;",
      "}",
      "",
    ].join("\n"),
    "src/App.tsx": [
      'import { ClientProvider } from "./ClientProvider";',
      'import * as Layout from "./layout";',
      "",
      "export default function App() {",
      "  return (",
      "    <ClientProvider client={{}}>",
      '      <Layout.Header title="home" />',
      '      <div className="body" />',
      "    </ClientProvider>",
      "  );",
      "}",
      "",
    ].join("\n"),
    "src/other.jsx": ["function Other() {", "  return <span />;", "}", "", "export default Other;", ""].join("\n"),
    "src/main.tsx": [
      'import App from "./App";',
      'import Page from "./other";',
      "",
      "export function main(): unknown[] {",
      "  return [<App />, <Page />];",
      "}",
      "",
    ].join("\n"),
    "src/App.test.tsx": [
      'import { test } from "vitest";',
      'import App from "./App";',
      'import { ClientProvider } from "./ClientProvider";',
      "",
      'test("renders", () => {',
      "  const tree = <ClientProvider client={{}}><App /></ClientProvider>;",
      "  return tree;",
      "});",
      "",
    ].join("\n"),
  });
  home = tempDir("ix-jsx-home-");
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
});

const llm = (args: string[]) => ix([...args, "--format", "llm"], { cwd: root, home }).lines.filter((l) => !l.startsWith("next "));
const record = (args: string[], kind: string) => decodeLlmStream(ix([...args, "--format", "llm"], { cwd: root, home }).stdout).find((r) => r.kind === kind)?.fields;

describe("a JSX element calls the component it renders", () => {
  test("callers of a component list each element rendering it, in production code and in tests", () => {
    expect(llm(["callers", "ClientProvider"])).toEqual([
      "callers target=ClientProvider path=src/ClientProvider.tsx shown=2 total=2 resolved=2",
      'ref kind=file path=src/App.test.tsx site=src/App.test.tsx:6 snippet="const tree = <ClientProvider client={{}}><App /></ClientProvider>;"',
      'ref name=App kind=function path=src/App.tsx lines=4-11 site=src/App.tsx:6 snippet="<ClientProvider client={{}}>"',
    ]);
  });

  test("a member component through a namespace import is called; an intrinsic element calls nothing", () => {
    expect(llm(["callees", "App"])).toEqual([
      "callees target=App path=src/App.tsx shown=2 total=2",
      'ref name=ClientProvider kind=function path=src/ClientProvider.tsx lines=1-3 site=src/App.tsx:6 snippet="<ClientProvider client={{}}>"',
      'ref name=Header kind=function path=src/layout.tsx lines=1-3 site=src/App.tsx:7 snippet="<Layout.Header title=\\"home\\" />"',
    ]);
  });

  test("a default import binds the default export (a declaration, or a name exported as default, in JSX files too)", () => {
    expect(llm(["callers", "App"])).toEqual([
      "callers target=App path=src/App.tsx shown=2 total=2 resolved=2",
      'ref kind=file path=src/App.test.tsx site=src/App.test.tsx:6 snippet="const tree = <ClientProvider client={{}}><App /></ClientProvider>;"',
      'ref name=main kind=function path=src/main.tsx lines=4-6 site=src/main.tsx:5 snippet="return [<App />, <Page />];"',
    ]);
    expect(llm(["callers", "Other"])).toContain('ref name=main kind=function path=src/main.tsx lines=4-6 site=src/main.tsx:5 snippet="return [<App />, <Page />];"');
  });

  test("explain agrees with imported-by: a default import is an importer of the default export", () => {
    expect(record(["explain", "App"], "edges")).toMatchObject({ callers: "2", importers: "2" });
    expect(record(["explain", "Other"], "edges")).toMatchObject({ importers: "1" });
    expect(llm(["imported-by", "src/App.tsx"])[0]).toBe("imported-by target=src/App.tsx shown=2 total=2");
  });

  test("impact sees the component's callers, and smells flag only the component nothing renders", () => {
    expect(record(["impact", "ClientProvider"], "counts")).toMatchObject({ callers: "2", tests: "1" });
    const smells = llm(["smells", "--kind", "dead_export"]).filter((l) => l.startsWith("smell "));
    expect(smells.map((l) => /entity=(\S+)/.exec(l)![1])).toEqual(["Unused"]);
  });
});

// CommonJS modules and prototype members (issue 31, item 5): `res.send = function send(…)` on an
// object that `module.exports` is, `View.prototype.render = …`, `module.exports = createApplication`
// reached through `require('..')`, `module.exports = require('./lib/main')`. Each test is named
// for the answer that misled.
import { describe, expect, test } from "bun:test";
import { ix, tempDir, writeTree } from "../helpers/cli";

async function mapped(prefix: string): Promise<{ root: string; home: string }> {
  const root = await writeTree(tempDir(`ix-${prefix}-`), FRAMEWORK);
  const home = tempDir(`ix-${prefix}-home-`);
  expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
  return { root, home };
}

function llm(at: { root: string; home: string }, args: string[]): string[] {
  return ix([...args, "--format", "llm", "--full"], { cwd: at.root, home: at.home }).lines.filter((l) => !l.startsWith("next "));
}

/** A small CommonJS framework in express's idioms. */
const FRAMEWORK: Record<string, string> = {
  "package.json": [
    "{ \"name\": \"mini-express\", \"main\": \"index.js\" }",
    "",
  ].join("\n"),
  "index.js": [
    "module.exports = require('./lib/main');",
    "",
  ].join("\n"),
  "lib/response.js": [
    "var http = require('node:http');",
    "var res = Object.create(http.ServerResponse.prototype);",
    "module.exports = res;",
    "res.status = function status(code) {",
    "  this.statusCode = code;",
    "  return this;",
    "};",
    "res.set =",
    "res.header = function header(field, value) {",
    "  this.setHeader(field, value);",
    "  return this;",
    "};",
    "res.send = function send(body) {",
    "  this.set('Content-Type', 'text/plain');",
    "  this.end(body);",
    "};",
    "res.json = function json(obj) {",
    "  return this.send(JSON.stringify(obj));",
    "};",
    "",
  ].join("\n"),
  "lib/view.js": [
    "module.exports = View;",
    "function View(name) {",
    "  this.name = name;",
    "  this.path = this.lookup(name);",
    "}",
    "View.prototype.lookup = function lookup(name) {",
    "  return name;",
    "};",
    "View.prototype.render = function render(done) {",
    "  done(this.path);",
    "};",
    "",
  ].join("\n"),
  "lib/app.js": [
    "var app = exports = module.exports = {};",
    "app.init = function init() {",
    "  this.set('view', true);",
    "};",
    "app.set = function set(setting, value) {",
    "  return value;",
    "};",
    "",
  ].join("\n"),
  "lib/main.js": [
    "var View = require('./view');",
    "var proto = require('./app');",
    "exports = module.exports = createApplication;",
    "function createApplication() {",
    "  var app = { settings: proto };",
    "  return app;",
    "}",
    "exports.response = require('./response');",
    "exports.render = function render(name) {",
    "  var view = new View(name);",
    "  view.render(function () {});",
    "};",
    "",
  ].join("\n"),
  "test/app.test.js": [
    "var express = require('..');",
    "var res = require('../lib/response');",
    "var { status } = require('../lib/response');",
    "describe('app', function () {",
    "  it('makes an app', function () {",
    "    var app = express();",
    "    res.json({ ok: true });",
    "    status(200);",
    "    express.render('index');",
    "    require('../lib/response').status(201);",
    "  });",
    "});",
    "",
  ].join("\n"),
};

describe("a CommonJS module whose export is an object its file assigns methods to", () => {
  test("contains of the response module listed none of its methods; the object and its members are entities", async () => {
    const at = await mapped("cjs-contains");
    expect(llm(at, ["contains", "lib/response.js"])).toEqual([
      "contains target=lib/response.js kind=file path=lib/response.js shown=1 total=1",
      "member name=res kind=module lines=2-2 exported=true",
    ]);
    expect(llm(at, ["contains", "res"])).toEqual([
      "contains target=res kind=module path=lib/response.js shown=4 total=4",
      "member name=status kind=method lines=4-7",
      "member name=header kind=method lines=8-12",
      "member name=send kind=method lines=13-16",
      "member name=json kind=method lines=17-19",
    ]);
    expect(llm(at, ["contains", "lib/app.js"])).toEqual([
      "contains target=lib/app.js kind=file path=lib/app.js shown=1 total=1",
      "member name=app kind=module lines=1-1 exported=true",
    ]);
  });

  test("callers of a method answered for the file; `this.x()` in a sibling method and a member of the required module reach it", async () => {
    const at = await mapped("cjs-callers");
    expect(llm(at, ["callers", "res.send"])).toEqual([
      "callers target=send path=lib/response.js shown=1 total=1 resolved=1",
      'ref name=json kind=method path=lib/response.js lines=17-19 site=lib/response.js:18 snippet="return this.send(JSON.stringify(obj));"',
    ]);
    // `res.set = res.header = function header(…)`: one method, called by either name.
    expect(llm(at, ["callers", "lib/response.js:9"])).toEqual([
      "callers target=header path=lib/response.js shown=1 total=1 resolved=1",
      `ref name=send kind=method path=lib/response.js lines=13-16 site=lib/response.js:14 snippet="this.set('Content-Type', 'text/plain');"`,
    ]);
    // Required whole, destructured from the require, or required in place.
    expect(llm(at, ["callers", "json"])).toEqual([
      "callers target=json path=lib/response.js shown=1 total=1 resolved=1",
      'ref kind=file path=test/app.test.js site=test/app.test.js:7 snippet="res.json({ ok: true });"',
    ]);
    expect(llm(at, ["callers", "status"])).toEqual([
      "callers target=status path=lib/response.js shown=1 total=1 resolved=1",
      "ref kind=file path=test/app.test.js site=test/app.test.js:8 also=10 snippet=status(200);",
    ]);
    expect(llm(at, ["callers", "app.set"])).toEqual([
      "callers target=set path=lib/app.js shown=1 total=1 resolved=1",
      `ref name=init kind=method path=lib/app.js lines=2-4 site=lib/app.js:3 snippet="this.set('view', true);"`,
    ]);
  });

  test("what the object inherits through Object.create is the runtime's: no unresolved call, no false callee", async () => {
    const at = await mapped("cjs-callees");
    expect(llm(at, ["callees", "res.send"])).toEqual([
      "callees target=send path=lib/response.js shown=1 total=1",
      `ref name=header kind=method path=lib/response.js lines=8-12 site=lib/response.js:14 snippet="this.set('Content-Type', 'text/plain');"`,
    ]);
  });
});

describe("a constructor function whose prototype the file writes", () => {
  test("View.prototype.render was no entity; it is View's method, reached from `new View()`'s variable and from the constructor's `this`", async () => {
    const at = await mapped("cjs-prototype");
    expect(llm(at, ["contains", "View"])).toEqual([
      "contains target=View kind=class path=lib/view.js shown=2 total=2",
      "member name=lookup kind=method lines=6-8",
      "member name=render kind=method lines=9-11",
    ]);
    expect(llm(at, ["callers", "View.render"])).toEqual([
      "callers target=render path=lib/view.js shown=1 total=1 resolved=1",
      'ref name=render kind=function path=lib/main.js lines=9-12 site=lib/main.js:11 snippet="view.render(function () {});" via=receiver-type confidence=0.9',
    ]);
    expect(llm(at, ["callers", "View.lookup"])).toEqual([
      "callers target=lookup path=lib/view.js shown=1 total=1 resolved=1",
      'ref name=View kind=class path=lib/view.js lines=2-5 site=lib/view.js:4 snippet="this.path = this.lookup(name);"',
    ]);
    expect(llm(at, ["callers", "View"])).toEqual([
      "callers target=View path=lib/view.js shown=2 total=2 resolved=2 references=1",
      'ref name=render kind=function path=lib/main.js lines=9-12 site=lib/main.js:10 snippet="var view = new View(name);"',
      'ref kind=file path=lib/view.js site=lib/view.js:1 snippet="module.exports = View;" use=reference',
    ]);
  });
});

describe("a module whose export is a function, required by its package's directory", () => {
  test("the factory every test calls answered total=1 (its export); `require('..')` through `module.exports = require(…)` calls it", async () => {
    const at = await mapped("cjs-factory");
    expect(llm(at, ["callers", "createApplication"])).toEqual([
      "callers target=createApplication path=lib/main.js shown=2 total=2 resolved=2 references=1",
      'ref kind=file path=lib/main.js site=lib/main.js:3 snippet="exports = module.exports = createApplication;" use=reference',
      'ref kind=file path=test/app.test.js site=test/app.test.js:6 snippet="var app = express();" via=reexport confidence=1',
    ]);
    // `exports.render = …` after `exports = module.exports = createApplication` is the factory's member.
    expect(llm(at, ["callers", "lib/main.js:9"])).toEqual([
      "callers target=render path=lib/main.js shown=1 total=1 resolved=1",
      "ref kind=file path=test/app.test.js site=test/app.test.js:9 snippet=express.render('index');",
    ]);
  });
});

describe("a package whose main is no index file, with a declaration file beside its JavaScript", () => {
  const PACKAGE: Record<string, string> = {
    "package.json": '{ "name": "mini-fastify", "main": "fastify.js", "types": "fastify.d.ts" }\n',
    "fastify.js": ["function fastify(options) {", "  return { options };", "}", "module.exports = fastify;", ""].join("\n"),
    "fastify.d.ts": ["declare function fastify(options?: object): object;", "export = fastify;", ""].join("\n"),
    "test/app.test.js": ["const Fastify = require('..');", "const app = Fastify();", ""].join("\n"),
    "examples/hello.js": ["const fastify = require('../fastify')({ logger: true });", ""].join("\n"),
    "types/check.ts": ["import fastify = require('../fastify');", "fastify();", ""].join("\n"),
  };

  test("`require('..')` was unresolved and `require('../fastify')` reached the .d.ts: JavaScript reaches the JavaScript that runs, TypeScript the declaration", async () => {
    const root = await writeTree(tempDir("ix-cjs-main-"), PACKAGE);
    const home = tempDir("ix-cjs-main-home-");
    expect(ix(["map", ".", "--silent"], { cwd: root, home }).code).toBe(0);
    const at = { root, home };
    expect(llm(at, ["imported-by", "fastify.js"]).slice(1).map((l) => l.replace(/ site=.*/, "")).sort()).toEqual([
      "ref kind=file path=examples/hello.js",
      "ref kind=file path=test/app.test.js",
    ]);
    expect(llm(at, ["imports", "types/check.ts"])[1]).toStartWith("ref kind=file path=fastify.d.ts");
    expect(llm(at, ["callers", "fastify.js:1"])[0]).toContain("total=3 resolved=3 references=1");
  });
});

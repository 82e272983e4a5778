// ix mcp against what a reliability and security probe sent it (issue 30): a 10 MiB line,
// malformed JSON-RPC, arguments of the wrong type or size, a NUL in a term, and a server in an
// unmapped child of a directory holding a secret. Each gets its answer, the server serves on,
// and no file outside the roots is served. The compiled binary, driven over its stdin.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { realpathSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBinary, ix, tempDir, writeTree } from "../helpers/cli";

const MIB = 1 << 20;
type Reply = { id: string | number | null; result?: any; error?: { code: number; message: string; data?: any } };

/** The environment a server gets: this one's, without IX_ settings, with its own IX_HOME. */
function serverEnv(home: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("IX_")) env[k] = v;
  env.IX_HOME = home;
  return env;
}

/** `ix mcp` spoken to line by line, each reply read as it comes. */
class RawServer {
  readonly proc;
  private readonly replies: Reply[] = [];
  private wake: (() => void) | undefined;
  private ended = false;

  constructor(cwd: string, home: string) {
    this.proc = Bun.spawn([ensureBinary(), "mcp"], { cwd, env: serverEnv(home), stdin: "pipe", stdout: "pipe", stderr: "ignore" });
    void this.read();
  }

  private async read(): Promise<void> {
    const decoder = new TextDecoder();
    let buffered = "";
    for await (const chunk of this.proc.stdout) {
      buffered += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffered.indexOf("\n")) >= 0) {
        this.replies.push(JSON.parse(buffered.slice(0, newline)));
        buffered = buffered.slice(newline + 1);
        this.wake?.();
      }
    }
    this.ended = true;
    this.wake?.();
  }

  send(message: string | object): void {
    this.proc.stdin.write(`${typeof message === "string" ? message : JSON.stringify(message)}\n`);
    void this.proc.stdin.flush();
  }

  async init(): Promise<void> {
    this.send({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "probe", version: "0" } } });
    expect((await this.reply(0)).result.serverInfo.name).toBe("ix");
    this.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  }

  /** The next reply, in the order written; fails after 15 s. */
  async next(): Promise<Reply> {
    const deadline = Date.now() + 15_000;
    while (this.replies.length === 0) {
      if (this.ended) throw new Error("the server ended without replying");
      if (Date.now() > deadline) throw new Error("no reply within 15 s");
      await Promise.race([new Promise<void>((resolve) => (this.wake = resolve)), Bun.sleep(100)]);
    }
    return this.replies.shift()!;
  }

  /** The reply to request `id`, whatever came before it. */
  async reply(id: string | number): Promise<Reply> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const at = this.replies.findIndex((r) => r.id === id);
      if (at >= 0) return this.replies.splice(at, 1)[0]!;
      if (this.ended) throw new Error(`the server ended without answering ${id}`);
      if (Date.now() > deadline) throw new Error(`no reply to ${id} within 30 s`);
      await Promise.race([new Promise<void>((resolve) => (this.wake = resolve)), Bun.sleep(100)]);
    }
  }

  call(id: number, name: string, args: unknown): void {
    this.send({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
  }

  /** Resident memory, in MB, as ps reports it. */
  rssMb(): number {
    const ps = Bun.spawnSync(["ps", "-o", "rss=", "-p", String(this.proc.pid)]);
    return Number(ps.stdout.toString().trim()) / 1024;
  }

  async end(): Promise<number> {
    this.proc.stdin.end();
    const code = await Promise.race([this.proc.exited, Bun.sleep(15_000).then(() => "still running" as const)]);
    if (code === "still running") this.proc.kill();
    return code === "still running" ? -1 : code;
  }
}

const FILES = {
  "src/util.ts": "export function parse(x: string): number {\n  return Number(x);\n}\n",
  "src/app.ts": 'import { parse } from "./util";\n\nexport function run(): number {\n  return parse("1");\n}\n',
};

let repo = "";
let home = "";
let server: RawServer;

beforeAll(async () => {
  repo = await writeTree(tempDir("ix-mcp-hostile-"), FILES);
  home = tempDir("ix-mcp-hostile-home-");
  expect(ix(["map", ".", "--silent"], { cwd: repo, home }).code).toBe(0);
  server = new RawServer(repo, home);
  await server.init();
});

afterAll(async () => {
  await server?.end();
});

describe("lines too large", () => {
  test("a 10 MiB line is answered -32600 under its id, and the request behind it is answered", async () => {
    // The id last, as the SDK's client writes it.
    const line = `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"search","arguments":{"term":"${"x".repeat(10 * MIB)}"}},"id":101}`;
    server.send(line);
    server.send({ jsonrpc: "2.0", id: 102, method: "tools/call", params: { name: "search", arguments: { term: "parse" } } });
    const big = await server.reply(101);
    expect(big.error?.code).toBe(-32600);
    expect(big.error?.data).toEqual({ bytes: line.length, limit: MIB });
    expect(JSON.stringify(big).length).toBeLessThan(300);
    const small = await server.reply(102);
    expect(small.result.isError).toBe(false);
    expect(small.result.content[0].text).toStartWith("search term=parse ");
  });

  test("a 9 MB argument leaves the server's memory where it was", async () => {
    const before = server.rssMb();
    for (let i = 0; i < 3; i++) {
      server.call(110 + i, "search", { term: "y".repeat(9_000_000) });
      expect((await server.reply(110 + i)).error?.code).toBe(-32600);
    }
    // It held at most the line bound, never the line (it went from 56 MB to 1.56 GB).
    expect(server.rssMb()).toBeLessThan(Math.max(before, 60) + 100);
  });

  test("a line too large whose id cannot be read is answered with id null", async () => {
    server.send(`[${"1,".repeat(MIB)}1]`);
    expect(await server.next()).toMatchObject({ id: null, error: { code: -32600 } });
  });
});

describe("malformed JSON-RPC", () => {
  // Each line the probe sent, and the answer JSON-RPC 2.0 gives it.
  const LINES: [string, number, string | number | null][] = [
    ["not json", -32700, null],
    ["{", -32700, null],
    ["null", -32600, null],
    ["123", -32600, null],
    ['"text"', -32600, null],
    ["[]", -32600, null],
    ['[{"jsonrpc":"2.0","id":1,"method":"tools/list"},{"jsonrpc":"2.0","id":2,"method":"ping"}]', -32600, null],
    ['{"jsonrpc":"2.0","id":6}', -32600, 6],
    ['{"jsonrpc":"2.0","id":"six","params":{}}', -32600, "six"],
    ['{"jsonrpc":"1.0","id":7,"method":"tools/list"}', -32600, 7],
    ['{"id":8,"method":"tools/list"}', -32600, 8],
    ['{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}', -32600, null],
    ['{"jsonrpc":"2.0","id":null,"method":"tools/list"}', -32600, null],
    ['{"jsonrpc":"2.0","id":9,"method":42}', -32600, 9],
    ['{"jsonrpc":"2.0","method":42}', -32600, null],
    ['{"jsonrpc":"2.0","id":10,"method":"tools/list","params":"x"}', -32600, 10],
    ['{"jsonrpc":"2.0","id":11,"method":"tools/list","params":[1]}', -32602, 11],
    ['{"jsonrpc":"2.0","id":12,"method":"no/such"}', -32601, 12],
  ];
  for (const [line, code, id] of LINES) {
    test(`${line.slice(0, 60)} → ${code}, id ${JSON.stringify(id)}`, async () => {
      server.send(line);
      const reply = await server.next();
      expect({ id: reply.id, code: reply.error?.code }).toEqual({ id, code });
      expect(reply.error?.message.length).toBeLessThan(300);
    });
  }

  test("a batch gets one reply, and an invalid notification none", async () => {
    server.send('[{"jsonrpc":"2.0","id":21,"method":"ping"},{"jsonrpc":"2.0","id":22,"method":"ping"}]');
    server.send('{"jsonrpc":"1.0","method":"notifications/initialized"}');
    server.send('{"jsonrpc":"2.0","method":"notifications/cancelled","params":"x"}');
    server.send({ jsonrpc: "2.0", id: 23, method: "ping" });
    expect((await server.next()).error?.code).toBe(-32600);
    expect(await server.next()).toEqual({ jsonrpc: "2.0", id: 23, result: {} } as Reply);
  });

  test("after every bad line the server still serves", async () => {
    server.send({ jsonrpc: "2.0", id: 30, method: "tools/list" });
    expect((await server.reply(30)).result.tools.length).toBeGreaterThan(20);
  });
});

describe("tool arguments", () => {
  const invalid = async (id: number, name: unknown, args: unknown) => {
    server.send({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
    const reply = await server.reply(id);
    expect(reply.error?.code).toBe(-32602);
    expect(JSON.stringify(reply).length).toBeLessThan(400);
    return reply.error!;
  };

  test("a boolean given as a string is -32602 naming it, never 'Too many arguments'", async () => {
    const error = await invalid(40, "read", { target: "src/util.ts", full: "yes" });
    expect(error.data).toEqual({ parameter: "full" });
    expect(error.message).toBe('Invalid params: full must be a boolean (true or false), not the string "yes"');
  });

  test("a wrong type, an unknown or a missing parameter is -32602 naming it", async () => {
    expect((await invalid(41, "search", { term: { a: 1 } })).data).toEqual({ parameter: "term" });
    expect((await invalid(42, "search", { term: ["parse"] })).message).toContain("term must be a string, not an array");
    expect((await invalid(43, "search", { term: "parse", bogus: 1 })).data).toEqual({ parameter: "bogus" });
    expect((await invalid(44, "search", {})).message).toBe("Invalid params: term is required");
    expect((await invalid(45, "callers", { target: "parse", format: "json" })).data).toEqual({ parameter: "format" });
    expect((await invalid(46, "map", { "allow-broad-root": true })).data).toEqual({ parameter: "allow-broad-root" });
  });

  test("a string past 4 KiB is refused before any work, and not sent back", async () => {
    const error = await invalid(47, "search", { term: "z".repeat(500_000) });
    expect(error.message).toBe("Invalid params: term is 500000 bytes; a parameter holds at most 4096");
  });

  test("params the SDK would refuse with a dump are -32602 naming the field", async () => {
    expect((await invalid(48, 5, {})).message).toStartWith("Invalid params: params.name: ");
    expect((await invalid(49, "search", ["parse"])).message).toStartWith("Invalid params: params.arguments: ");
  });

  test("the right types still answer: a number for a string option, true for a flag", async () => {
    server.call(50, "read", { target: "src/util.ts", full: true });
    expect((await server.reply(50)).result.content[0].text).toStartWith("file path=src/util.ts ");
    server.call(51, "search", { term: "parse", limit: 1 });
    expect((await server.reply(51)).result.isError).toBe(false);
    // A term that reads as an option is the term.
    server.call(52, "search", { term: "--help" });
    expect((await server.reply(52)).result.content[0].text).toStartWith("search term=--help ");
  });

  test("a NUL or another control character in a term is invalid_value, not internal_error", async () => {
    server.call(53, "search", { term: "pa\u0000rse" });
    const nul = (await server.reply(53)).result;
    expect(nul.isError).toBe(true);
    expect(nul.content[0].text).toStartWith('error code=invalid_value message="A search term is an identifier: it holds no control character (U+0000 at 3)"');
    const cli = ix(["search", "pa\u0001rse", "--format", "llm"], { cwd: repo, home });
    expect(cli.code).toBe(2);
    expect(cli.stdout).toStartWith("error code=invalid_value ");
  });

  test("an unknown tool's long name is not sent back whole", async () => {
    server.call(54, "t".repeat(100_000), {});
    const reply = (await server.reply(54)).result;
    expect(reply.isError).toBe(true);
    expect(reply.content[0].text.length).toBeLessThan(300);
  });
});

describe("the end of stdin", () => {
  test("answers every request read before it, then exits 0", async () => {
    const late = new RawServer(repo, home);
    await late.init();
    late.call(1, "map", {});
    late.call(2, "callers", { target: "parse" });
    const code = late.end();
    expect((await late.reply(1)).result.content[0].text).toStartWith("map ");
    expect((await late.reply(2)).result.content[0].text).toContain("name=run");
    expect(await code).toBe(0);
  });
});

describe("roots", () => {
  // parent/secret.env beside parent/child, the project the server is started in.
  let parent = "";
  let child = "";
  const SECRET = "SECRET_TOKEN=abc123";

  beforeAll(async () => {
    parent = realpathSync(tempDir("ix-mcp-roots-"));
    child = join(parent, "child");
    await writeTree(parent, { "secret.env": `${SECRET}\n`, "child/src/a.ts": "export const a = 1;\n" });
    symlinkSync(parent, join(child, "up"));
  });

  type Text = { content: { text: string }[]; isError?: boolean };
  const text = (r: unknown) => (r as Text).content[0]!.text;

  /** An SDK client; with `roots`, it declares the capability and lists them. */
  async function connect(cwd: string, serverHome: string, roots?: () => string[]): Promise<Client> {
    const client = new Client({ name: "probe", version: "0" }, roots ? { capabilities: { roots: { listChanged: true } } } : {});
    if (roots) client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: roots().map((dir) => ({ uri: pathToFileURL(dir).href })) }));
    await client.connect(new StdioClientTransport({ command: ensureBinary(), args: ["mcp"], cwd, env: serverEnv(serverHome), stderr: "ignore" }));
    return client;
  }

  const refused = async (client: Client, name: string, args: Record<string, unknown>, code: string) => {
    const r = (await client.callTool({ name, arguments: args })) as Text;
    expect({ name, args, isError: r.isError, code: /^error code=(\w+)/.exec(text(r))?.[1] }).toEqual({ name, args, isError: true, code });
    expect(text(r)).not.toContain(SECRET);
  };

  test("without roots, the server's directory bounds every call: no map of .., / or a link out, no read of ../secret.env", async () => {
    const client = await connect(child, tempDir("ix-mcp-roots-home-"));
    try {
      await refused(client, "map", { path: ".." }, "outside_roots");
      await refused(client, "map", { path: "/" }, "outside_roots");
      await refused(client, "map", { path: "up" }, "outside_roots");
      await refused(client, "read", { target: "../secret.env" }, "workspace_not_mapped");
      const mapped = (await client.callTool({ name: "map", arguments: {} })) as Text;
      expect(mapped.isError).toBe(false);
      expect(text(mapped)).toContain(`root=${child} `);
      await refused(client, "read", { target: "../secret.env" }, "path_outside_workspace");
      await refused(client, "read", { target: "up/secret.env" }, "path_outside_workspace");
      await refused(client, "read", { target: join(parent, "secret.env") }, "path_outside_workspace");
      await refused(client, "text", { pattern: "SECRET", path: ".." }, "path_outside_workspace");
      expect(text(await client.callTool({ name: "read", arguments: { target: "src/a.ts" } }))).toContain("export const a = 1;");
    } finally {
      await client.close();
    }
  });

  test("a registered ancestor of the server's directory answers nothing through it", async () => {
    const serverHome = tempDir("ix-mcp-roots-home-");
    expect(ix(["map", parent, "--silent"], { home: serverHome }).code).toBe(0);
    const client = await connect(child, serverHome);
    try {
      await refused(client, "read", { target: "../secret.env" }, "outside_roots");
      await refused(client, "search", { term: "a" }, "outside_roots");
      await refused(client, "status", {}, "outside_roots");
      // Mapping the child gives it a workspace of its own, inside the roots.
      expect(((await client.callTool({ name: "map", arguments: {} })) as Text).isError).toBe(false);
      await refused(client, "read", { target: "../secret.env" }, "path_outside_workspace");
    } finally {
      await client.close();
    }
    // The command line is bounded by its user alone: the parent still answers there.
    expect(ix(["status", "--format", "llm"], { cwd: parent, home: serverHome }).stdout).toContain(`root=${parent} `);
  });

  test("with roots the client lists, calls ask from the first root and stay inside the roots", async () => {
    let roots = [child];
    // Started in the parent: the client's root, not the server's directory, bounds the calls.
    const client = await connect(parent, tempDir("ix-mcp-roots-home-"), () => roots);
    try {
      await refused(client, "map", { path: ".." }, "outside_roots");
      await refused(client, "map", { path: parent }, "outside_roots");
      const mapped = (await client.callTool({ name: "map", arguments: {} })) as Text;
      expect(text(mapped)).toContain(`root=${child} `);
      await refused(client, "read", { target: "../secret.env" }, "path_outside_workspace");
      expect(text(await client.callTool({ name: "read", arguments: { target: "src/a.ts" } }))).toContain("export const a = 1;");

      // Roots widened by the client: the parent may be mapped and read now.
      roots = [parent];
      await client.sendRootsListChanged();
      expect(((await client.callTool({ name: "map", arguments: {} })) as Text).isError).toBe(false);
      expect(text(await client.callTool({ name: "read", arguments: { target: "secret.env" } }))).toContain(SECRET);

      // And narrowed again: the parent's workspace, registered now, answers nothing.
      roots = [join(child, "src")];
      await client.sendRootsListChanged();
      await refused(client, "read", { target: "a.ts" }, "outside_roots");
      await refused(client, "read", { target: "../../secret.env" }, "outside_roots");
    } finally {
      await client.close();
    }
  });

  test("a server started in a mapped workspace answers as before", async () => {
    const client = await connect(repo, home);
    try {
      expect(text(await client.callTool({ name: "callers", arguments: { target: "parse" } }))).toContain("name=run");
    } finally {
      await client.close();
    }
  });
});

// The MCP surface over stdio, with the official SDK: the only module that imports it, and it is
// imported only when `ix mcp` serves, so no other command's start-up loads it. It knows tools
// as plain data and asks `call` for each answer; which command a tool runs is the caller's, and
// so is what the roots the client lists allow.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import process from "node:process";
import { fileURLToPath } from "node:url";
import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  RootsListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { errorReply, INVALID_PARAMS, type ErrorReply, type Json } from "./jsonrpc";
import type { RequestId } from "./lines";
import { LineTransport } from "./stdio";

export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, unknown>; required?: string[] };
}

export type ToolAnswer =
  | { text: string; isError: boolean }
  /** The arguments do not fit the tool's schema: a JSON-RPC error -32602 whose message names the parameter. */
  | { invalidParams: string; parameter?: string };

export interface CallScope {
  /**
   * The directories the client's roots name (`file://` URIs), or undefined when it declared no
   * roots, listed none, or could not be asked.
   */
  roots(): Promise<string[] | undefined>;
}

export type ToolCall = (name: string, args: Record<string, unknown>, scope: CallScope) => Promise<ToolAnswer>;

/** How long a call waits for the client's roots before going on without them. */
const ROOTS_TIMEOUT_MS = 5_000;

/**
 * The SDK parses a request's params for the methods it serves before any handler runs, and
 * answers a failure as -32603 with the whole validation dump; read here first, the same
 * failure is -32602 naming the parameter.
 */
const PARAMS = new Map<string, { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }>([
  ["initialize", InitializeRequestSchema],
  ["ping", PingRequestSchema],
  ["tools/list", ListToolsRequestSchema],
  ["tools/call", CallToolRequestSchema],
]);

function paramsCheck(request: { method: string; params?: Json; id: RequestId }): ErrorReply | undefined {
  const schema = PARAMS.get(request.method);
  const parsed = schema?.safeParse({ method: request.method, params: request.params });
  if (!parsed || parsed.success) return undefined;
  const issue = parsed.error?.issues[0];
  const where = issue?.path.map(String).join(".") || "params";
  return errorReply(request.id, INVALID_PARAMS, `Invalid params: ${where}: ${(issue?.message ?? "not valid").slice(0, 200)}`, { parameter: where });
}

/** The directories of the `file://` roots; any other scheme names nothing on this disk. */
function rootPaths(roots: { uri: string }[]): string[] {
  const paths: string[] = [];
  for (const { uri } of roots) {
    if (!uri.startsWith("file:")) continue;
    try {
      paths.push(fileURLToPath(uri));
    } catch {
      // A file URI naming another host, or not a URI at all: no directory here.
    }
  }
  return paths;
}

/** Serves `tools` on stdin/stdout until the client closes the stream. `note` hears what a person may want to know. */
export async function serveStdio(
  info: { name: string; version: string },
  instructions: string,
  tools: ToolSpec[],
  call: ToolCall,
  note: (message: string) => void = () => {},
): Promise<void> {
  const server = new Server(info, { capabilities: { tools: {} }, instructions });

  // The client's roots, asked once it is initialized and again after it says they changed.
  let listing: Promise<string[] | undefined> | undefined;
  const roots = (): Promise<string[] | undefined> => {
    if (!server.getClientCapabilities()?.roots) return Promise.resolve(undefined);
    listing ??= server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS }).then(
      (result) => {
        const paths = rootPaths(result.roots);
        return paths.length > 0 ? paths : undefined;
      },
      (error: Error) => {
        note(`the client's roots could not be listed (${error.message}); tools act in the server's directory`);
        return undefined;
      },
    );
    return listing;
  };
  server.oninitialized = () => void roots();
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    listing = undefined;
    void roots();
  });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  // The SDK runs each request's handler as it arrives, so calls made in parallel overlap.
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const answer = await call(request.params.name, request.params.arguments ?? {}, { roots });
    if ("invalidParams" in answer) {
      // Thrown with a code, the SDK answers a JSON-RPC error with this message and data.
      throw Object.assign(new Error(`Invalid params: ${answer.invalidParams}`), {
        code: INVALID_PARAMS,
        ...(answer.parameter ? { data: { parameter: answer.parameter } } : {}),
      });
    }
    return { content: [{ type: "text" as const, text: answer.text }], isError: answer.isError };
  });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  // The transport ends the session at the end of stdin, once every request read has its answer.
  await server.connect(new LineTransport({ input: process.stdin, output: process.stdout, check: paramsCheck, note }));
  await closed;
}

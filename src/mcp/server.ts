// The MCP surface over stdio, with the official SDK: the only module that imports it, and it is
// imported only when `ix mcp` serves, so no other command's start-up loads it. It knows tools
// as plain data and asks `call` for each answer; which command a tool runs is the caller's.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import process from "node:process";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

export interface ToolSpec {
  name: string;
  description: string;
  inputSchema: { type: "object"; properties: Record<string, unknown>; required?: string[] };
}

export interface ToolAnswer {
  text: string;
  isError: boolean;
}

export type ToolCall = (name: string, args: Record<string, unknown>) => Promise<ToolAnswer>;

/** Serves `tools` on stdin/stdout until the client closes the stream. */
export async function serveStdio(info: { name: string; version: string }, instructions: string, tools: ToolSpec[], call: ToolCall): Promise<void> {
  const server = new Server(info, { capabilities: { tools: {} }, instructions });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  // The SDK runs each request's handler as it arrives, so calls made in parallel overlap.
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const answer = await call(request.params.name, request.params.arguments ?? {});
    return { content: [{ type: "text" as const, text: answer.text }], isError: answer.isError };
  });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  await server.connect(new StdioServerTransport());
  // The transport does not notice the client going away: the end of stdin is that, and closing
  // here lets the command return, so the process ends through main as every command does.
  process.stdin.once("end", () => void server.close());
  await closed;
}

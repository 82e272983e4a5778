// ix mcp: the query commands as tools of a stdio MCP server; `install` writes a host's entry
// for it, `doctor` checks those entries. The SDK loads only when the server starts.
import { presentUnknownTool } from "../present/mcp";
import { Writer } from "../wire/writer";
import { defineIx } from "./command";
import { doctor, install } from "./mcp-install";
import { toolDefs } from "./mcp-tools";

const serve = defineIx({
  meta: { name: "mcp", description: "Serve ix's query commands as MCP tools over stdio" },
  // The server is no answer; each tool call is one, recorded as its command.
  savings: false,
  examples: [{ run: "ix mcp install --host claude", why: "let Claude Code start the server" }],
  subCommands: {
    install,
    doctor,
  },
  run: async (_args, ctx) => {
    const tools = await toolDefs();
    const byName = new Map(tools.map((t) => [t.name, t]));
    const { serveStdio } = await import("../mcp/server");
    await serveStdio(
      { name: "ix", version: ctx.version },
      "ix answers structural questions about the mapped repository (callers, callees, imports, what depends on a line). Answers are llm records. Call map after editing files if status says the graph is stale.",
      tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
      async (name, args) => {
        let text = "";
        const sink = (chunk: string) => {
          text += chunk;
        };
        const tool = byName.get(name);
        if (!tool) {
          const writer = new Writer("llm", sink);
          presentUnknownTool(writer, name);
          writer.end();
          return { text, isError: true };
        }
        const problem = tool.check(args);
        if (problem) return { invalidParams: problem.message, parameter: problem.parameter };
        const code = await ctx.runLine(tool.line(args), sink);
        return { text, isError: code !== 0 };
      },
    );
  },
});

export default serve;

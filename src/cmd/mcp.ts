// ix mcp: the query commands as tools of a stdio MCP server; `install` writes a host's entry
// for it, `doctor` checks those entries. The SDK loads only when the server starts.
import { presentUnknownTool } from "../present/mcp";
import { Writer } from "../wire/writer";
import { contains, realPath } from "../workspace/dirs";
import { defineIx, type LineScope } from "./command";
import { doctor, install } from "./mcp-install";
import { toolDefs } from "./mcp-tools";

/**
 * Where a call acts: inside the roots the client listed, else inside the server's own
 * directory, real paths both (a symbolic link cannot widen them). A call asks from the
 * server's directory when that lies inside the roots, else from the first root, where the
 * client said its work is.
 */
export function callScope(listed: readonly string[] | undefined, cwd: string): LineScope {
  const roots = [...new Set((listed ?? [cwd]).map(realPath))];
  const here = realPath(cwd);
  return { cwd: roots.some((root) => contains(root, here)) ? cwd : roots[0]!, roots };
}

const serve = defineIx({
  meta: { name: "mcp", description: "Serve ix's query commands as MCP tools over stdio" },
  // The server is no answer; each tool call is one, recorded as its command.
  savings: false,
  examples: [{ run: "ix mcp install --host claude", why: "let Claude Code start the server" }],
  notes: [
    {
      name: "Roots",
      text: "Every tool acts inside the roots the client lists (file:// URIs), or inside the directory the server runs in when the client lists none: a path outside them, or a workspace reaching beyond them, is refused with outside_roots.",
    },
  ],
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
      async (name, args, scope) => {
        let text = "";
        const sink = (chunk: string) => {
          text += chunk;
        };
        const tool = byName.get(name);
        if (!tool) {
          const writer = new Writer("llm", sink);
          // The name is the client's: a long one is not sent back whole.
          presentUnknownTool(writer, name.length > 64 ? `${name.slice(0, 64)}…` : name);
          writer.end();
          return { text, isError: true };
        }
        const problem = tool.check(args);
        if (problem) return { invalidParams: problem.message, parameter: problem.parameter };
        const code = await ctx.runLine(tool.line(args), sink, callScope(await scope.roots(), ctx.cwd));
        return { text, isError: code !== 0 };
      },
      (message) => ctx.stderr(`ix mcp: ${message}\n`),
    );
  },
});

export default serve;

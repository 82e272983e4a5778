// Where each agent host keeps its MCP servers, and the entry that starts `ix mcp` there. Each
// host has its own file and shape:
// - Claude Code: ~/.claude.json, "mcpServers" with type "stdio" (what `claude mcp add --scope
//   user` writes; https://docs.anthropic.com/en/docs/claude-code/mcp).
// - Cursor: ~/.cursor/mcp.json, "mcpServers" (https://docs.cursor.com/context/model-context-protocol).
// - Codex: ~/.codex/config.toml, one [mcp_servers.<name>] table with command and args
//   (https://developers.openai.com/codex/mcp; `codex mcp add` writes the same table).
// - Gemini CLI: ~/.gemini/settings.json, "mcpServers" (https://github.com/google-gemini/gemini-cli,
//   docs/tools/mcp-server.md).
// - VS Code: the user profile's mcp.json, "servers" with type "stdio"
//   (https://code.visualstudio.com/docs/copilot/reference/mcp-configuration).
// - opencode: ~/.config/opencode/opencode.json, "mcp" with type "local" and the command as one
//   array (https://opencode.ai/docs/mcp-servers).
// - Windsurf: ~/.codeium/windsurf/mcp_config.json, "mcpServers" (https://docs.windsurf.com/windsurf/cascade/mcp).
import { join } from "node:path";

export const HOSTS = ["claude", "cursor", "codex", "gemini", "vscode", "opencode", "windsurf"] as const;
export type HostId = (typeof HOSTS)[number];

export const SERVER_NAME = "ix";

export interface Host {
  id: HostId;
  format: "json" | "toml";
  file(home: string, platform: string): string;
  /** The keys leading to the object that maps server names to entries. */
  table: string[];
  entry(bin: string): Record<string, unknown>;
  /** The executable an entry starts. */
  commandOf(entry: unknown): string | undefined;
}

const plain = (bin: string) => ({ command: bin, args: ["mcp"] });
const commandField = (entry: unknown) => {
  const command = (entry as { command?: unknown } | undefined)?.command;
  return typeof command === "string" ? command : undefined;
};

function vscodeUserDir(home: string, platform: string): string {
  if (platform === "darwin") return join(home, "Library", "Application Support", "Code", "User");
  if (platform === "win32") return join(home, "AppData", "Roaming", "Code", "User");
  return join(home, ".config", "Code", "User");
}

export const HOST: Record<HostId, Host> = {
  claude: { id: "claude", format: "json", file: (h) => join(h, ".claude.json"), table: ["mcpServers"], entry: (bin) => ({ type: "stdio", ...plain(bin) }), commandOf: commandField },
  cursor: { id: "cursor", format: "json", file: (h) => join(h, ".cursor", "mcp.json"), table: ["mcpServers"], entry: plain, commandOf: commandField },
  codex: { id: "codex", format: "toml", file: (h) => join(h, ".codex", "config.toml"), table: ["mcp_servers"], entry: plain, commandOf: commandField },
  gemini: { id: "gemini", format: "json", file: (h) => join(h, ".gemini", "settings.json"), table: ["mcpServers"], entry: plain, commandOf: commandField },
  vscode: { id: "vscode", format: "json", file: (h, p) => join(vscodeUserDir(h, p), "mcp.json"), table: ["servers"], entry: (bin) => ({ type: "stdio", ...plain(bin) }), commandOf: commandField },
  opencode: {
    id: "opencode",
    format: "json",
    file: (h) => join(h, ".config", "opencode", "opencode.json"),
    table: ["mcp"],
    entry: (bin) => ({ type: "local", command: [bin, "mcp"], enabled: true }),
    commandOf: (entry) => {
      const command = (entry as { command?: unknown } | undefined)?.command;
      return Array.isArray(command) && typeof command[0] === "string" ? command[0] : undefined;
    },
  },
  windsurf: { id: "windsurf", format: "json", file: (h) => join(h, ".codeium", "windsurf", "mcp_config.json"), table: ["mcpServers"], entry: plain, commandOf: commandField },
};

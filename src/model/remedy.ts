// What would fix a state an answer reports, named as an action: each surface says it in its own
// words (the CLI as a command line, an MCP client as a tool to call).

export type Remedy =
  /** Map (or re-map) the workspace; `root` when the fix must name it. */
  | { action: "map"; root?: string }
  /** Delete the graph and map the workspace again. */
  | { action: "rebuild" }
  /** Not a fix but the question to ask instead: the entities under a directory (`path` as the user wrote it). */
  | { action: "list"; path: string }
  /** Not a fix but the question that lists what to fix: the claims the code contradicts. */
  | { action: "conflicts" }
  /** See which investigations (saved context bundles) there are. */
  | { action: "investigations" };

export const MAP: Remedy = { action: "map" };
export const REBUILD: Remedy = { action: "rebuild" };
export const CONFLICTS: Remedy = { action: "conflicts" };
export const INVESTIGATIONS: Remedy = { action: "investigations" };

// The relations the graph holds between its nodes, and the evidence a bound edge rests on.

export type EdgeKind = "CONTAINS" | "CALLS" | "IMPORTS" | "EXTENDS" | "IMPLEMENTS" | "REFERENCES";

/** How an edge was bound: the evidence behind it. */
export type Via =
  | "local"
  | "import"
  | "reexport"
  | "namespace"
  | "receiver-type"
  | "this"
  | "self"
  | "super"
  | "package"
  | "constructor";

// What graphology's algorithms ask of a graph before they read it: graphology-utils' isGraph
// checks for two mutators and `multi`. The views over typed arrays (louvain, pagerank) are
// read-only, so those two throw; no algorithm the map runs calls them.
export abstract class ReadOnlyGraphView {
  readonly multi = false;

  addUndirectedEdgeWithKey(): never {
    throw new Error("a graph view is read-only");
  }

  dropNode(): never {
    throw new Error("a graph view is read-only");
  }
}

/** The attributes of every node and edge of a view: its weights live in its own arrays. */
export const NO_ATTRIBUTES = Object.freeze({});

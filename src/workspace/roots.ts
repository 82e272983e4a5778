// The directories a surface lets a request act in: an MCP server's roots, as its client lists
// them (or its own directory). A path is inside when its real path is one of them or lies
// below one, so neither `..` nor a symbolic link leads out.
import { IxError } from "../model/errors";
import { contains, realPath } from "./dirs";

export function insideRoots(path: string, roots: readonly string[]): boolean {
  const real = realPath(path);
  return roots.some((root) => contains(root, real));
}

/** `what` leaves the roots: said as `<what> is outside the roots …`; `more` is a help line of the caller's. */
export function outsideRoots(what: string, path: string, roots: readonly string[], more?: string): IxError {
  return new IxError(
    "outside_roots",
    `${what} is outside the roots this server may act in: ${roots.join(", ") || "none"}`,
    { path, roots },
    {
      invalidRequest: true,
      help: [
        "A tool acts only inside the roots the client gave (the server's own directory when it gave none); ask inside them, or give the host a root that holds it.",
        ...(more ? [more] : []),
      ],
    },
  );
}

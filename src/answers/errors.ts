// Errors of the target resolver, with what a surface shows beside them: the candidates of an
// ambiguity, the names nearest a miss, and the graph's health when it may explain either.
import { IxError, type Details, type IxErrorOptions } from "../model/errors";
import type { GraphNode, Region } from "../store";
import type { HealthVerdict } from "./health";

export interface TargetFindings {
  /** Every entity the target matched equally well, in rank order. */
  candidates?: GraphNode[];
  /** The entities nearest a target that matched nothing. */
  suggestions?: Suggestion[];
  /** Every region a region target matched equally well. */
  regionCandidates?: Region[];
  /** The regions whose labels are nearest a region target that matched nothing. */
  regionSuggestions?: Region[];
  health: HealthVerdict;
}

/** An entity near a miss, and the target that names it. */
export interface Suggestion {
  node: GraphNode;
  target: string;
}

export class TargetError extends IxError {
  constructor(
    code: "ambiguous_target" | "unresolved_target",
    message: string,
    details: Details,
    readonly findings: TargetFindings,
    options: IxErrorOptions = {},
  ) {
    super(code, message, details, options);
  }
}

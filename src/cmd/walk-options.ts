// The bounds of a walk (--depth, --cap), spelt and checked once for impact, depends and trace.
import { invalidRequest } from "../model/errors";
import { positiveInt } from "./options";

export function walkArgs(depth: { default: number; max: number }, cap: number) {
  return {
    depth: { type: "string", description: `Hops to walk, 1 to ${depth.max} (default ${depth.default})`, valueHint: "n" },
    cap: { type: "string", description: `At most this many entities walked (default ${cap}); the answer says what the cap cut`, valueHint: "n" },
  } as const;
}

export function walkBounds(args: { depth?: string; cap?: string }, depth: { default: number; max: number }, cap: number): { depth: number; cap: number } {
  const asked = positiveInt(args.depth, "--depth") ?? depth.default;
  if (asked > depth.max) throw invalidRequest("invalid_value", `--depth takes 1 to ${depth.max}, got ${asked}`, { option: "--depth", value: String(asked) });
  return { depth: asked, cap: positiveInt(args.cap, "--cap") ?? cap };
}

// AXI change 1: TOON's tabular encoding for collections only; single objects, errors and empty
// states are plain `key: value` lines, quoted only where a TOON decoder would misread them.
import { encode } from "@toon-format/toon";
import type { Doc, Json } from "./document";

const READS_AS_OTHER = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|\[\])$/i;

export function plainScalar(value: Json): string {
  if (typeof value !== "string") return String(value);
  const misread =
    value === "" ||
    value !== value.trim() ||
    /[\x00-\x1f\x7f]/.test(value) ||
    value.startsWith('"') ||
    value.startsWith("#") ||
    READS_AS_OTHER.test(value);
  return misread ? JSON.stringify(value) : value;
}

function objectLines(obj: { [key: string]: Json }, indent: string, out: string[]): void {
  for (const key in obj) {
    const value = obj[key] as Json;
    if (Array.isArray(value)) {
      for (const line of encode({ [key]: value }).split("\n")) out.push(indent + line);
    } else if (value !== null && typeof value === "object") {
      out.push(`${indent}${key}:`);
      objectLines(value, indent + "  ", out);
    } else {
      out.push(`${indent}${key}: ${plainScalar(value)}`);
    }
  }
}

export function encodeToon(doc: Doc): string {
  const out: string[] = [];
  objectLines(doc, "", out);
  return out.join("\n");
}

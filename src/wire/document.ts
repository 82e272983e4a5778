// json and toon answer with one document per invocation: single records become objects under
// their kind, rows become arrays under theirs, errors take the AXI keys (error, code, …, help).
import { Compound, type Fields, fullValue, type Rec } from "./record";

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type Doc = { [key: string]: Json };

export function fieldsToObject(rec: Rec): { [key: string]: Json } {
  return objectOf(rec.fields);
}

function objectOf(fields: Fields): { [key: string]: Json } {
  const obj: { [key: string]: Json } = {};
  for (const key in fields) {
    const field = fields[key];
    if (field instanceof Compound) {
      obj[key] = objectOf(field.whole);
      continue;
    }
    const value = fullValue(field);
    if (value === undefined) continue;
    obj[key] = Array.isArray(value) ? [...value] : (value as Json);
  }
  return obj;
}

export class DocumentBuilder {
  readonly doc: Doc = {};

  add(rec: Rec): void {
    const obj = fieldsToObject(rec);
    const existing = this.doc[rec.kind];
    if (rec.shape === "row") {
      if (Array.isArray(existing)) existing.push(obj);
      else this.doc[rec.kind] = existing === undefined ? [obj] : [existing, obj];
    } else if (existing === undefined) {
      this.doc[rec.kind] = obj;
    } else if (Array.isArray(existing)) {
      existing.push(obj);
    } else {
      this.doc[rec.kind] = [existing, obj];
    }
  }

  declareList(kind: string): void {
    if (this.doc[kind] === undefined) this.doc[kind] = [];
  }

  set(key: string, value: Json): void {
    this.doc[key] = value;
  }
}

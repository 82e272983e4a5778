// Which declared types can be called, as far as one file can tell. A member or a variable is a
// function entity when its declared type has call signatures; the extractor works on one file,
// so a type is read through the aliases and interfaces this file declares at top level, and a
// name it only imports is unknown (not callable): whether a member exists as an entity must not
// depend on another file, whose edit would not re-parse this one.
import type { Node } from "web-tree-sitter";
import { flattened, isNullish, LIBRARY_TYPES, textOf } from "./syntax";

/** true: has call signatures; false: has none; undefined: this file cannot tell. */
type Callability = boolean | undefined;

/** Library generics that hand their argument's call signatures on (`NonNullable<F>` is F without null). */
const SAME_AS_ARGUMENT = new Set(["NonNullable", "NoInfer"]);

export class CallableTypes {
  /** Top-level type aliases (their value) and interfaces (their body), by name. */
  private readonly declared = new Map<string, Node>();
  /** Names declared twice (interface merging, a namespace beside a type): the file cannot be sure. */
  private readonly merged = new Set<string>();
  private readonly known = new Map<string, Callability>();

  constructor(
    root: Node,
    private readonly source: string,
  ) {
    for (const statement of root.namedChildren) {
      let declaration: Node | null = statement;
      if (declaration.type === "export_statement") declaration = declaration.childForFieldName("declaration");
      if (declaration?.type === "ambient_declaration") declaration = declaration.firstNamedChild;
      if (declaration?.type !== "type_alias_declaration" && declaration?.type !== "interface_declaration") continue;
      const name = declaration.childForFieldName("name");
      const body = declaration.childForFieldName(declaration.type === "interface_declaration" ? "body" : "value");
      if (!name || !body) continue;
      const text = textOf(name, source);
      if (this.declared.has(text)) this.merged.add(text);
      this.declared.set(text, body);
    }
  }

  /** Whether a type annotation (or a type) surely has call signatures. */
  callable(annotation: Node | null): boolean {
    return annotation !== null && this.of(annotation, 0) === true;
  }

  /** Nested generics and aliases are followed to a bound: generated types nest deep. */
  private of(type: Node, depth: number): Callability {
    if (depth > MAX_DEPTH) return undefined;
    switch (type.type) {
      case "type_annotation":
      case "parenthesized_type":
        return type.firstNamedChild ? this.of(type.firstNamedChild, depth + 1) : undefined;
      case "function_type":
        return true;
      case "constructor_type":
      case "predefined_type":
      case "literal_type":
      case "array_type":
      case "tuple_type":
        return false;
      case "object_type":
      case "interface_body":
        return type.namedChildren.some((member) => member.type === "call_signature");
      case "union_type":
        return this.union(type, depth);
      case "intersection_type": {
        // One callable part makes the whole callable; an unknown one leaves it unknown.
        let result: Callability = false;
        for (const part of flattened(type)) {
          const one = this.of(part, depth + 1);
          if (one === true) return true;
          if (one === undefined) result = undefined;
        }
        return result;
      }
      case "type_identifier":
        return this.named(textOf(type, this.source), depth);
      case "generic_type":
        return this.generic(type, depth);
      default:
        return undefined;
    }
  }

  /** Every member that is not nullish must be callable: `F | undefined` is, `F | string` is not. */
  private union(type: Node, depth: number): Callability {
    let result: Callability = false;
    let members = 0;
    for (const member of flattened(type)) {
      if (isNullish(member, this.source)) continue;
      members++;
      const one = this.of(member, depth + 1);
      if (one === false) return false;
      if (one === undefined) result = undefined;
      else if (result !== undefined) result = true;
    }
    return members === 0 ? false : result;
  }

  /**
   * `Alias<…>` of this file reads the alias; a library generic has no call signatures of its own;
   * any other generic (`Constrain<T, (ctx) => any>`, imported) is taken as handing on the
   * function type it is given, the way such wrappers are written.
   */
  private generic(type: Node, depth: number): Callability {
    const name = type.childForFieldName("name");
    const args = type.childForFieldName("type_arguments")?.namedChildren ?? [];
    if (name?.type !== "type_identifier") return undefined;
    const text = textOf(name, this.source);
    if (SAME_AS_ARGUMENT.has(text)) return args[0] ? this.of(args[0], depth + 1) : undefined;
    if (LIBRARY_TYPES.has(text) && !this.declared.has(text)) return false;
    const own = this.declared.has(text) ? this.named(text, depth) : undefined;
    if (own !== undefined) return own;
    return args.some((arg) => this.of(arg, depth + 1) === true) ? true : undefined;
  }

  private named(name: string, depth: number): Callability {
    if (this.known.has(name)) return this.known.get(name);
    const body = this.declared.get(name);
    if (!body || this.merged.has(name)) return undefined;
    // Unknown while being read: `type F = G; type G = F` settles nothing.
    this.known.set(name, undefined);
    const result = this.of(body, depth + 1);
    this.known.set(name, result);
    return result;
  }
}

const MAX_DEPTH = 32;

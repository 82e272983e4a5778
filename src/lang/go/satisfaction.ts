// Go's interfaces are satisfied, never declared: a type implements an interface when its method
// set has every method the interface requires (its own and its embedded interfaces'), each by
// name with the same parameter and result types. The edges are proven for the interfaces a
// type can meet through its file's imports or its own package, and for the types of the
// packages an interface's file imports; two packages that never import each other are not
// compared, since that would make every file's edges rest on every package of the repository.
import type { FileIndex } from "../../resolve/file-index.ts";
import type { BinderHost, Satisfaction } from "../../resolve/language.ts";
import type { EntityRef } from "../../resolve/model.ts";
import type { Remembered } from "../../resolve/reads.ts";
import { refKey, type Value } from "../../resolve/values.ts";
import { sameMethodTypes } from "./method-types.ts";
import type { GoPackage } from "./modules.ts";

/** What satisfaction reads of a package: its types and interfaces, and which methods each type declares. */
export interface PackageTypes {
  readonly types: readonly EntityRef[];
  readonly interfaces: readonly EntityRef[];
  /** Type name -> names of the methods declared on it anywhere in the package. */
  readonly methodNames: ReadonlyMap<string, ReadonlySet<string>>;
}

/** What the Go resolver lends: its host, and a package's imports and tables. */
export interface SatisfactionHost {
  readonly binder: BinderHost;
  packageOf(path: string): GoPackage | undefined;
  /** The repository's packages a file imports (not its own). */
  importedPackages(index: FileIndex): GoPackage[];
  types(pkg: GoPackage): PackageTypes;
}

/** An interface's required methods: name -> their types (undefined where not known). */
type Required = ReadonlyMap<string, string | undefined>;

export class Satisfactions {
  private readonly required = new Map<string, Remembered<Required>>();

  constructor(private readonly host: SatisfactionHost) {}

  /** The file's types against the interfaces they meet, and its interfaces against its imports' types. */
  of(path: string, index: FileIndex): Satisfaction[] {
    const pkg = this.host.packageOf(path);
    if (!pkg) return [];
    const found: Satisfaction[] = [];
    const own = this.host.types(pkg);
    const entities = index.facts.entities;
    let met: { iface: EntityRef; via: Satisfaction["via"] }[] | undefined;
    entities.forEach((entity, i) => {
      if (entity.parent >= 0 || (entity.kind !== "class" && entity.kind !== "type")) return;
      const type = { path, index: i };
      // A type with no method of its own and nothing embedded has no method set to compare.
      if (!own.methodNames.has(entity.name) && !index.heritageByEntity.has(i)) return;
      met ??= this.interfacesMet(path, index, pkg, own);
      for (const { iface, via } of met) if (this.satisfies(type, entity.name, own, iface)) found.push({ type, iface, via, line: entity.startLine });
    });
    const interfaces = entities.flatMap((entity, i) => (entity.kind === "interface" && entity.parent < 0 ? [{ path, index: i }] : []));
    if (interfaces.length === 0) return found;
    for (const imported of this.host.importedPackages(index)) {
      const table = this.host.types(imported);
      for (const type of table.types) {
        const entity = this.host.binder.index(type.path)?.entity(type.index);
        if (!entity) continue;
        for (const iface of interfaces) if (this.satisfies(type, entity.name, table, iface)) found.push({ type, iface, via: "import", line: entity.startLine });
      }
    }
    return found;
  }

  /** The interfaces of the file's own package and of the packages it imports. */
  private interfacesMet(path: string, index: FileIndex, pkg: GoPackage, own: PackageTypes): { iface: EntityRef; via: Satisfaction["via"] }[] {
    const met: { iface: EntityRef; via: Satisfaction["via"] }[] = own.interfaces.map((iface) => ({ iface, via: iface.path === path ? "local" : "package" }));
    for (const imported of this.host.importedPackages(index)) {
      if (imported.key === pkg.key) continue;
      for (const iface of this.host.types(imported).interfaces) met.push({ iface, via: "import" });
    }
    return met;
  }

  /** Whether the type (of the package `table` describes) has every method the interface requires. */
  private satisfies(type: EntityRef, name: string, table: PackageTypes, iface: EntityRef): boolean {
    const required = this.requiredOf(iface);
    // An interface whose methods are all unknown (embedded from outside) or none (`any`) proves nothing.
    if (required.size === 0) return false;
    const declared = table.methodNames.get(name);
    const binder = this.host.binder;
    // Promoted methods come through embedded fields: only then is the lookup worth making for a name not declared.
    const embeds = binder.index(type.path)?.heritageByEntity.has(type.index) === true;
    for (const method of required.keys()) if (!declared?.has(method) && !embeds) return false;
    const instance: Value = { t: "instance", classes: [type], via: "receiver-type" };
    for (const [method, types] of required) {
      const found = binder.member(instance, method, "call");
      if (found?.t !== "entity" || found.kind !== "method") return false;
      const have = binder.index(found.ref.path)?.entity(found.ref.index)?.methodTypes;
      if (types !== undefined && have !== undefined && !sameMethodTypes(have, types)) return false;
    }
    return true;
  }

  /** The interface's own methods and those of the interfaces it embeds, found in the repository. */
  private requiredOf(iface: EntityRef): Required {
    const binder = this.host.binder;
    return binder.reads.cached(this.required, refKey(iface), () => {
      const methods = new Map<string, string | undefined>();
      const seen = new Set<string>();
      const stack = [iface];
      while (stack.length > 0) {
        const ref = stack.pop()!;
        if (seen.has(refKey(ref))) continue;
        seen.add(refKey(ref));
        const index = binder.index(ref.path);
        if (!index) continue;
        for (const [name, members] of index.children.get(ref.index) ?? []) {
          const method = members.map((m) => index.entity(m)!).find((e) => e.kind === "method");
          if (method && !methods.has(name)) methods.set(name, method.methodTypes);
        }
        for (const base of binder.bases(ref)) {
          if (base !== "external" && binder.index(base.path)?.entity(base.index)?.kind === "interface") stack.push(base);
        }
      }
      return methods;
    });
  }
}

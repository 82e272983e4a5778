// One chunk's resolvers, one per language family, each created the first time the chunk meets
// a file of its family (the catalog, the language registry, loads the family's resolver code then).
import type { BinderHost, LanguageResolver, Mod } from "./language.ts";
import type { ResolverCatalog } from "./model.ts";
import type { Workspace } from "./workspace.ts";

export class Languages {
  private readonly byFamily = new Map<string, LanguageResolver>();
  private readonly byLang = new Map<string, LanguageResolver>();

  constructor(
    private readonly ws: Workspace,
    private readonly host: BinderHost,
    private readonly catalog: ResolverCatalog,
  ) {}

  /** The resolver of the family a language belongs to. */
  of(lang: string): LanguageResolver {
    let resolver = this.byLang.get(lang);
    if (resolver) return resolver;
    const family = this.catalog.familyOf(lang);
    if (!family) throw new Error(`no language is registered as "${lang}"`);
    resolver = this.byFamily.get(family.id);
    if (!resolver) this.byFamily.set(family.id, (resolver = family.resolver()(this.ws, this.host)));
    this.byLang.set(lang, resolver);
    return resolver;
  }

  /** The resolver that made `mod`, which answers about it. */
  ofModule(mod: Mod): LanguageResolver {
    const resolver = this.byFamily.get(mod.family);
    if (!resolver) throw new Error(`no resolver of the "${mod.family}" family made ${mod.key}`);
    return resolver;
  }
}

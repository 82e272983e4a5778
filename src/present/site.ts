// Where an edge is, as a field of its row: every row that carries a site (callers, callees,
// imports, imported-by, around) shows it the same way. json and toon carry the one object
// `site: {path, line, snippet, also, more_sites}`; llm and text the flat fields
// `site=path:line also=… more_sites=… snippet=…`.
import type { SiteAt } from "../answers/edge-site";
import { type Compound, compound, quiet } from "../wire/record";

/** The site's parts that llm and text show as fields of their own, after `site=`. */
export const SITE_PARTS = ["also", "more_sites", "snippet"] as const;

export function siteField(site: SiteAt | undefined): Compound | undefined {
  if (!site) return undefined;
  return compound(
    { path: site.path, line: site.line, snippet: site.snippet, also: site.also, more_sites: quiet(site.more) },
    { site: `${site.path}:${site.line}`, also: site.also, more_sites: quiet(site.more), snippet: site.snippet },
  );
}

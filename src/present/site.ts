// Where an edge is, as the fields of its row: every row that carries a site (callers, callees,
// imports, imported-by, around) shows it the same way.
import type { SiteAt } from "../answers/edge-site";
import type { Fields } from "../wire/record";

export function siteFields(site: SiteAt | undefined): Fields {
  if (!site) return {};
  return { site: `${site.path}:${site.line}`, also: site.also.length ? site.also : undefined, more_sites: site.more || undefined, snippet: site.snippet };
}

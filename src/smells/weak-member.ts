// weak_component_member: a file the architecture map put in a region it barely belongs to —
// more of the files it is linked with sit in one other region than in its own. The directory
// prior, the size bands and an extended hierarchy (kept files keep their region) can all
// leave a file where its edges no longer are; a hub linked a little with many regions is not
// one: no single other region holds much of its links.
import { byCodeUnit } from "../util/compare";
import { round2, type RegionPlacement, type Smell } from "./model";
import { judged, type RegionRule, type RuleResult } from "./rule";

/** A file linked with fewer other files says too little about where it belongs. */
export const WEAK_MIN_NEIGHBORS = 3;
/** The other region must hold at least this many of its neighbours, ... */
export const WEAK_MIN_BEST = 2;
/**
 * ... and this share of them: a hub (a barrel, a module of shared types) is linked with many
 * regions, and the largest of them can outweigh its own by chance while holding a tenth of its
 * links (rxjs: `src/index.ts`, 18 of 167; `internal/types.ts`, 19 of 178).
 */
export const WEAK_MIN_SHARE = 1 / 3;

export function weakMembers(placement: RegionPlacement): RuleResult {
  const regionOf = new Map(placement.files.map((f) => [f.path, f.region]));
  const neighbours = new Map<string, Set<string>>();
  const add = (a: string, b: string) => {
    let set = neighbours.get(a);
    if (!set) neighbours.set(a, (set = new Set()));
    set.add(b);
  };
  for (const link of placement.links) {
    if (link.from === link.to || !regionOf.has(link.from) || !regionOf.has(link.to)) continue;
    add(link.from, link.to);
    add(link.to, link.from);
  }
  const smells: Smell[] = [];
  for (const file of placement.files) {
    const around = neighbours.get(file.path);
    if (!judged(placement.roles.get(file.path) ?? "") || !around || around.size < WEAK_MIN_NEIGHBORS) continue;
    let inside = 0;
    const elsewhere = new Map<string, number>();
    for (const other of around) {
      const region = regionOf.get(other)!;
      if (region === file.region) inside++;
      else elsewhere.set(region, (elsewhere.get(region) ?? 0) + 1);
    }
    let best: [string, number] | undefined;
    for (const entry of elsewhere) if (!best || entry[1] > best[1] || (entry[1] === best[1] && byCodeUnit(entry[0], best[0]) < 0)) best = entry;
    if (!best || best[1] < WEAK_MIN_BEST || best[1] <= inside || best[1] < WEAK_MIN_SHARE * around.size) continue;
    smells.push({
      kind: "weak_component_member",
      file: file.path,
      // 0.6 when the other region just outweighs its own, +0.1 for each further neighbour there.
      confidence: round2(Math.min(0.9, 0.6 + 0.1 * (best[1] - inside - 1))),
      signals: {
        region: file.region,
        inside,
        outside: around.size - inside,
        best_region: best[0],
        best: best[1],
        edges_inside: round2(file.edgesInside),
        edges_outside: round2(file.edgesOutside),
      },
    });
  }
  return { smells, thresholds: { min_neighbors: WEAK_MIN_NEIGHBORS, min_best: WEAK_MIN_BEST, min_share: round2(WEAK_MIN_SHARE) } };
}

export const weakComponentMemberRule: RegionRule = {
  name: "weak_component_member",
  summary: `a production file linked with ${WEAK_MIN_NEIGHBORS}+ other files, more of which sit in one other region of the architecture map (at least ${WEAK_MIN_BEST}, and a third of them) than in its own innermost region; confidence 0.6, +0.1 per further neighbour there (≤ 0.9); needs the map of the same revision`,
  detect: weakMembers,
};

// The one list of smell rules: each reads the same input and adds its smells. A new rule is one
// module and one line here. The rules over the architecture map read where its regions put
// each file, which the map computes after the revision commits: they run then (REGION_RULES).
import { deadExportRule } from "./dead-export";
import { godModuleRule } from "./god-module";
import { importCycleRule } from "./import-cycle";
import type { RegionRule, SmellRule } from "./rule";
import { orphanFileRule } from "./orphan-file";
import { weakComponentMemberRule } from "./weak-member";

export type { RegionRule, SmellRule };

export const RULES: readonly SmellRule[] = [godModuleRule, importCycleRule, orphanFileRule, deadExportRule];

export const REGION_RULES: readonly RegionRule[] = [weakComponentMemberRule];

export const SMELL_KINDS: readonly string[] = [...RULES, ...REGION_RULES].map((rule) => rule.name);

// The one list of smell rules: each reads the same input and adds its smells. A new rule (a
// weak component member, once regions exist) is one module and one line here.
import { deadExportRule } from "./dead-export";
import { godModuleRule } from "./god-module";
import { importCycleRule } from "./import-cycle";
import type { SmellRule } from "./rule";
import { orphanFileRule } from "./orphan-file";

export type { SmellRule };

export const RULES: readonly SmellRule[] = [godModuleRule, importCycleRule, orphanFileRule, deadExportRule];

export const SMELL_KINDS: readonly string[] = RULES.map((rule) => rule.name);

// The settings a user may set, each with its own check. Anything else in the file is kept but
// not interpreted here.
import { FORMATS, isFormat } from "../wire/writer";

export interface Setting {
  description: string;
  values: readonly string[];
  valid(value: unknown): boolean;
}

export const SETTINGS: Readonly<Record<string, Setting>> = {
  format: {
    description: "Default output format when --format and IX_FORMAT are absent",
    values: FORMATS,
    valid: isFormat,
  },
  history_keep: {
    description: "Revisions of history a map keeps (ix history, patches, diff); older ones are dropped (default 1000)",
    values: ["a whole number, at least 1"],
    valid: (value) => keepOf(value) !== undefined,
  },
};

/** A history_keep value as a number of revisions; undefined when it is none. */
function keepOf(value: unknown): number | undefined {
  const n = typeof value === "number" ? value : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/** The history_keep setting of a config's values: unset is the map's default; a bad value is ignored with a note. */
export function historyKeep(values: Record<string, unknown>): { keep?: number; note?: string } {
  const value = values.history_keep;
  if (value === undefined || value === null) return {};
  const keep = keepOf(value);
  return keep === undefined ? { note: `ignoring history_keep ${JSON.stringify(value)} in config.yaml: expected a whole number, at least 1` } : { keep };
}

export const SETTING_KEYS = Object.keys(SETTINGS);

/** The setting named `key`: own keys only, so `constructor` or `__proto__` names none. */
export const settingOf = (key: string): Setting | undefined => (Object.hasOwn(SETTINGS, key) ? SETTINGS[key] : undefined);

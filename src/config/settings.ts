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
};

export const SETTING_KEYS = Object.keys(SETTINGS);

/** The setting named `key`: own keys only, so `constructor` or `__proto__` names none. */
export const settingOf = (key: string): Setting | undefined => (Object.hasOwn(SETTINGS, key) ? SETTINGS[key] : undefined);

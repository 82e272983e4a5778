// The settings a user may set, each with its own check. Anything else in the file is kept but
// not interpreted here.
import { FORMATS, isFormat } from "../wire/writer";

export interface Setting {
  description: string;
  values: readonly string[];
  valid(value: unknown): boolean;
}

export const SETTINGS: Record<string, Setting> = {
  format: {
    description: "Default output format when --format and IX_FORMAT are absent",
    values: FORMATS,
    valid: isFormat,
  },
};

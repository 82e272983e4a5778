// config as records: the file, each setting with what it allows, and the verbs.
import type { LoadedConfig } from "../config/store";
import type { Setting } from "../config/settings";
import type { Writer } from "../wire/writer";

export interface ConfigView {
  path: string;
  config: LoadedConfig;
  settings: Record<string, Setting>;
  /** IX_FORMAT when it is a format, which wins over the stored one. */
  envFormat?: string;
  effectiveFormat: string;
}

function formatValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export function presentConfig(writer: Writer, view: ConfigView): void {
  const { config } = view;
  const stored = config.values.format;
  writer.record("config", {
    path: view.path,
    exists: config.exists,
    format: typeof stored === "string" ? stored : undefined,
    format_overridden_by: view.envFormat ? `IX_FORMAT=${view.envFormat}` : undefined,
    effective_format: view.effectiveFormat,
  });
  if (config.problem) writer.record("diagnostic", { code: "config_malformed", message: config.problem });
  writer.rows(
    "setting",
    Object.entries(view.settings).map(([key, setting]) => ({
      key,
      value: formatValue(config.values[key]),
      allowed: setting.values,
      description: setting.description,
    })),
  );
}

export function presentConfigVerbs(writer: Writer): void {
  writer.rows("commands", [
    { run: "ix config show", why: "show the configuration" },
    { run: "ix config get <key>", why: "print one value" },
    { run: "ix config set <key> <value>", why: "set one value" },
  ]);
}

export function presentConfigValue(writer: Writer, key: string, value: unknown, path?: string): void {
  writer.record("config", { key, value: formatValue(value), path });
}

export function presentFormatOverridden(writer: Writer, envFormat: string): void {
  writer.record("diagnostic", {
    code: "format_overridden",
    message: `IX_FORMAT=${envFormat} is set in this environment and takes precedence over the stored format`,
  });
}

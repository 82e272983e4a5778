// ix config: the bare group shows the configuration and its verbs; show/get/set.
import { configPath, loadConfig, updateConfig } from "../config/store";
import { SETTINGS } from "../config/settings";
import { defineIx, type Context } from "../cli/command";
import { CliError, usageError } from "../cli/errors";
import { isFormat } from "../wire/writer";

function showConfig(ctx: Context): void {
  const config = loadConfig(ctx.home);
  const stored = config.values.format;
  const envFormat = ctx.env.IX_FORMAT;
  ctx.writer.record("config", {
    path: configPath(ctx.home),
    exists: config.exists,
    format: typeof stored === "string" ? stored : undefined,
    format_overridden_by: envFormat && isFormat(envFormat) ? `IX_FORMAT=${envFormat}` : undefined,
    effective_format: ctx.format,
  });
  if (config.problem) ctx.writer.record("diagnostic", { code: "config_malformed", message: config.problem });
  ctx.writer.rows(
    "setting",
    Object.entries(SETTINGS).map(([key, setting]) => ({
      key,
      value: formatValue(config.values[key]),
      allowed: setting.values,
      description: setting.description,
    })),
  );
}

function formatValue(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

const show = defineIx({
  meta: { name: "show", description: "Show the configuration file, its settings and the effective format" },
  examples: [{ run: "ix config show --format llm", why: "the settings as records" }],
  run: (_args, ctx) => showConfig(ctx),
});

const get = defineIx({
  meta: { name: "get", description: "Print one configuration value (dotted keys reach nested values)" },
  args: { key: { type: "positional", required: true, description: "The key, e.g. format" } },
  examples: [{ run: "ix config get format", why: "the stored default format" }],
  run: ({ key }, ctx) => {
    const config = loadConfig(ctx.home);
    if (config.problem) throw new CliError("config_malformed", config.problem, 1, { path: configPath(ctx.home) });
    let value: unknown = config.values;
    for (const part of key.split(".")) {
      value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
    }
    if (value === undefined) {
      throw new CliError("config_key_unset", `No value is set for '${key}'`, 1, { key }, [
        `Settable keys: ${Object.keys(SETTINGS).join(", ")}`,
      ]);
    }
    ctx.writer.record("config", { key, value: formatValue(value) });
  },
});

const set = defineIx({
  meta: { name: "set", description: "Set one configuration value" },
  args: {
    key: { type: "positional", required: true, description: `The key: ${Object.keys(SETTINGS).join(", ")}` },
    value: { type: "positional", required: true, description: "The value" },
  },
  examples: [{ run: "ix config set format llm", why: "answer in llm records by default" }],
  run: ({ key, value }, ctx) => {
    const setting = SETTINGS[key];
    if (!setting) {
      throw usageError("invalid_value", `Unknown setting '${key}'`, { key }, [`Settable keys: ${Object.keys(SETTINGS).join(", ")}`]);
    }
    if (!setting.valid(value)) {
      throw usageError("invalid_value", `Invalid value for ${key}: "${value}". Expected one of: ${setting.values.join(", ")}`, {
        key,
        value,
      });
    }
    updateConfig(ctx.home, (doc) => doc.set(key, value));
    ctx.writer.record("config", { key, value, path: configPath(ctx.home) });
    if (key === "format" && ctx.env.IX_FORMAT && isFormat(ctx.env.IX_FORMAT) && ctx.env.IX_FORMAT !== value) {
      ctx.writer.record("diagnostic", {
        code: "format_overridden",
        message: `IX_FORMAT=${ctx.env.IX_FORMAT} is set in this environment and takes precedence over the stored format`,
      });
    }
  },
});

export default defineIx({
  meta: { name: "config", description: "Show, get or set ix's configuration ($IX_HOME/config.yaml)" },
  examples: [
    { run: "ix config", why: "the configuration and the verbs" },
    { run: "ix config set format llm", why: "answer in llm records by default" },
  ],
  subCommands: { show, get, set },
  run: (_args, ctx) => {
    showConfig(ctx);
    ctx.writer.rows("commands", [
      { run: "ix config show", why: "show the configuration" },
      { run: "ix config get <key>", why: "print one value" },
      { run: "ix config set <key> <value>", why: "set one value" },
    ]);
  },
});

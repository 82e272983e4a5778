// ix config: the bare group shows the configuration and its verbs; show/get/set.
import { configPath, loadConfig, updateConfig, valueAt } from "../config/store";
import { SETTING_KEYS, SETTINGS, settingOf, type Setting } from "../config/settings";
import { defineIx, type Context } from "./command";
import { invalidRequest, IxError } from "../model/errors";
import { presentConfig, presentConfigValue, presentConfigVerbs, presentFormatOverridden } from "../present/config";
import { isFormat } from "../wire/writer";

function showConfig(ctx: Context): void {
  const envFormat = ctx.env.IX_FORMAT;
  presentConfig(ctx.writer, {
    path: configPath(ctx.home),
    config: loadConfig(ctx.home),
    settings: SETTINGS,
    envFormat: envFormat && isFormat(envFormat) ? envFormat : undefined,
    effectiveFormat: ctx.format,
  });
}

/** The setting named `name`; any other name is a wrong request. */
function knownSetting(name: string, key = name): Setting {
  const setting = settingOf(name);
  if (!setting) throw invalidRequest("unknown_key", `Unknown setting '${key}'`, { key }, [`Settable keys: ${SETTING_KEYS.join(", ")}`]);
  return setting;
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
    const path = key.split(".");
    knownSetting(path[0]!, key);
    const config = loadConfig(ctx.home);
    if (config.problem) throw new IxError("config_malformed", config.problem, { path: configPath(ctx.home) });
    const value = valueAt(config.values, path);
    if (value === undefined) {
      throw new IxError("config_key_unset", `No value is set for '${key}'`, { key }, { help: [`Settable keys: ${SETTING_KEYS.join(", ")}`] });
    }
    presentConfigValue(ctx.writer, key, value);
  },
});

const set = defineIx({
  meta: { name: "set", description: "Set one configuration value" },
  args: {
    key: { type: "positional", required: true, description: `The key: ${SETTING_KEYS.join(", ")}` },
    value: { type: "positional", required: true, description: "The value" },
  },
  examples: [{ run: "ix config set format llm", why: "answer in llm records by default" }],
  run: ({ key, value }, ctx) => {
    const setting = knownSetting(key);
    if (!setting.valid(value)) {
      throw invalidRequest("invalid_value", `Invalid value for ${key}: "${value}". Expected one of: ${setting.values.join(", ")}`, {
        key,
        value,
      });
    }
    updateConfig(ctx.home, (doc) => doc.set(key, value));
    presentConfigValue(ctx.writer, key, value, configPath(ctx.home));
    if (key === "format" && ctx.env.IX_FORMAT && isFormat(ctx.env.IX_FORMAT) && ctx.env.IX_FORMAT !== value) presentFormatOverridden(ctx.writer, ctx.env.IX_FORMAT);
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
    presentConfigVerbs(ctx.writer);
  },
});

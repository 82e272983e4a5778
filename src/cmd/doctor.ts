// ix doctor: every check that tells whether ix can answer here, each with a verdict and a fix.
import { doctorAnswer } from "../answers/doctor";
import { configPath, loadConfig } from "../config/store";
import { defineIx } from "./command";
import { presentDoctor } from "../present/doctor";

export default defineIx({
  meta: { name: "doctor", description: "Check the settings, store, schema, graph health and staleness of this workspace" },
  examples: [{ run: "ix doctor --format llm", why: "why does ix answer nothing here?" }],
  run: async (_args, ctx) => presentDoctor(ctx.writer, await doctorAnswer(ctx, { path: configPath(ctx.home), problem: loadConfig(ctx.home).problem })),
});

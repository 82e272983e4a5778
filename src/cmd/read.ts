// ix read <path | path:a-b | symbol>: source as a numbered content block.
import { readAnswer } from "../answers/read";
import { withSession } from "../answers/session";
import { positiveInt } from "./options";
import { defineIx } from "./command";
import { TARGET_ARGS, targetOptions } from "./options";
import { presentRead } from "../present/read";

export default defineIx({
  // Without ix: the whole file, of which a symbol or a range is a part.
  savings: "files",
  meta: { name: "read", description: "Source of a file, a line range (path:a-b) or a symbol, numbered; a binary file by its size" },
  args: {
    ...TARGET_ARGS,
    limit: { type: "string", description: "At most this many lines (default 400)", valueHint: "n" },
    full: { type: "boolean", description: "Every line, no limit" },
  },
  examples: [
    { run: "ix read src/main.ts:1-40", why: "the first 40 lines of a file" },
    { run: "ix read parseArgs", why: "the source of a symbol" },
  ],
  run: (args, ctx) =>
    withSession(ctx, async (session) => {
      const limit = args.full ? Number.MAX_SAFE_INTEGER : (positiveInt(args.limit, "--limit") ?? 400);
      presentRead(ctx.writer, await readAnswer(session, args.target, targetOptions(args), limit));
    }),
});

// ix context <target>: one bounded, ranked bundle about a target; --save keeps it, --list,
// --resume and --diff read it back. Four modes on one command, so which flags go together is
// checked here before anything is read: a flag another mode owns is a mode_conflict.
import { BUDGETS, BUDGET_NAMES, DEFAULT_BUDGETS, SCORES, STRUCTURAL_ROWS, clampBudget, contextBundle, type BudgetName, type Budgets } from "../answers/context";
import { checkInvestigationId, diffInvestigation, listInvestigations, loadInvestigation, saveInvestigation } from "../answers/investigations";
import { withSession } from "../answers/session";
import { resolveTarget } from "../answers/target";
import { invalidRequest } from "../model/errors";
import { presentClamped, presentContext, presentDiff, presentListing, presentResumed, presentSaved } from "../present/context";
import { defineIx } from "./command";
import { TARGET_ARGS, targetOptions } from "./options";

const OPTION_OF: Record<BudgetName, string> = {
  entities: "--max-entities",
  relationships: "--max-relationships",
  evidence: "--max-evidence",
  chars: "--max-chars",
};

const range = (name: BudgetName) => `${BUDGETS[name].min}-${BUDGETS[name].max}, default ${BUDGETS[name].fallback}`;

type Args = {
  target?: string;
  kind?: string;
  path?: string;
  pick?: string;
  "include-tests"?: boolean;
  "tests-only"?: boolean;
  save?: string;
  list?: boolean;
  resume?: string;
  diff?: string;
} & Partial<Record<`max-${BudgetName}`, string>>;

/** The budgets a line asks for (absent: not asked), each clamped to its range, and the ones that were. */
function requestedBudgets(args: Args): { requested?: Partial<Budgets>; clamped: { option: string; asked: number; applied: number }[] } {
  const requested: Partial<Budgets> = {};
  const clamped: { option: string; asked: number; applied: number }[] = [];
  for (const name of BUDGET_NAMES) {
    const raw = args[`max-${name}`];
    if (raw === undefined) continue;
    const option = OPTION_OF[name];
    if (!/^\d{1,12}$/.test(raw)) throw invalidRequest("invalid_value", `${option} takes a whole number (${range(name)}), got "${raw}"`, { option, value: raw });
    const asked = Number(raw);
    requested[name] = clampBudget(name, asked);
    if (requested[name] !== asked) clamped.push({ option, asked, applied: requested[name] });
  }
  return { requested: Object.keys(requested).length > 0 ? requested : undefined, clamped };
}

/** Which mode the line asks for, or the flags that cannot go together. */
function modeOf(args: Args): "build" | "list" | "resume" | "diff" {
  const modes = (["list", "resume", "diff"] as const).filter((m) => args[m] !== undefined && args[m] !== false);
  const conflict = (message: string, options: string[]) => invalidRequest("mode_conflict", message, { options: options.join(",") });
  if (modes.length > 1) throw conflict(`--${modes.join(" and --")} are separate modes: give one`, modes.map((m) => `--${m}`));
  const mode = modes[0] ?? "build";
  if (mode === "build") {
    if (args.target === undefined) {
      throw invalidRequest("missing_target", "ix context needs a target (a symbol, file, path:line or id prefix), or one of --list, --resume <id>, --diff <id>", { argument: "target" });
    }
    return mode;
  }
  const targetFlags = (["kind", "path", "pick", "include-tests", "tests-only"] as const).filter((k) => args[k] !== undefined && args[k] !== false).map((k) => `--${k}`);
  const budgetFlags = BUDGET_NAMES.filter((n) => args[`max-${n}`] !== undefined).map((n) => OPTION_OF[n]);
  const extra = [
    ...(args.target !== undefined ? ["<target>"] : []),
    ...targetFlags,
    ...(args.save !== undefined ? ["--save"] : []),
    // --diff builds a fresh bundle with the saved budgets: a requested one is reported, not applied.
    ...(mode === "diff" ? [] : budgetFlags),
  ];
  if (extra.length > 0) {
    const why = mode === "diff" ? "--diff compares with the saved investigation's own target" : `--${mode} reads saved investigations and builds no bundle`;
    throw conflict(`${why}: drop ${extra.join(", ")}`, [`--${mode}`, ...extra]);
  }
  return mode;
}

export default defineIx({
  meta: {
    name: "context",
    description: "A bounded, ranked bundle about one target: its entities, relationships, claims and evidence; --save, --list, --resume, --diff keep and compare bundles",
  },
  args: {
    ...TARGET_ARGS,
    target: { ...TARGET_ARGS.target, required: false },
    "max-entities": { type: "string", description: `Entities kept, the target first (${range("entities")})`, valueHint: "n" },
    "max-relationships": { type: "string", description: `Relationships kept (${range("relationships")})`, valueHint: "n" },
    "max-evidence": { type: "string", description: `Evidence items kept (${range("evidence")})`, valueHint: "n" },
    "max-chars": { type: "string", description: `Characters of evidence kept, each item counted as its JSON (${range("chars")})`, valueHint: "n" },
    save: { type: "string", description: "Keep the bundle in $IX_HOME/investigations under this id", valueHint: "id" },
    list: { type: "boolean", description: "The saved investigations, newest first" },
    resume: { type: "string", description: "A saved investigation's bundle, as it was saved (no graph needed)", valueHint: "id" },
    diff: { type: "string", description: "A fresh bundle, built with the saved budgets, against the saved one", valueHint: "id" },
  },
  notes: [
    {
      name: "evidence",
      text:
        `Ranked by score, lower first; ties keep the graph's order. target ${SCORES.target}; structural ${SCORES.structural}+i, capped at ${SCORES.structural + 9} ` +
        `(the container, up to ${STRUCTURAL_ROWS.members} members used from other files first, ${STRUCTURAL_ROWS.callers} callers, ${STRUCTURAL_ROWS.dependents} dependents); ` +
        `claim ${SCORES.claim}; conflict ${SCORES.conflict}; relationship ${SCORES.relationship}+i, capped at ${SCORES.relationship + 9}; provenance ${SCORES.provenance}.`,
    },
    { name: "budgets", text: "A value outside its range is clamped (a budget_clamped diagnostic says so); truncated_* count what each budget left out, zeros kept." },
    { name: "freshness", text: "classification=current: no file of the bundle changed since the map; stale: one did; unverified: one could not be checked; degraded: the graph lost its structure (graph=degraded replaces stale=)." },
    { name: "ids", text: "An id may be any text; its file keeps [A-Za-z0-9._-] and writes other bytes as ~HH (a leading dot too). --resume and --diff take the id or the file name." },
    { name: "counts", text: "decisions and intents are always 0: ix records neither. claims are the doc comments' statements of the bundle's entities." },
  ],
  examples: [
    { run: "ix context parseArgs --format llm", why: "what to read about parseArgs, ranked" },
    { run: "ix context src/store/graph.ts --max-evidence 10 --save graph-api", why: "a file's bundle, kept for later" },
    { run: "ix context --diff graph-api", why: "what changed since it was saved" },
  ],
  run: async (args, ctx) => {
    const line = args as Args;
    const mode = modeOf(line);
    const { requested, clamped } = requestedBudgets(line);
    if (mode === "list") return presentListing(ctx.writer, listInvestigations(ctx.home));
    if (mode === "resume") {
      const { investigation, file } = loadInvestigation(ctx.home, line.resume!, "resume");
      return presentResumed(ctx.writer, investigation, file);
    }
    if (mode === "diff") {
      const { investigation } = loadInvestigation(ctx.home, line.diff!, "diff");
      const budgets = investigation.bundle.budgets;
      const saved = investigation.bundle.target;
      return withSession(ctx, async (session) => {
        // The saved target by its id; a target whose id moved (renamed, moved file) by its name and kind.
        const node = (await session.graph.node(saved.id)) ?? (await resolveTarget(session, saved.kind === "file" ? saved.path : saved.name, { kind: saved.kind }));
        const fresh = await contextBundle(session, node, budgets);
        presentDiff(ctx.writer, diffInvestigation(investigation, fresh, requested, new Date()));
      });
    }
    // A --save id no file can be named after is a usage error before any graph work.
    if (line.save !== undefined) checkInvestigationId(line.save, "save");
    const budgets: Budgets = { ...DEFAULT_BUDGETS, ...requested };
    return withSession(ctx, async (session) => {
      const node = await resolveTarget(session, line.target!, targetOptions(line));
      const bundle = await contextBundle(session, node, budgets);
      const saved = line.save !== undefined ? saveInvestigation(ctx.home, line.save, bundle, new Date()) : undefined;
      presentContext(ctx.writer, bundle);
      presentClamped(ctx.writer, clamped);
      if (saved) presentSaved(ctx.writer, saved.investigation, saved.file);
    });
  },
});

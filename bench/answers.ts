// ix's answers as an agent reads them: one CLI process per question, `--format llm --full`,
// rows decoded with the wire's own decoder. Scoring through these (not through the store)
// counts everything between the graph and the agent: the target resolver, the answer's cut,
// the rows' names and paths.
import { decodeLlmStream } from "../src/wire/llm";

/** One row of a relation answer: the entity at the other end, by name and file. */
export interface AnswerRow {
  /** "<file>" for a file row (top-level code, or an importing file). */
  name: string;
  path: string;
  /** Row fields beyond name and path, for rows that say how they relate (via=, use=, …). */
  fields: Record<string, string>;
}

export interface Answer {
  /** The entity ix answered about (the header's target=), or undefined on an error record. */
  target?: string;
  /** The header's path= (the file of the entity answered about), when it says one. */
  headerPath?: string;
  rows: AnswerRow[];
  /** The error record's code when ix answered with one. */
  error?: string;
}

const FILE_ROW = "<file>";

/**
 * `rowKind`: the records that are the answer's rows (`ref` for the edge commands, `caller` for
 * impact). Rows without a path are left out, unless `pathless` keeps them (path "": an
 * unresolved import that `ix imports` names by its specifier).
 */
export function parseAnswer(stdout: string, rowKind = "ref", pathless = false): Answer {
  const records = decodeLlmStream(stdout);
  const head = records[0];
  if (!head) return { rows: [], error: "no_output" };
  if (head.kind === "error") return { rows: [], error: head.fields.code ?? "error" };
  const rows: AnswerRow[] = [];
  for (const rec of records.slice(1)) {
    if (rec.kind !== rowKind) continue;
    const { name, path, kind, ...fields } = rec.fields;
    if (path === undefined && !pathless) continue;
    rows.push({ name: kind === "file" || name === undefined ? FILE_ROW : name, path: path ?? "", fields: { kind: kind ?? "", ...fields } });
  }
  return { target: head.fields.target, headerPath: head.fields.path, rows };
}

/**
 * Asks ix each question, `parallel` processes at a time, as an agent's parallel calls would.
 * A question is the argument list after the binary (`["callers", "src/a.ts:12"]`).
 */
export async function askAll(bin: string, cwd: string, env: Record<string, string>, questions: string[][], parallel = 4, rowKind = "ref", pathless = false): Promise<Answer[]> {
  const answers: Answer[] = new Array(questions.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < questions.length) {
      const index = next++;
      const proc = Bun.spawn([bin, ...questions[index]!, "--format", "llm", "--full"], { cwd, env: { ...process.env, ...env }, stdout: "pipe", stderr: "ignore" });
      const stdout = await new Response(proc.stdout).text();
      await proc.exited;
      answers[index] = parseAnswer(stdout, rowKind, pathless);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, questions.length) }, worker));
  return answers;
}

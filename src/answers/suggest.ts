// "Did you mean": the names in the graph nearest to a target that matched nothing. Close
// spellings first (edit distance, case ignored), then longer names that begin with the target,
// then the target's own words (`IngestionService` → Ingestion, Service), then a shorter name the
// target begins with. Nothing far: a wrong suggestion costs an agent a failed command.
import { editDistance } from "../util/edit-distance";
import { wordsOf } from "../util/words";
import { byCodeUnit } from "../util/compare";

interface Scored {
  name: string;
  score: number;
  /** Holds every letter of the target in order (the target dropped one). */
  dropped: boolean;
}

/** How many edits a name of this length may be from the target and still count as a typo. */
function typoBudget(length: number): number {
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

export function nearestNames(names: Iterable<string>, target: string, max = 5): string[] {
  const lower = target.toLowerCase();
  const budget = typoBudget(lower.length);
  const words = wordsOf(target).filter((w) => w.length >= 3);
  const ownWords = words.length > 1 ? words : [];
  const scored: Scored[] = [];
  for (const name of names) {
    const candidate = name.toLowerCase();
    if (candidate.length < 2 && lower.length > 2) continue;
    let score: number | undefined;
    if (Math.abs(candidate.length - lower.length) <= budget) {
      const d = editDistance(lower, candidate, budget);
      if (d <= budget) score = d;
    }
    if (score === undefined && candidate.startsWith(lower)) score = budget + 1;
    if (score === undefined && ownWords.includes(candidate)) score = budget + 1.5 + ownWords.indexOf(candidate) / 100;
    if (score === undefined && lower.startsWith(candidate) && candidate.length >= Math.max(3, Math.ceil(lower.length / 2))) score = budget + 2;
    if (score !== undefined) scored.push({ name, score, dropped: isSubsequence(lower, candidate) });
  }
  // Beside a close spelling, the target's words and stems are noise.
  const close = scored.some((s) => s.score <= budget);
  return scored
    .filter((s) => !close || s.score <= budget + 1)
    .sort(
      (a, b) =>
        a.score - b.score ||
        Number(b.dropped) - Number(a.dropped) ||
        Math.abs(a.name.length - target.length) - Math.abs(b.name.length - target.length) ||
        byCodeUnit(a.name, b.name),
    )
    .slice(0, max)
    .map((s) => s.name);
}

/** A dropped letter is the commonest typo, so a name holding the target's letters in order ranks first. */
function isSubsequence(short: string, long: string): boolean {
  let at = 0;
  for (let i = 0; i < long.length && at < short.length; i++) if (long[i] === short[at]) at++;
  return at === short.length;
}

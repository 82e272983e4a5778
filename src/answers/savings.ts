// What ix has spared an agent: the ledger's session and lifetime, priced for one model. Every
// figure here, its source and its reasoning is in README's "Savings" section.
import { logPath, readLedger, resetSession } from "../ledger/ledger";
import { IDLE_MS, sum, type Tally } from "../ledger/tally";
import { invalidRequest } from "../model/errors";
import { writeFailure } from "../model/write-failure";

export interface Price {
  label: string;
  /** US dollars per million input tokens: what reading a token costs. */
  input: number;
  output: number;
}

/** Published list prices per million tokens (see README for the date and source). */
export const PRICES: Record<string, Price> = {
  opus: { label: "Claude Opus 4.1", input: 15, output: 75 },
  "opus-4.5": { label: "Claude Opus 4.5", input: 5, output: 25 },
  sonnet: { label: "Claude Sonnet 4.5", input: 3, output: 15 },
  haiku: { label: "Claude Haiku 4.5", input: 1, output: 5 },
  "gpt-5": { label: "GPT-5", input: 1.25, output: 10 },
  "gpt-4o": { label: "GPT-4o", input: 2.5, output: 10 },
};
export const DEFAULT_MODEL = "opus";

/** Millilitres of water per 1,000 tokens: a low-end, order-of-magnitude figure (README). */
export const WATER_ML_PER_1K = 2;

export interface CommandSavings {
  name: string;
  count: number;
  tokensSaved: number;
}

export interface ScopeSavings {
  name: "session" | "lifetime";
  commands: number;
  naiveTokens: number;
  actualTokens: number;
  tokensSaved: number;
  moneySaved: number;
  waterSavedMl: number;
  byCommand: CommandSavings[];
}

export interface SavingsAnswer {
  model: string;
  price: Price;
  scopes: [ScopeSavings, ScopeSavings];
  /** Ledger lines that could not be read and were left out. */
  skipped: number;
  /** Ledger files that could not be read and were left out, each "<name> <why>". */
  unreadable: string[];
}

export function priceOf(model: string): Price {
  const price = Object.hasOwn(PRICES, model) ? PRICES[model] : undefined;
  if (!price) {
    const known = Object.keys(PRICES);
    throw invalidRequest("unknown_model", `Unknown model '${model}'. Known models: ${known.join(", ")}`, { model, known }, [`Known models: ${known.join(", ")}`]);
  }
  return price;
}

export const moneyOf = (tokens: number, price: Price) => round(tokens * price.input / 1e6, 2);
export const waterOf = (tokens: number) => round(tokens / 1000 * WATER_ML_PER_1K, 3);
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function scopeOf(name: ScopeSavings["name"], tallies: Record<string, Tally>, price: Price): ScopeSavings {
  let commands = 0;
  let naiveTokens = 0;
  let actualTokens = 0;
  const byCommand: CommandSavings[] = [];
  // The ledger's figures are whole and bounded (ledger/tally): so are their sums.
  for (const [command, tally] of Object.entries(tallies)) {
    commands = sum(commands, tally.count);
    naiveTokens = sum(naiveTokens, tally.naive);
    actualTokens = sum(actualTokens, tally.actual);
    byCommand.push({ name: command, count: tally.count, tokensSaved: tally.naive - tally.actual });
  }
  byCommand.sort((a, b) => b.tokensSaved - a.tokensSaved || b.count - a.count || (a.name < b.name ? -1 : 1));
  const tokensSaved = naiveTokens - actualTokens;
  return { name, commands, naiveTokens, actualTokens, tokensSaved, moneySaved: moneyOf(tokensSaved, price), waterSavedMl: waterOf(tokensSaved), byCommand };
}

export function savings(home: string, model: string, now = Date.now()): SavingsAnswer {
  const price = priceOf(model);
  const ledger = readLedger(home);
  // A session idle for longer than IDLE_MS is over: the next command starts a new one.
  const session = ledger.last !== null && now - ledger.last <= IDLE_MS ? ledger.session : {};
  const scopes: SavingsAnswer["scopes"] = [scopeOf("session", session, price), scopeOf("lifetime", ledger.lifetime, price)];
  return { model, price, scopes, skipped: ledger.skipped, unreadable: ledger.unreadable };
}

/** Ends the session now; the lifetime is kept. */
export function resetSavings(home: string, model: string, now = Date.now()): SavingsAnswer {
  priceOf(model);
  try {
    resetSession(home, now);
  } catch (error) {
    throw writeFailure(error, { what: "the savings ledger's reset line", kept: "the session and the lifetime are as they were", path: logPath(home) }) ?? error;
  }
  return savings(home, model, now);
}

// A command line as a POSIX shell reads it. Every suggested command (a `next` step, an error's
// `hint=`) is run by agents through a shell, so each word is quoted unless it is made only of
// characters no shell treats specially: a path with a space, a quote, `$` or a backtick then
// reaches ix as the one word it was.
const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One word, quoted for a POSIX shell when it needs to be: 'single quotes', a quote as '\''. */
export function shellWord(word: string): string {
  if (PLAIN.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Words joined into one command line, each quoted as it needs. */
export function commandLine(words: readonly string[]): string {
  return words.map(shellWord).join(" ");
}

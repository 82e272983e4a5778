// Directories too broad to be a workspace: the filesystem's root, the user's home, and any
// directory holding the home. A workspace covers every directory below it that no narrower one
// covers, so one of these would answer for everything a person has (`ix status` anywhere said
// root=/ stale_files=33482), and mapping it walks all of it. Such a root is registered only
// when the map was told so explicitly, and the registry records that it was.
import { homedir, userInfo } from "node:os";
import { parse } from "node:path";
import { contains, realPath } from "./dirs";

/** The user's home directories as the environment and the system name them, real paths. */
function homes(env: Record<string, string | undefined>): string[] {
  const named = [env.HOME, homedir()];
  try {
    named.push(userInfo().homedir);
  } catch {
    // No entry for this user in the system's list: the environment's is all there is.
  }
  return [...new Set(named.filter((home): home is string => Boolean(home)).map(realPath))];
}

/** Why `dir` is too broad to be a workspace, completing "<dir> is …"; undefined when it is not. */
export function broadRoot(dir: string, env: Record<string, string | undefined> = process.env): string | undefined {
  const real = realPath(dir);
  if (parse(real).root === real) return "the filesystem's root";
  for (const home of homes(env)) {
    if (real === home) return "your home directory";
    if (contains(real, home)) return `a directory holding your home directory ${home}`;
  }
  return undefined;
}

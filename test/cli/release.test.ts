// The installs of a release, black-box: `bun scripts/release.ts` builds the host target and one
// other; its archives, SHA256SUMS and Homebrew formula are checked against each other; the npm
// packages are packed and installed globally from a loopback registry into an empty prefix and
// run a query; install.sh installs from a loopback server, and refuses a corrupted archive.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { version } from "../../package.json" with { type: "json" };
import { ROOT, tempDir, writeTree } from "../helpers/cli";
import { has, HOST, OTHER, release, RELEASE_BASE_URL, run, sums } from "../helpers/release";

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");
const archiveOf = (target: string) => `ix-${target}.${target.startsWith("windows") ? "zip" : "tar.gz"}`;
const FIXTURE = {
  "a.ts": "export function foo(): number {\n  return 1;\n}\n",
  "b.ts": 'import { foo } from "./a";\nexport function bar(): number {\n  return foo();\n}\n',
};

/** Temporary folders of this file, removed after it: most hold a 120 MB binary. */
const scratched: string[] = [];
function scratch(prefix: string): string {
  const made = tempDir(prefix);
  scratched.push(made);
  return made;
}
afterAll(() => {
  for (const made of scratched) rmSync(made, { recursive: true, force: true });
});

/** A PATH of one folder holding links to these tools only: no bun, and no curl unless named. */
function pathWith(tools: string[]): string {
  const dir = scratch("ix-path-");
  for (const tool of tools) {
    const found = Bun.which(tool);
    if (found) symlinkSync(found, join(dir, tool));
  }
  return dir;
}

let dir = "";
beforeAll(async () => {
  dir = await release();
}, { timeout: 600_000 });

describe("bun run release", () => {
  test("an unknown target or option is a usage error (exit 2) before anything is built", () => {
    for (const args of [["--targets", "linux-ppc64"], ["--bogus"], ["--out"]]) {
      const r = Bun.spawnSync(["bun", "scripts/release.ts", ...args], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
      expect(r.exitCode).toBe(2);
      expect(r.stderr.toString()).toContain("usage: bun run release");
    }
  });

  test("one archive per target, and SHA256SUMS holds each one's sum and nothing else", () => {
    const listed = sums(dir);
    expect([...listed.keys()].sort()).toEqual([archiveOf(HOST), archiveOf(OTHER)].sort());
    for (const [name, sum] of listed) expect(sha256(join(dir, name))).toBe(sum);
    if (has("sha256sum")) expect(Bun.spawnSync(["sha256sum", "-c", "SHA256SUMS"], { cwd: dir }).exitCode).toBe(0);
  });

  test("the host archive holds the host binary alone, executable, and it runs", async () => {
    const listing = Bun.spawnSync(["tar", "-tvzf", join(dir, archiveOf(HOST))], { stdout: "pipe" }).stdout.toString().trim().split("\n");
    expect(listing).toHaveLength(1);
    expect(listing[0]).toMatch(/^-rwxr-xr-x .* ix$/);
    const out = scratch("ix-unpacked-");
    expect(Bun.spawnSync(["tar", "-xzf", join(dir, archiveOf(HOST)), "-C", out]).exitCode).toBe(0);
    expect(sha256(join(out, "ix"))).toBe(sha256(join(ROOT, `dist/ix-${HOST}`)));
    const r = await run([join(out, "ix"), "--version"], { env: { PATH: "/nonexistent" } });
    expect(r.stdout.trim()).toBe(version);
  });

  test("the other target's archive holds that target's binary", () => {
    const out = scratch("ix-unpacked-");
    const archive = join(dir, archiveOf(OTHER));
    if (archive.endsWith(".zip")) {
      if (!has("unzip")) throw new Error("unzip is not installed; scripts/test.sh installs it (apt-get install unzip)");
      expect(Bun.spawnSync(["unzip", "-Z1", archive], { stdout: "pipe" }).stdout.toString().trim()).toBe("ix.exe");
      expect(Bun.spawnSync(["unzip", "-q", archive, "-d", out]).exitCode).toBe(0);
      expect(sha256(join(out, "ix.exe"))).toBe(sha256(join(ROOT, `dist/ix-${OTHER}.exe`)));
      expect(readFileSync(join(out, "ix.exe")).subarray(0, 2).toString()).toBe("MZ");
    } else {
      expect(Bun.spawnSync(["tar", "-xzf", archive, "-C", out]).exitCode).toBe(0);
      expect(sha256(join(out, "ix"))).toBe(sha256(join(ROOT, `dist/ix-${OTHER}`)));
    }
  });

  test("the Homebrew formula is valid Ruby and names each macOS/Linux archive with its sum", () => {
    const rb = readFileSync(join(dir, "ix.rb"), "utf8");
    if (!has("ruby")) throw new Error("ruby is not installed; scripts/test.sh installs it (apt-get install ruby)");
    const check = Bun.spawnSync(["ruby", "-c", join(dir, "ix.rb")], { stdout: "pipe", stderr: "pipe" });
    expect(check.stderr.toString()).toBe("");
    expect(check.stdout.toString().trim()).toBe("Syntax OK");
    const named = [...rb.matchAll(/url "([^"]+)"\n\s+sha256 "([0-9a-f]{64})"/g)].map((m) => [m[1]!, m[2]!]);
    const expected = [...sums(dir)].filter(([name]) => !name.includes("windows")).map(([name, sum]) => [`${RELEASE_BASE_URL}/${name}`, sum]);
    expect(named.sort()).toEqual(expected.sort());
    expect(rb).toContain(`version "${version}"`);
    expect(rb).toContain('bin.install "ix"');
    expect(rb).toMatch(/test do\n[\s\S]*ix --version[\s\S]*callers foo/);
  });

  test("the release's install.sh is the repository's, with the release's URL as its default", () => {
    const script = readFileSync(join(dir, "install.sh"), "utf8");
    expect(script).toContain(`IX_RELEASE_URL='${RELEASE_BASE_URL}'\n`);
    expect(script.replace(`IX_RELEASE_URL='${RELEASE_BASE_URL}'`, 'IX_RELEASE_URL=""')).toBe(readFileSync(join(ROOT, "install.sh"), "utf8"));
  });
});

describe("npm install -g ix-codemap, from the packed packages on a loopback registry", () => {
  const requests: string[] = [];
  let server: ReturnType<typeof Bun.serve> | undefined;
  let prefix = "";
  let installed: Awaited<ReturnType<typeof run>>;
  const nodePath = () => pathWith(["node", "sh"]);

  beforeAll(async () => {
    const npmDir = join(await release(), "npm");
    const packed = scratch("ix-npm-packed-");
    const tarballs = new Map<string, string>();
    // Packed as they are published: the wrapper and the host's package (the other platform's
    // package is listed by the registry but must never be downloaded).
    for (const name of ["ix-codemap", `ix-codemap-${HOST}`]) {
      const r = await run(["npm", "pack", "--json", "--pack-destination", packed], { cwd: join(npmDir, name) });
      expect(r.code).toBe(0);
      tarballs.set(name, join(packed, JSON.parse(r.stdout)[0].filename));
    }
    server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch(request) {
        const path = decodeURIComponent(new URL(request.url).pathname);
        requests.push(path);
        const tarball = /^\/-\/(.+)\.tgz$/.exec(path);
        if (tarball) {
          const file = tarballs.get(tarball[1]!);
          return file ? new Response(Bun.file(file)) : new Response("not found", { status: 404 });
        }
        const name = path.slice(1);
        if (!existsSync(join(npmDir, name, "package.json"))) return Response.json({ error: "not found" }, { status: 404 });
        const manifest = JSON.parse(readFileSync(join(npmDir, name, "package.json"), "utf8"));
        const file = tarballs.get(name);
        const bytes = file ? readFileSync(file) : Buffer.from("never packed");
        const dist = {
          tarball: `${server!.url.origin}/-/${name}.tgz`,
          shasum: createHash("sha1").update(bytes).digest("hex"),
          integrity: `sha512-${createHash("sha512").update(bytes).digest("base64")}`,
        };
        return Response.json({ name, "dist-tags": { latest: manifest.version }, versions: { [manifest.version]: { ...manifest, _id: `${name}@${manifest.version}`, dist } } });
      },
    });
    prefix = scratch("ix-npm-prefix-");
    installed = await run(["npm", "install", "-g", "--prefix", prefix, "--registry", server.url.origin, "--cache", scratch("ix-npm-cache-"), "--no-audit", "--no-fund", "--no-update-notifier", "ix-codemap"], {
      env: { PATH: process.env.PATH ?? "", HOME: scratch("ix-npm-home-") },
    });
  }, { timeout: 600_000 });

  afterAll(() => server?.stop(true));

  test("installs the wrapper and the host's platform package only", () => {
    expect(installed.stderr).not.toContain("ERR");
    expect(installed.code).toBe(0);
    const modules = join(prefix, "lib/node_modules");
    expect(existsSync(join(modules, "ix-codemap/bin/ix.js"))).toBe(true);
    const platform = existsSync(join(modules, `ix-codemap/node_modules/ix-codemap-${HOST}`)) ? join(modules, `ix-codemap/node_modules/ix-codemap-${HOST}`) : join(modules, `ix-codemap-${HOST}`);
    expect(statSync(join(platform, "bin/ix")).mode & 0o111).not.toBe(0);
    expect(requests).toContain(`/ix-codemap-${HOST}`);
    expect(requests).not.toContain(`/-/ix-codemap-${OTHER}.tgz`);
    expect(requests.some((r) => r.includes(OTHER) && r.endsWith(".tgz"))).toBe(false);
  });

  test("ix --version and a query run from the prefix with node and no bun on PATH", async () => {
    const env = { PATH: nodePath(), HOME: scratch("ix-npm-user-"), IX_HOME: scratch("ix-npm-ixhome-") };
    const ixBin = join(prefix, "bin/ix");
    const v = await run([ixBin, "--version"], { env });
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toBe(version);
    const root = await writeTree(scratch("ix-npm-repo-"), FIXTURE);
    const mapped = await run([ixBin, "map", ".", "--silent"], { cwd: root, env });
    expect(mapped.code).toBe(0);
    const callers = await run([ixBin, "callers", "foo", "--format", "llm"], { cwd: root, env });
    expect(callers.code).toBe(0);
    expect(callers.stdout).toMatch(/^\w+ name=bar kind=function path=b\.ts /m);
  });

  test("the launcher passes on ix's exit code, stdout and stderr unchanged", async () => {
    const env = { PATH: nodePath(), HOME: scratch("ix-npm-user-"), IX_HOME: scratch("ix-npm-ixhome-") };
    for (const args of [["--bogus", "--format", "llm"], ["callers", "nothing_here", "--format", "json"]]) {
      const cwd = scratch("ix-npm-cwd-");
      const viaNpm = await run([join(prefix, "bin/ix"), ...args], { cwd, env });
      const direct = await run([join(ROOT, `dist/ix-${HOST}`), ...args], { cwd, env });
      expect(viaNpm.code).not.toBe(0);
      expect(viaNpm).toEqual(direct);
    }
  });

  test("without the platform package, the launcher says which and exits 127", async () => {
    const copy = scratch("ix-npm-broken-");
    cpSync(join(prefix, "lib/node_modules/ix-codemap"), join(copy, "ix-codemap"), { recursive: true });
    rmSync(join(copy, "ix-codemap/node_modules"), { recursive: true, force: true });
    const r = await run(["node", join(copy, "ix-codemap/bin/ix.js"), "--version"], { env: { PATH: nodePath() } });
    expect(r.code).toBe(127);
    expect(r.stderr).toContain(`ix-codemap-${HOST}`);
    expect(r.stderr).toContain("npm install -g ix-codemap");
  });
});

describe("install.sh from a loopback server", () => {
  let server: ReturnType<typeof Bun.serve> | undefined;
  const script = join(ROOT, "install.sh");
  const tools = ["sh", "uname", "mktemp", "rm", "awk", "cut", "tar", "gzip", "chmod", "mkdir", "cp", "mv", "sha256sum", "grep", "cat"];

  beforeAll(async () => {
    const from = await release();
    server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch(request) {
        const [, kind, name] = new URL(request.url).pathname.split("/");
        if (!name || name.includes("..") || !existsSync(join(from, name))) return new Response("not found", { status: 404 });
        if (kind === "missing" && name !== "SHA256SUMS") return new Response("not found", { status: 404 });
        const bytes = readFileSync(join(from, name));
        // One byte flipped in the middle: still a gzip header, no longer the archive summed.
        if (kind === "corrupt" && name !== "SHA256SUMS") bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0xff;
        return new Response(bytes);
      },
    });
  }, { timeout: 600_000 });

  afterAll(() => server?.stop(true));

  // IX_FORMAT=json, as a user may have set it: the script still reads the installed version.
  const install = (kind: string, into: string, opts: { shell?: string; path?: string } = {}) =>
    run([opts.shell ?? "sh", script], { env: { PATH: opts.path ?? pathWith([...tools, "curl"]), HOME: scratch("ix-install-home-"), IX_DOWNLOAD_URL: `${server!.url.origin}/${kind}/`, IX_INSTALL_DIR: into, IX_FORMAT: "json" } });

  test("parses as POSIX sh, and under dash", () => {
    expect(Bun.spawnSync(["sh", "-n", script]).exitCode).toBe(0);
    if (has("dash")) expect(Bun.spawnSync(["dash", "-n", script]).exitCode).toBe(0);
  });

  test("installs the host binary into IX_INSTALL_DIR, checked against SHA256SUMS, with curl", async () => {
    const into = join(scratch("ix-install-"), "bin");
    const r = await install("good", into, { shell: Bun.which("dash") ?? Bun.which("sh")! });
    expect(r.stderr).toContain(`installed ix ${version} to ${into}/ix`);
    expect(r.code).toBe(0);
    expect(sha256(join(into, "ix"))).toBe(sha256(join(ROOT, `dist/ix-${HOST}`)));
    expect(readdirSync(into)).toEqual(["ix"]);
  });

  test("with wget when there is no curl, replacing the ix already there", async () => {
    if (!has("wget")) throw new Error("wget is not installed; scripts/test.sh installs it (apt-get install wget)");
    const into = scratch("ix-install-");
    writeFileSync(join(into, "ix"), "#!/bin/sh\necho old\n");
    chmodSync(join(into, "ix"), 0o755);
    const r = await install("good", into, { path: pathWith([...tools, "wget"]) });
    expect(r.code).toBe(0);
    expect((await run([join(into, "ix"), "--version"])).stdout.trim()).toBe(version);
  });

  test("a corrupted archive installs nothing, leaves the old ix whole and exits 1", async () => {
    const into = scratch("ix-install-");
    writeFileSync(join(into, "ix"), "#!/bin/sh\necho old\n");
    chmodSync(join(into, "ix"), 0o755);
    const r = await install("corrupt", into);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`checksum mismatch for ix-${HOST}.tar.gz`);
    expect(r.stderr).toContain("nothing was installed");
    expect(readFileSync(join(into, "ix"), "utf8")).toBe("#!/bin/sh\necho old\n");
    expect(readdirSync(into)).toEqual(["ix"]);
  });

  test("a missing archive, or no URL at all, exits 1 with what went wrong", async () => {
    const into = join(scratch("ix-install-"), "bin");
    const missing = await install("missing", into);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`could not download ${server!.url.origin}/missing/ix-${HOST}.tar.gz`);
    expect(existsSync(join(into, "ix"))).toBe(false);
    const none = await run(["sh", script], { env: { PATH: pathWith([...tools, "curl"]), HOME: scratch("ix-install-home-") } });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("set IX_DOWNLOAD_URL");
  });
});

describe("the Claude Code plugin from a release", () => {
  test("bun scripts/plugin.ts --release bundles each archive's binary, and the launcher runs it", async () => {
    const plugin = join(scratch("ix-plugin-rel-"), "ix");
    cpSync(join(ROOT, "plugin"), plugin, { recursive: true, filter: (from) => !/\/bin\/[a-z]+-(x64|arm64)$/.test(from) });
    const r = await run(["bun", "scripts/plugin.ts", "--release", await release(), "--into", plugin], { cwd: ROOT });
    expect(r.stderr).toContain(`bundled ${archiveOf(HOST)} as plugin/bin/${HOST}/ix`);
    expect(r.code).toBe(0);
    expect(sha256(join(plugin, "bin", HOST, "ix"))).toBe(sha256(join(ROOT, `dist/ix-${HOST}`)));
    expect(existsSync(join(plugin, "bin", OTHER))).toBe(true);
    const v = await run([join(plugin, "bin/ix"), "--version"], { env: { PATH: "/usr/bin:/bin" } });
    expect(v.stdout.trim()).toBe(version);
  }, { timeout: 180_000 }); // two 120 MB binaries unpacked and summed: 60 s at a load of 29 on 2 cores

  test("an archive that does not match SHA256SUMS is refused", async () => {
    const from = await release();
    const copy = scratch("ix-release-copy-");
    cpSync(join(from, "SHA256SUMS"), join(copy, "SHA256SUMS"));
    const bytes = readFileSync(join(from, archiveOf(HOST)));
    bytes[100] = bytes[100]! ^ 0xff;
    writeFileSync(join(copy, archiveOf(HOST)), bytes);
    const plugin = join(scratch("ix-plugin-rel-"), "ix");
    const r = await run(["bun", "scripts/plugin.ts", "--release", copy, "--into", plugin], { cwd: ROOT });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`${archiveOf(HOST)} does not match SHA256SUMS`);
    expect(existsSync(join(plugin, "bin", HOST))).toBe(false);
  });
});

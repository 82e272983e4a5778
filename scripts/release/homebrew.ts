// The Homebrew formula of a release: each macOS and Linux archive's URL and sha256, chosen by
// OS and CPU, and a test that maps a file and asks who calls a function.
import type { Target } from "./targets.ts";

export interface FormulaArchive {
  target: Target;
  url: string;
  sha256: string;
}

const BLOCKS: { os: "macos" | "linux"; cpu: "arm" | "intel"; target: Target }[] = [
  { os: "macos", cpu: "arm", target: "darwin-arm64" },
  { os: "macos", cpu: "intel", target: "darwin-x64" },
  { os: "linux", cpu: "arm", target: "linux-arm64" },
  { os: "linux", cpu: "intel", target: "linux-x64" },
];

/** The formula's text, or undefined when the release holds no macOS or Linux archive. */
export function formula(version: string, homepage: string, archives: FormulaArchive[]): string | undefined {
  const byTarget = new Map(archives.map((a) => [a.target, a]));
  const sections: string[] = [];
  for (const os of ["macos", "linux"] as const) {
    const inner: string[] = [];
    for (const block of BLOCKS.filter((b) => b.os === os)) {
      const archive = byTarget.get(block.target);
      if (!archive) continue;
      inner.push(`    on_${block.cpu} do\n      url ${ruby(archive.url)}\n      sha256 ${ruby(archive.sha256)}\n    end`);
    }
    if (inner.length) sections.push(`  on_${os} do\n${inner.join("\n")}\n  end`);
  }
  if (!sections.length) return undefined;
  return `# Written by scripts/release.ts for ix ${version}; make a new release rather than edit it.
class Ix < Formula
  desc "Code map for AI coding agents: callers, impact and more from one binary"
  homepage ${ruby(homepage)}
  version ${ruby(version)}
  license "MIT"

${sections.join("\n\n")}

  def install
    bin.install "ix"
  end

  test do
    assert_equal version.to_s, shell_output("#{bin}/ix --version").strip
    (testpath/"a.ts").write "export function foo(): number {\\n  return 1;\\n}\\n"
    (testpath/"b.ts").write "import { foo } from \\"./a\\";\\nexport function bar(): number {\\n  return foo();\\n}\\n"
    ENV["IX_HOME"] = (testpath/".ix").to_s
    system bin/"ix", "map", ".", "--silent"
    assert_match "name=bar", shell_output("#{bin}/ix callers foo --format llm")
  end
end
`;
}

/** A Ruby string literal: double-quoted, with the characters Ruby would interpolate escaped. */
function ruby(value: string): string {
  return `"${value.replace(/[\\"#]/g, (c) => `\\${c}`)}"`;
}

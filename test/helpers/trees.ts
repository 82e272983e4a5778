// Source trees of known structure, for tests of what ix finds in a repository's shape.

/** `count` files in `dir`, each importing and calling the next two: one tight package. */
export function ring(dir: string, count: number, prefix: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const a = (i + 1) % count;
    const b = (i + 2) % count;
    files[`${dir}/${prefix}${i}.ts`] =
      `import { ${prefix}${a} } from "./${prefix}${a}";\nimport { ${prefix}${b} } from "./${prefix}${b}";\n` +
      `export function ${prefix}${i}(n: number): number {\n  return n > 0 ? ${prefix}${a}(n - 1) + ${prefix}${b}(n - 2) : 0;\n}\n`;
  }
  return files;
}

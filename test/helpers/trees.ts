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

/**
 * A repository whose dependents are known, for impact, depends and trace: a chain of calls
 * (leaf ← mid1 ← mid2 ← top3, so depth 1, 2 and 3 are each one function), a test file calling
 * mid2 (it reaches leaf through callers), a cycle (ping ↔ pong), an interface with two
 * implementations and a function calling through it, a hub with `hubCallers` callers in as many
 * files, and a class whose members other files call, imported by name.
 */
export function impactTree(hubCallers: number): Record<string, string> {
  const files: Record<string, string> = {
    "src/chain.ts":
      "export function leaf(): number {\n  return 1;\n}\n" +
      "export function mid1(): number {\n  return leaf() + 1;\n}\n" +
      "export function mid2(): number {\n  return mid1() + 1;\n}\n" +
      "export function top3(): number {\n  return mid2() + 1;\n}\n",
    "test/chain.test.ts": 'import { mid2 } from "../src/chain";\n\nexport function checkMid(): boolean {\n  return mid2() === 3;\n}\n',
    "src/cycle.ts":
      "export function ping(n: number): number {\n  return n > 0 ? pong(n - 1) : 0;\n}\n" +
      "export function pong(n: number): number {\n  return ping(n);\n}\n",
    "src/shape.ts":
      "export interface Shape {\n  area(): number;\n}\n" +
      "export class Square implements Shape {\n  area(): number {\n    return 4;\n  }\n}\n" +
      "export class Circle implements Shape {\n  area(): number {\n    return 3;\n  }\n}\n" +
      "export function total(s: Shape): number {\n  return s.area();\n}\n",
    "src/hub.ts": "export function hub(n: number): number {\n  return n;\n}\n",
    "src/store.ts":
      "export class Store {\n  get(key: string): string {\n    return key;\n  }\n  put(key: string): void {\n    this.get(key);\n  }\n}\n",
    "src/app/use-store.ts":
      'import { Store } from "../store";\n\nexport function useStore(): string {\n  const store = new Store();\n  store.put("a");\n  return store.get("b");\n}\n',
    "src/app/main.ts": 'import { useStore } from "./use-store";\nimport { top3 } from "../chain";\n\nexport function main(): string {\n  top3();\n  return useStore();\n}\n',
  };
  for (let i = 0; i < hubCallers; i++) {
    files[`src/callers/c${i}.ts`] = `import { hub } from "../hub";\n\nexport function call${i}(): number {\n  return hub(${i});\n}\n`;
  }
  return files;
}

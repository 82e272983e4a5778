// What a file is for. Answers rank production code first and can leave the rest out.

export type Role = "production" | "test" | "fixture" | "generated" | "tooling" | "external";

/** Roles whose entities a target or a ranking puts behind production code. */
export const TEST_ROLES: ReadonlySet<string> = new Set(["test", "fixture"]);

// What an entity is for (its role) and how much rests on it (its importance), decided from graph
// facts alone, by rules tried in a fixed order. The original tool (reference/ix-behaviour.md)
// read most roles off words in names ("client", "score", "resolve"): a name says what its
// author hoped, the graph says how it is used, so every rule here reads edges, kinds, exports
// and the file's role, and says which facts decided it. README "How explain decides" and
// `ix explain --help` state the same rules; each has its own unit test.

/** What the rules read about one entity; counts are the graph's, unknowns already withheld upstream. */
export interface ExplainFacts {
  kind: string;
  name: string;
  exported: boolean;
  /** The role of its file (production, test, fixture, …). */
  fileRole: string;
  /** Calls and hand-overs by name (answers/usage). */
  callers: number;
  /** Of the callers, those in test or fixture files. */
  testCallers: number;
  /** Distinct files holding a caller, its own file aside. */
  callerFiles: number;
  /** Unresolved sites naming it: callers the graph could not prove. */
  unresolved: number;
  /** Annotations naming it as a type. */
  typeReferences: number;
  callees: number;
  /** Distinct files its callees live in, its own aside. */
  calleeFiles: number;
  members: number;
  /** Members that are callables (methods, functions). */
  methods: number;
  importers: number;
  dependents: number;
  /** Entities reachable through calls within `depth` hops. */
  downstream: number;
  /** Types extending or implementing it. */
  subtypes: number;
  /** Types it extends or implements. */
  bases: number;
  /** Its file is one a runtime loads by itself (main.go, __main__.py, cli.ts) or declares itself a program (package main). */
  entryFile: boolean;
  /** Declared inside a function or method (a nested def, `const helper = () => …`): only that function starts it. */
  local: boolean;
  /**
   * It is exported through a package's entry: defined in a package index or a file a manifest
   * names as an entry point (exports, main, bin), or in a file such an entry imports naming it.
   */
  packageApi: boolean;
}

export type Confidence = "high" | "medium" | "low";

export interface Verdict<T extends string> {
  value: T;
  confidence: Confidence;
  /** The facts that decided it, as `fact` or `fact=value`. */
  reasons: string[];
}

export const ROLES = [
  "test_helper",
  "test",
  "entry_point",
  "contract",
  "data_model",
  "public_api",
  "adapter",
  "orchestrator",
  "shared_utility",
  "localized_helper",
  "container",
  "unused",
  "unknown",
] as const;
export type RoleName = (typeof ROLES)[number];

/** The numbers the rules compare against, named once: README and --help print these. */
export const THRESHOLDS = {
  /** orchestrator: at least this many callees, spread over at least `orchestratorFiles` other files… */
  orchestratorCallees: 5,
  orchestratorFiles: 2,
  /** …and at most this many callers (a routine many call is a utility, whatever it calls). */
  orchestratorCallers: 3,
  /** shared utility: at least this many callers from at least `sharedFiles` other files, calling at most `sharedCallees`. */
  sharedCallers: 3,
  sharedFiles: 2,
  sharedCallees: 3,
  /** data model: a class with at most this many methods. */
  modelMethods: 2,
  /** importance high (broad shared dependency): any of these reached. */
  broadCallers: 8,
  broadCallerFiles: 5,
  broadDependents: 10,
  broadImporters: 5,
  /** importance high (choke point): few callers, at most this many, and at least `chokeDownstream` reached through calls. */
  chokeCallers: 2,
  chokeDownstream: 8,
  /** importance low: at most this many dependents and this much downstream. */
  localDependents: 1,
  localDownstream: 3,
} as const;

const CALLABLE = new Set(["function", "method"]);
const TYPE_KINDS = new Set(["class", "interface", "type"]);
const CONTAINER = new Set(["file", "module", "class", "interface", "type"]);
const TEST_FILE_ROLES = new Set(["test", "fixture"]);

const T = THRESHOLDS;

/** Lowered when callers the graph could not bind might change the answer. */
function caution(facts: ExplainFacts, confidence: Confidence): Confidence {
  if (facts.unresolved === 0) return confidence;
  return confidence === "high" ? "medium" : "low";
}

function verdict(value: RoleName, confidence: Confidence, reasons: (string | false)[]): Verdict<RoleName> {
  return { value, confidence, reasons: reasons.filter((r): r is string => r !== false) };
}

const unresolvedReason = (f: ExplainFacts): string | false => f.unresolved > 0 && `unresolved_uses=${f.unresolved}`;

/** Each rule: the role when it applies, else undefined. Tried in this order; the first that applies decides. */
export const ROLE_RULES: readonly { role: RoleName; summary: string; rule: (f: ExplainFacts) => Verdict<RoleName> | undefined }[] = [
  {
    // Defined in a test file and used from tests: what a test leans on, not a test itself.
    role: "test_helper",
    summary: `defined in a test or fixture file and called from tests`,
    rule: (f) =>
      TEST_FILE_ROLES.has(f.fileRole) && f.testCallers > 0
        ? verdict("test_helper", "high", [`file_role=${f.fileRole}`, `test_callers=${f.testCallers}`])
        : undefined,
  },
  {
    role: "test",
    summary: `defined in a test or fixture file, called by no test`,
    rule: (f) => (TEST_FILE_ROLES.has(f.fileRole) ? verdict("test", "high", [`file_role=${f.fileRole}`, f.callers === 0 && "no_callers"]) : undefined),
  },
  {
    // A callable in production code that nothing calls and that calls into the code; surest
    // when it is top-level in a file the runtime loads by itself.
    role: "entry_point",
    summary: `a function or method in production code that nothing calls and that calls into the code: high when it is top-level in a file the runtime loads by itself, else medium when exported (but not through a package's entry: public_api), low when not; never a function's local`,
    rule: (f) => {
      // A local is started by the function around it, whether or not the graph saw the call.
      if (!CALLABLE.has(f.kind) || f.fileRole !== "production" || f.local) return undefined;
      // A callable that calls nothing starts nothing, wherever it is (an unused helper of main.go).
      if (f.entryFile && f.callers === 0 && f.callees > 0) return verdict("entry_point", "high", ["entry_file", "no_callers", `callees=${f.callees}`]);
      // A package's export that nothing here calls is called from outside: its API, not a guess.
      if (f.callers === 0 && f.callees > 0 && f.typeReferences === 0 && !f.packageApi) {
        return verdict("entry_point", caution(f, f.exported ? "medium" : "low"), ["no_callers", `callees=${f.callees}`, f.exported && "exported", unresolvedReason(f)]);
      }
      return undefined;
    },
  },
  {
    // An interface (or a base class) others implement: the seam every implementation hangs on.
    role: "contract",
    summary: `a class or interface that other types extend or implement`,
    rule: (f) =>
      TYPE_KINDS.has(f.kind) && f.subtypes > 0 && f.kind !== "type"
        ? verdict("contract", "high", [`kind=${f.kind}`, `implemented_by=${f.subtypes}`])
        : undefined,
  },
  {
    // A shape data travels in: an interface or type alias, or a class with few methods.
    role: "data_model",
    summary: `an interface or type alias; or a class with at most ${T.modelMethods} methods and no base (medium when annotations name it as a type, else low)`,
    rule: (f) => {
      if (f.kind === "interface" || f.kind === "type") return verdict("data_model", "high", [`kind=${f.kind}`, f.typeReferences > 0 && `type_refs=${f.typeReferences}`]);
      if (f.kind === "class" && f.methods <= T.modelMethods && f.bases === 0) {
        return verdict("data_model", f.typeReferences > 0 ? "medium" : "low", [`kind=class`, `methods=${f.methods}`, f.typeReferences > 0 && `type_refs=${f.typeReferences}`]);
      }
      return undefined;
    },
  },
  {
    role: "public_api",
    summary: `exported through a package's entry: defined at the top of a package index or of a file its manifest names (exports, main, bin; a Go module's root package), or imported by one by name`,
    rule: (f) => (f.packageApi && f.kind !== "file" ? verdict("public_api", "high", ["package_export", f.callers > 0 && `callers=${f.callers}`]) : undefined),
  },
  {
    // A class that fulfils a type declared elsewhere: it adapts its own code to a contract.
    role: "adapter",
    summary: `a class that extends or implements another type`,
    rule: (f) => (f.kind === "class" && f.bases > 0 ? verdict("adapter", "medium", [`implements=${f.bases}`, `methods=${f.methods}`]) : undefined),
  },
  {
    role: "orchestrator",
    summary: `a callable with at least ${T.orchestratorCallees} callees in at least ${T.orchestratorFiles} other files and at most ${T.orchestratorCallers} callers`,
    rule: (f) =>
      CALLABLE.has(f.kind) && f.callees >= T.orchestratorCallees && f.calleeFiles >= T.orchestratorFiles && f.callers <= T.orchestratorCallers
        ? verdict("orchestrator", caution(f, "medium"), [`callees=${f.callees}`, `callee_files=${f.calleeFiles}`, `callers=${f.callers}`, unresolvedReason(f)])
        : undefined,
  },
  {
    role: "shared_utility",
    summary: `a callable with at least ${T.sharedCallers} callers from at least ${T.sharedFiles} other files and at most ${T.sharedCallees} callees`,
    rule: (f) =>
      CALLABLE.has(f.kind) && f.callers >= T.sharedCallers && f.callerFiles >= T.sharedFiles && f.callees <= T.sharedCallees
        ? verdict("shared_utility", "high", [`callers=${f.callers}`, `caller_files=${f.callerFiles}`, `callees=${f.callees}`])
        : undefined,
  },
  {
    // Used, but from its own file or from one other: a helper of one place.
    role: "localized_helper",
    summary: `a callable whose callers are all in its own file or one other`,
    rule: (f) =>
      CALLABLE.has(f.kind) && f.callers > 0 && f.callerFiles <= 1
        ? verdict("localized_helper", caution(f, "medium"), [`callers=${f.callers}`, `caller_files=${f.callerFiles}`, unresolvedReason(f)])
        : undefined,
  },
  {
    role: "container",
    summary: `a file, module or type with members (none of the above)`,
    rule: (f) => (CONTAINER.has(f.kind) && f.members > 0 ? verdict("container", "medium", [`kind=${f.kind}`, `members=${f.members}`]) : undefined),
  },
  {
    // Nothing the graph knows of uses it. A floor when unresolved sites name it.
    role: "unused",
    summary: `not exported, and no caller, dependent, importer or annotation uses it`,
    rule: (f) =>
      f.callers === 0 && f.dependents === 0 && f.importers === 0 && f.typeReferences === 0 && !f.exported
        ? verdict("unused", f.unresolved > 0 ? "low" : "medium", ["no_callers", "no_dependents", unresolvedReason(f)])
        : undefined,
  },
];

export function roleOf(facts: ExplainFacts): Verdict<RoleName> {
  for (const { rule } of ROLE_RULES) {
    const found = rule(facts);
    if (found) return found;
  }
  return verdict("unknown", "low", [`callers=${facts.callers}`, `callees=${facts.callees}`]);
}

export type ImportanceLevel = "high" | "medium" | "low";
export type ImportanceCategory = "broad_shared_dependency" | "pipeline_choke_point" | "localized" | "normal";

export interface Importance {
  level: ImportanceLevel;
  category: ImportanceCategory;
  reasons: string[];
}

/** How much would feel a change to it: its reach upstream (who depends on it) and downstream (what it drives). */
export function importanceOf(f: ExplainFacts): Importance {
  const broad = [
    f.callers >= T.broadCallers && `callers=${f.callers}`,
    f.callerFiles >= T.broadCallerFiles && `caller_files=${f.callerFiles}`,
    f.dependents >= T.broadDependents && `dependents=${f.dependents}`,
    f.importers >= T.broadImporters && `importers=${f.importers}`,
  ].filter((r): r is string => r !== false);
  if (broad.length > 0) return { level: "high", category: "broad_shared_dependency", reasons: broad };
  if (f.callers > 0 && f.callers <= T.chokeCallers && f.downstream >= T.chokeDownstream) {
    return { level: "high", category: "pipeline_choke_point", reasons: [`callers=${f.callers}`, `downstream=${f.downstream}`] };
  }
  if (f.dependents <= T.localDependents && f.importers === 0 && f.downstream <= T.localDownstream && f.callerFiles <= 1 && !f.packageApi) {
    return { level: "low", category: "localized", reasons: [`dependents=${f.dependents}`, `downstream=${f.downstream}`] };
  }
  return { level: "medium", category: "normal", reasons: [`dependents=${f.dependents}`, `downstream=${f.downstream}`] };
}

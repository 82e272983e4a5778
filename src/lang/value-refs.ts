// Which of a file's value references may name a function, method or class. Most values are
// variables, parameters and fields; a reference is kept only where the file imports or
// declares its name as one (`helper`, `ns.fn`, `Foo.create`), where its object is the
// instance itself and the file declares its member (`this.onClose`, `self.on_done`), or where
// it is a member of the base (`super._next`: nothing but methods are read through super), or
// where its object is a variable of a known type (`router.buildLocation`, `router: Router`).
import type { FileFacts } from "../model/facts";

export function keepLikelyValues(facts: FileFacts, selfNames: ReadonlySet<string>): void {
  if (!facts.refs.some((ref) => ref.value)) return;
  const callable = new Set<string>();
  for (const entity of facts.entities) if (entity.kind !== "interface" && entity.kind !== "type") callable.add(entity.name);
  const imported = new Set<string>();
  for (const fact of facts.imports) {
    if (fact.typeOnly) continue;
    for (const name of fact.names) if (name.local) imported.add(name.local.split(".")[0]!);
  }
  const typed = new Set<string>();
  for (const v of facts.vars) typed.add(v.name);
  for (const v of facts.resultVars ?? []) typed.add(v.name);
  facts.refs = facts.refs.filter((ref) => {
    if (!ref.value) return true;
    const dot = ref.name.indexOf(".");
    if (dot < 0) return callable.has(ref.name) || imported.has(ref.name);
    const head = ref.name.slice(0, dot);
    if (selfNames.has(head)) return head === "super" || callable.has(ref.name.slice(ref.name.lastIndexOf(".") + 1));
    return callable.has(head) || imported.has(head) || typed.has(head);
  });
}

// Comparing the types of two methods as the extractor writes them (EntityFact.methodTypes):
// whether a type's method implements an interface's.

/**
 * Whether a method of these types implements an interface method of those: as many parameters
 * and results, each of the same type, a type parameter on either side matching any.
 */
export function sameMethodTypes(method: string, required: string): boolean {
  if (method === required) return true;
  const [methodParams = "", methodResults = ""] = method.split("|");
  const [requiredParams = "", requiredResults = ""] = required.split("|");
  return sameList(methodParams, requiredParams) && sameList(methodResults, requiredResults);
}

function sameList(a: string, b: string): boolean {
  const left = a === "" ? [] : a.split(";");
  const right = b === "" ? [] : b.split(";");
  return left.length === right.length && left.every((type, i) => type === right[i] || type.includes("?") || right[i]!.includes("?"));
}

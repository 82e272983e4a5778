// Go's predeclared functions and types. A call to one that nothing in scope shadows is known
// external: dropped, never counted as unresolved. Go has no builtin receivers.

const PREDECLARED = words(`
  append cap clear close complex copy delete imag len make max min new panic print println real
  recover bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune
  string uint uint8 uint16 uint32 uint64 uintptr any comparable
`);

export function isBuiltinFunction(name: string): boolean {
  return PREDECLARED.has(name);
}

export function isBuiltinReceiver(_receiver: string): boolean {
  return false;
}

export function isBuiltinType(name: string): boolean {
  return PREDECLARED.has(name);
}

function words(text: string): ReadonlySet<string> {
  return new Set(text.split(/\s+/).filter((w) => w !== ""));
}

// Names the JavaScript runtimes (and test runners) provide. A call to one that nothing in
// scope shadows is known external: dropped, never counted as unresolved.

const FUNCTIONS = words(`
  require parseInt parseFloat isNaN isFinite setTimeout setInterval clearTimeout clearInterval
  setImmediate clearImmediate queueMicrotask structuredClone fetch encodeURIComponent decodeURIComponent
  encodeURI decodeURI escape unescape eval atob btoa alert confirm prompt requestAnimationFrame
  cancelAnimationFrame import String Number Boolean Symbol BigInt Object Array Date RegExp Function
  Error TypeError RangeError SyntaxError ReferenceError EvalError URIError AggregateError Promise Map
  Set WeakMap WeakSet WeakRef FinalizationRegistry Proxy ArrayBuffer SharedArrayBuffer DataView
  Uint8Array Int8Array Uint16Array Int16Array Uint32Array Int32Array Float32Array Float64Array
  BigInt64Array BigUint64Array Uint8ClampedArray URL URLSearchParams TextEncoder TextDecoder Blob
  Headers Request Response FormData AbortController Event EventTarget Worker WebSocket
  describe it test expect beforeEach afterEach beforeAll afterAll jest vi suite
`);

const RECEIVERS = words(`
  console Math JSON Object Array Promise Number String Reflect Symbol Date process Buffer window
  document globalThis Intl Atomics navigator localStorage sessionStorage crypto performance URL
  Bun Deno module exports require jest vi expect location history self BigInt Error RegExp
  WebAssembly
`);

const TYPES = words(`
  Array ReadonlyArray Map Set WeakMap WeakSet Promise Date RegExp Error Record Partial Required
  Readonly Pick Omit Exclude Extract NonNullable ReturnType Parameters InstanceType Awaited
  Iterable Iterator AsyncIterable AsyncIterator Generator AsyncGenerator Function Object String
  Number Boolean Symbol BigInt ArrayBuffer Uint8Array DataView URL URLSearchParams Response Request
  Headers HTMLElement Element Node Event EventTarget AbortController AbortSignal TextEncoder
  TextDecoder Buffer ReadableStream WritableStream TransformStream Blob File FormData WebSocket
  Worker PromiseLike ArrayLike PropertyKey
`);

export function isBuiltinFunction(name: string): boolean {
  return FUNCTIONS.has(name);
}

/** `console.log`, `Math.max`, `process.env.X`: the receiver's head is a runtime global. */
export function isBuiltinReceiver(receiver: string): boolean {
  const head = receiver.split(".")[0]!;
  return RECEIVERS.has(head) || RECEIVERS.has(receiver);
}

export function isBuiltinType(name: string): boolean {
  return TYPES.has(name);
}

function words(text: string): ReadonlySet<string> {
  return new Set(text.split(/\s+/).filter((w) => w !== ""));
}

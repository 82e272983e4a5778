// Names the language runtime provides. A call to one that nothing in scope shadows is known
// external: dropped, never counted as unresolved.
import type { LangFamily } from "./modules.ts";

const JS_FUNCTIONS = words(`
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

const JS_RECEIVERS = words(`
  console Math JSON Object Array Promise Number String Reflect Symbol Date process Buffer window
  document globalThis Intl Atomics navigator localStorage sessionStorage crypto performance URL
  Bun Deno module exports require jest vi expect location history self BigInt Error RegExp
  WebAssembly
`);

const JS_TYPES = words(`
  Array ReadonlyArray Map Set WeakMap WeakSet Promise Date RegExp Error Record Partial Required
  Readonly Pick Omit Exclude Extract NonNullable ReturnType Parameters InstanceType Awaited
  Iterable Iterator AsyncIterable AsyncIterator Generator AsyncGenerator Function Object String
  Number Boolean Symbol BigInt ArrayBuffer Uint8Array DataView URL URLSearchParams Response Request
  Headers HTMLElement Element Node Event EventTarget AbortController AbortSignal TextEncoder
  TextDecoder Buffer ReadableStream WritableStream TransformStream Blob File FormData WebSocket
  Worker PromiseLike ArrayLike PropertyKey
`);

const PY_FUNCTIONS = words(`
  print len range enumerate zip map filter sorted reversed sum min max abs all any isinstance
  issubclass hasattr getattr setattr delattr callable iter next open repr str int float bool list
  dict set tuple frozenset bytes bytearray type object super property staticmethod classmethod vars
  dir id hash hex oct bin chr ord round pow divmod format input globals locals exec eval compile
  memoryview slice complex breakpoint help exit quit ascii aiter anext __import__ NotImplemented
  Ellipsis
`);

const PY_RECEIVERS = words(`str dict list int float bytes set tuple object type`);

const GO_FUNCTIONS = words(`
  append cap clear close complex copy delete imag len make max min new panic print println real
  recover bool byte complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune
  string uint uint8 uint16 uint32 uint64 uintptr any comparable
`);

const BUILTIN_FUNCTIONS: Record<LangFamily, ReadonlySet<string>> = { ts: JS_FUNCTIONS, py: PY_FUNCTIONS, go: GO_FUNCTIONS };
const BUILTIN_RECEIVERS: Record<LangFamily, ReadonlySet<string>> = { ts: JS_RECEIVERS, py: PY_RECEIVERS, go: new Set() };
const BUILTIN_TYPES: Record<LangFamily, ReadonlySet<string>> = { ts: JS_TYPES, py: PY_FUNCTIONS, go: GO_FUNCTIONS };

export function isBuiltinFunction(family: LangFamily, name: string): boolean {
  return BUILTIN_FUNCTIONS[family].has(name) || (family === "py" && isPythonException(name));
}

/** `console.log`, `Math.max`, `process.env.X`: the receiver's head is a runtime global. */
export function isBuiltinReceiver(family: LangFamily, receiver: string): boolean {
  const head = receiver.split(".")[0]!;
  return BUILTIN_RECEIVERS[family].has(head) || BUILTIN_RECEIVERS[family].has(receiver);
}

export function isBuiltinType(family: LangFamily, name: string): boolean {
  return BUILTIN_TYPES[family].has(name) || (family === "py" && isPythonException(name));
}

const PY_EXCEPTIONS = words(`
  BaseException Exception ArithmeticError AssertionError AttributeError BlockingIOError BrokenPipeError
  BufferError ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError
  ConnectionResetError EOFError EnvironmentError FileExistsError FileNotFoundError FloatingPointError
  GeneratorExit IOError ImportError IndentationError IndexError InterruptedError IsADirectoryError
  KeyError KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError NotADirectoryError
  NotImplementedError OSError OverflowError PermissionError ProcessLookupError RecursionError
  ReferenceError RuntimeError StopAsyncIteration StopIteration SyntaxError SystemError SystemExit
  TabError TimeoutError TypeError UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError
  ValueError ZeroDivisionError ExceptionGroup BaseExceptionGroup Warning UserWarning DeprecationWarning
  PendingDeprecationWarning RuntimeWarning SyntaxWarning FutureWarning ImportWarning UnicodeWarning
  BytesWarning ResourceWarning EncodingWarning
`);

function isPythonException(name: string): boolean {
  return PY_EXCEPTIONS.has(name);
}

function words(text: string): ReadonlySet<string> {
  return new Set(text.split(/\s+/).filter((w) => w !== ""));
}

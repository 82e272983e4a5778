// Names Python's builtins module provides. A call to one that nothing in scope shadows is
// known external: dropped, never counted as unresolved. Its types are its callables.

const FUNCTIONS = words(`
  print len range enumerate zip map filter sorted reversed sum min max abs all any isinstance
  issubclass hasattr getattr setattr delattr callable iter next open repr str int float bool list
  dict set tuple frozenset bytes bytearray type object super property staticmethod classmethod vars
  dir id hash hex oct bin chr ord round pow divmod format input globals locals exec eval compile
  memoryview slice complex breakpoint help exit quit ascii aiter anext __import__ NotImplemented
  Ellipsis
`);

const RECEIVERS = words(`str dict list int float bytes set tuple object type`);

const EXCEPTIONS = words(`
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

export function isBuiltinFunction(name: string): boolean {
  return FUNCTIONS.has(name) || EXCEPTIONS.has(name);
}

/** `str.join`, `dict.fromkeys`: the receiver's head is a builtin type. */
export function isBuiltinReceiver(receiver: string): boolean {
  const head = receiver.split(".")[0]!;
  return RECEIVERS.has(head) || RECEIVERS.has(receiver);
}

export function isBuiltinType(name: string): boolean {
  return FUNCTIONS.has(name) || EXCEPTIONS.has(name);
}

function words(text: string): ReadonlySet<string> {
  return new Set(text.split(/\s+/).filter((w) => w !== ""));
}

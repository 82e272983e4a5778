// One line of the stdio stream read as JSON-RPC 2.0, before anything else sees it: a valid
// request, notification or response goes on (with only the members JSON-RPC defines, which is
// what the SDK's strict schemas accept), anything else is answered as JSON-RPC says, so a
// client never waits on a message the server dropped. MCP 2025-06-18 removed batches: an array
// is one invalid request, answered once.
import type { RequestId } from "./lines";

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

export type Json = Record<string, unknown>;

export interface ErrorReply {
  jsonrpc: "2.0";
  id: RequestId | null;
  error: { code: number; message: string; data?: unknown };
}

export type Reading =
  | { kind: "request"; message: { jsonrpc: "2.0"; id: RequestId; method: string; params?: Json } }
  | { kind: "notification"; message: { jsonrpc: "2.0"; method: string; params?: Json } }
  | { kind: "response"; message: Json & { id: RequestId } }
  /** Answer this and read on. */
  | { kind: "reply"; reply: ErrorReply }
  /** A notification or a response that is not valid: JSON-RPC answers neither, so it is only noted. */
  | { kind: "drop"; why: string };

export function errorReply(id: RequestId | null, code: number, message: string, data?: unknown): ErrorReply {
  return { jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } };
}

/** Shown in a message about a value: its kind, never the value itself (it may be megabytes). */
export function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return Number.isInteger(value) ? "an integer" : "a number";
  return `a ${typeof value}`;
}

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
/** MCP's ids are strings or integers; JSON-RPC's null id is not one a request may carry. */
const isId = (value: unknown): value is RequestId => typeof value === "string" || (typeof value === "number" && Number.isSafeInteger(value));

export function readMessage(text: string): Reading {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    // The parser's own words are short; cut anyway, since they may quote the text.
    return { kind: "reply", reply: errorReply(null, PARSE_ERROR, `Parse error: ${(error as Error).message.slice(0, 120)}`) };
  }
  if (Array.isArray(doc)) {
    const why = doc.length === 0 ? "an empty array is no message" : "batches are not part of MCP (removed in 2025-06-18); send each message on its own line";
    return { kind: "reply", reply: errorReply(null, INVALID_REQUEST, `Invalid Request: ${why}`) };
  }
  if (!isObject(doc)) return { kind: "reply", reply: errorReply(null, INVALID_REQUEST, `Invalid Request: a message is a JSON object, not ${kindOf(doc)}`) };

  const hasId = Object.hasOwn(doc, "id");
  const { id, method, params } = doc;
  // A message without an id that names a method is a notification: even when it is wrong, its
  // sender asked for no reply. Without a method either, it is an invalid request (JSON-RPC
  // answers `{"jsonrpc": "2.0", "method": 1}` with id null).
  if (!hasId && typeof method === "string") {
    const problem = envelopeProblem(doc) ?? paramsProblem(params);
    if (problem) return { kind: "drop", why: `notification ${method}: ${problem.message}` };
    return { kind: "notification", message: withParams({ jsonrpc: "2.0", method }, params) };
  }
  if (!Object.hasOwn(doc, "method") && (Object.hasOwn(doc, "result") || Object.hasOwn(doc, "error"))) return readResponse(doc);

  const replyId = isId(id) ? id : null;
  const invalid = (why: string, code = INVALID_REQUEST) =>
    ({ kind: "reply", reply: errorReply(replyId, code, `${code === INVALID_REQUEST ? "Invalid Request" : "Invalid params"}: ${why}`) }) as const;
  const envelope = envelopeProblem(doc);
  if (envelope) return invalid(envelope.message);
  if (!hasId) return invalid("a request carries an id and names its method");
  if (!isId(id)) return invalid(`the id must be a string or an integer, not ${kindOf(id)}`);
  if (typeof method !== "string") return invalid(method === undefined ? "a request names its method" : `the method must be a string, not ${kindOf(method)}`);
  const problem = paramsProblem(params);
  if (problem) return invalid(problem.message, problem.code);
  return { kind: "request", message: withParams({ jsonrpc: "2.0", id, method }, params) };
}

function envelopeProblem(doc: Json): { message: string } | undefined {
  if (doc.jsonrpc === "2.0") return undefined;
  const said = typeof doc.jsonrpc === "string" ? `"${doc.jsonrpc.slice(0, 16)}"` : doc.jsonrpc === undefined ? "missing" : kindOf(doc.jsonrpc);
  return { message: `jsonrpc must be "2.0" (it is ${said})` };
}

/** JSON-RPC allows params by position or by name; MCP names them, so an array is wrong params, a scalar a wrong request. */
function paramsProblem(params: unknown): { message: string; code: number } | undefined {
  if (params === undefined || isObject(params)) return undefined;
  if (Array.isArray(params)) return { message: "params must be an object: MCP names its parameters", code: INVALID_PARAMS };
  return { message: `params must be an object, not ${kindOf(params)}`, code: INVALID_REQUEST };
}

function withParams<T extends object>(message: T, params: unknown): T & { params?: Json } {
  return params === undefined ? message : { ...message, params: params as Json };
}

function readResponse(doc: Json): Reading {
  const envelope = envelopeProblem(doc);
  if (envelope) return { kind: "drop", why: `response: ${envelope.message}` };
  if (!isId(doc.id)) return { kind: "drop", why: `response with ${kindOf(doc.id)} for its id` };
  const hasResult = Object.hasOwn(doc, "result");
  if (hasResult === Object.hasOwn(doc, "error")) return { kind: "drop", why: "a response carries a result or an error, not both" };
  if (hasResult) {
    if (!isObject(doc.result)) return { kind: "drop", why: `response ${doc.id}: its result is ${kindOf(doc.result)}, not an object` };
    return { kind: "response", message: { jsonrpc: "2.0", id: doc.id, result: doc.result } };
  }
  const error = doc.error;
  if (!isObject(error) || !Number.isSafeInteger(error.code) || typeof error.message !== "string") {
    return { kind: "drop", why: `response ${doc.id}: its error lacks an integer code or a message` };
  }
  return { kind: "response", message: { jsonrpc: "2.0", id: doc.id, error } };
}

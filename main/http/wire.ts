import { messages } from '../../shared/validation/messages.js';
import type { Actor, ApiRequest, ApiResponse } from '../api/types.js';
import { storageErrorOf } from '../store/sqlite-failures.js';

/**
 * A write on its way to the writer, its body still the text the client sent. Text crosses a
 * thread boundary as one copy; a parsed body would be cloned field by field on both sides.
 */
export interface WireWrite {
  method: string;
  path: string;
  text: string;
  actor: Actor;
  /** Its If-Match header, where the server honours one. */
  ifMatch?: string;
}

/** An answer ready for the socket: the body already JSON, so it crosses back as one string too. */
export interface WireResponse {
  status: number;
  headers?: Record<string, string>;
  /** Absent for 204. */
  payload?: string;
}

export function toWire(response: ApiResponse): WireResponse {
  const wire: WireResponse = { status: response.status };
  if (response.headers) wire.headers = response.headers;
  if (response.status !== 204) wire.payload = JSON.stringify(response.body);
  return wire;
}

/** A request body: empty (or only whitespace) is no body; anything else must be JSON. */
export function parseBody(text: string): { ok: true; body: unknown } | { ok: false; response: ApiResponse } {
  if (text.trim() === '') return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch (error) {
    return { ok: false, response: { status: 400, body: { detail: messages.jsonParse((error as Error).message) } } };
  }
}

/** A write as the writer applies it: parsed there (a 400 needs no transaction), then handed to `submit` (a group commit, or the route itself). */
export async function applyWrite(submit: KeyedSubmit, write: WireWrite, key: string | undefined): Promise<WireResponse> {
  const parsed = parseBody(write.text);
  if (!parsed.ok) return toWire(parsed.response);
  const request: ApiRequest = { method: write.method, path: write.path, body: parsed.body, actor: write.actor };
  if (write.ifMatch !== undefined) request.ifMatch = write.ifMatch;
  return toWire(await submit(request, key));
}

type KeyedSubmit = (request: ApiRequest, key: string | undefined) => Promise<ApiResponse>;

/** A storage failure as the API answers it: 503 with the one sentence, so a client knows to try later. */
export function storageFailureResponse(error: unknown): { status: 503; body: { detail: string } } | undefined {
  const storage = storageErrorOf(error);
  return storage && { status: 503, body: { detail: storage.message } };
}

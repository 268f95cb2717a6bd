import { messages } from './messages.js';

// With the `u` flag a well-formed surrogate pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why a text cannot be stored, or null when it can. A NUL or a lone UTF-16 surrogate (JSON's
 * `"\ud800"`) is refused in every string field, as the hosted service's DRF fields refuse them:
 * SQLite would keep the surrogate as invalid UTF-8 and read it back as U+FFFD, and such a record
 * could never sync.
 */
export function unstorableCharacter(text: string): string | null {
  if (text.includes('\0')) return messages.nullCharacters;
  const surrogate = LONE_SURROGATE.exec(text);
  return surrogate ? messages.surrogateCharacter(surrogate[0].charCodeAt(0)) : null;
}

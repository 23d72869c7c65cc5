import { StringDecoder } from 'node:string_decoder';

/** How much of a refused message the box's row keeps: enough to recognise it, small enough for every list row. */
export const HEAD_BYTES = 200;

// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const CONTROL = /[\u0000-\u001F\u007F]/g;
/** C1 controls and the invisible characters that reorder or hide text (a hostile name could turn a line around). */
const INVISIBLE = /[\u0080-\u009F\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text a person can read and PostgreSQL can store: control characters as their Control Pictures symbols (␀, ␊,
 * ␡), invisible ones as \uXXXX, lone surrogates as �. A NUL or a lone surrogate would fail the write.
 */
export function visible(text: string): string {
  return text
    .replace(CONTROL, (c) => (c === '\u007F' ? '\u2421' : String.fromCharCode(0x2400 + c.charCodeAt(0))))
    .replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(LONE_SURROGATE, '\uFFFD');
}

/** The first HEAD_BYTES of a payload as visible text (a character cut at the end is left out), … when there is more. */
export function payloadHead(payload: Buffer): string {
  const text = new StringDecoder('utf8').write(payload.subarray(0, HEAD_BYTES));
  return visible(text) + (payload.length > HEAD_BYTES ? '…' : '');
}

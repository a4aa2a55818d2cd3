/**
 * The Base64 gnubg uses for its IDs: the standard alphabet, no padding, and the trailing bits of
 * the last character zero. Decoding is strict (a non-canonical string is rejected) so that every
 * ID has exactly one spelling and parse/make round-trip.
 */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUE = new Map([...ALPHABET].map((c, i) => [c, i]));

export function encodeBase64(bytes: Uint8Array): string {
  let out = "";
  let acc = 0;
  let bits = 0;
  for (const byte of bytes) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += ALPHABET[(acc >> bits) & 63];
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(acc << (6 - bits)) & 63];
  return out;
}

/** Decodes exactly `byteCount` bytes, or returns null for a string that is not their canonical encoding. */
export function decodeBase64(text: string, byteCount: number): Uint8Array | null {
  if (text.length !== Math.ceil((byteCount * 8) / 6)) return null;
  const bytes = new Uint8Array(byteCount);
  let acc = 0;
  let bits = 0;
  let n = 0;
  for (const c of text) {
    const v = VALUE.get(c);
    if (v === undefined) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      if (n < byteCount) bytes[n++] = (acc >> bits) & 255;
      else if (((acc >> bits) & 255) !== 0) return null;
    }
    acc &= (1 << bits) - 1;
  }
  if (acc !== 0) return null;
  return bytes;
}

/** Little-endian bit access: bit i is bit (i % 8) of byte i / 8, as in gnubg's keys. */
export const getBit = (bytes: Uint8Array, i: number): number => ((bytes[i >> 3] ?? 0) >> (i & 7)) & 1;

export const setBit = (bytes: Uint8Array, i: number): void => {
  bytes[i >> 3] = (bytes[i >> 3] ?? 0) | (1 << (i & 7));
};

import fc from "fast-check";

/**
 * Hostile values, as the text that carries them: JSON text (so that depth, size and syntax are
 * not limited by what a JS value can be), strings, header values and byte mutations.
 */

/** Strings that have broken parsers, routers and loggers somewhere. */
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "\ud800",
  "\udfff",
  "\ufeff",
  "\u202e",
  "null",
  "undefined",
  "NaN",
  "__proto__",
  "constructor",
  "toString",
  "%00",
  "%ZZ",
  "%E0%A4%A",
  "../../etc/passwd",
  "..",
  ".",
  "/",
  "?",
  "#",
  "a/b",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "\r\nX-Injected: 1",
  "𝕏🏁👩‍👩‍👧‍👦",
  "é".normalize("NFD"),
  "tbl_",
  "Bearer",
  "MATCH#x",
  "EV#0000000001",
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom("a", "é", "𝕏", "\u0000", "/"), fc.constantFrom(129, 200, 513, 4097, 70_000)).map(([c, n]) => c.repeat(n)) },
);

const deepArrays = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const deepObjects = (levels: number) => '{"a":'.repeat(levels) + "1" + "}".repeat(levels);

/** JSON texts at and beyond every limit, and some that are not JSON at all. */
const SPECIAL_JSON = [
  "1e400",
  "-1e400",
  "-0",
  "1e-400",
  "9007199254740993",
  "2147483648",
  "-2147483649",
  "0.5",
  "1.0",
  "[]",
  "{}",
  '""',
  "null",
  "true",
  '"\\ud800"',
  '"\\u0000"',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1,"a":2}',
  deepArrays(32),
  deepArrays(33),
  deepArrays(200),
  deepArrays(5000),
  deepObjects(33),
  deepObjects(3000),
  `"${"x".repeat(4097)}"`,
  `[${Array.from({ length: 3000 }, (_, i) => i).join(",")}]`,
  `{${Array.from({ length: 500 }, (_, i) => `"k${i}":${i}`).join(",")}}`,
  // Not JSON: the server must say so, not choke.
  "NaN",
  "Infinity",
  "undefined",
  "'single'",
  "[1,]",
  '{"a":}',
  '"unterminated',
  "\u0000",
  '"raw\ncontrol"',
  "01",
  "{a:1}",
];

export const specialJson: fc.Arbitrary<string> = fc.constantFrom(...SPECIAL_JSON);

/** A JSON text: plain random JSON, a special one, or a random JSON with a nasty string in it. */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? "null") },
  { weight: 3, arbitrary: specialJson },
  { weight: 2, arbitrary: nastyString.map((s) => JSON.stringify(s)) },
  { weight: 1, arbitrary: fc.dictionary(nastyString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).map((v) => JSON.stringify(v)) },
);

/** Integers around every boundary a version, a limit or a seat count has. */
export const edgyNumberText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("0", "1", "-1", "2", "64", "65", "500", "501", "2147483647", "2147483648", "-2147483648", "9007199254740991", "9007199254740992", "1e3", "1.5", "-0", "1e400"),
  fc.integer({ min: -5, max: 40 }).map(String),
);

/** createMatch options: valid for some ruleset (small games), invalid, or hostile JSON. */
export const optionsText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('{"matchLength":1}', '{"cube":true}', '{"matchLength":25,"cube":false}', '{"variant":"sprint","teams":3}', '{"teams":2,"lanes":[1,2]}', '{"halfTurns":2}', '{"minutesPerHalf":2,"minSecondary":2}', '{"matchLength":26}', '{"matchLength":0}', '{"cube":"yes"}', '{"teams":6}', '{"unknown":1}'),
  hostileJsonText,
);
export const seatsText: fc.Arbitrary<string> = fc.oneof(fc.constantFrom("2", "3", "4", "5", "10", "1", "0", "11", "64", "65", "null"), edgyNumberText, hostileJsonText);

/** How a well-formed body's bytes are spoiled, if at all. */
export type ByteMutation =
  | { readonly kind: "none" }
  | { readonly kind: "bom" }
  | { readonly kind: "invalid-utf8"; readonly at: number; readonly bytes: readonly number[] }
  | { readonly kind: "truncate"; readonly at: number }
  | { readonly kind: "latin1" }
  | { readonly kind: "utf16le" }
  | { readonly kind: "nul"; readonly at: number }
  | { readonly kind: "pad"; readonly to: number };

/** Byte sequences that are not UTF-8: a lone continuation, a truncated sequence, overlongs, surrogates, 0xff. */
const INVALID_UTF8 = [[0x80], [0xc3, 0x28], [0xe2, 0x28, 0xa1], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff], [0xf4, 0x90, 0x80, 0x80], [0xf0, 0x9f]];

export const byteMutation: fc.Arbitrary<ByteMutation> = fc.oneof(
  { weight: 12, arbitrary: fc.constant({ kind: "none" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "bom" as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("invalid-utf8" as const), at: fc.nat(), bytes: fc.constantFrom(...INVALID_UTF8) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: "latin1" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "utf16le" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("nul" as const), at: fc.nat() }) },
  // Whitespace up to just under, at and over the 64 KiB body limit (and far over it).
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("pad" as const), to: fc.constantFrom(65_535, 65_536, 65_537, 200_000) }) },
);

export function mutateBytes(text: string, mutation: ByteMutation): Buffer {
  const utf8 = Buffer.from(text, "utf8");
  switch (mutation.kind) {
    case "none":
      return utf8;
    case "bom":
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    case "invalid-utf8": {
      const at = utf8.length === 0 ? 0 : mutation.at % utf8.length;
      return Buffer.concat([utf8.subarray(0, at), Buffer.from(mutation.bytes), utf8.subarray(at)]);
    }
    case "truncate":
      return utf8.subarray(0, utf8.length === 0 ? 0 : mutation.at % utf8.length);
    case "latin1":
      return Buffer.from(text, "latin1");
    case "utf16le":
      return Buffer.from(text, "utf16le");
    case "nul": {
      const at = utf8.length === 0 ? 0 : mutation.at % utf8.length;
      return Buffer.concat([utf8.subarray(0, at), Buffer.from([0]), utf8.subarray(at)]);
    }
    case "pad":
      return utf8.length >= mutation.to ? utf8 : Buffer.concat([utf8, Buffer.alloc(mutation.to - utf8.length, 0x20)]);
  }
}

/**
 * Percent-encodes the UTF-8 bytes of any string, lone surrogates included (encodeURIComponent
 * throws on those; a client that sends them anyway sends U+FFFD's bytes, as Buffer.from does).
 */
export const percentEncode = (text: string): string =>
  [...Buffer.from(text, "utf8")].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`)).join("");

/**
 * The seat's token, from the URL's fragment (`#token=...`): browsers never send a fragment to a
 * server, and the page keeps the token in memory only (no DOM, no URL it builds, no log).
 */
export function readToken(): string | null {
  const hash = location.hash.startsWith("#") ? location.hash.slice(1) : location.hash;
  const token = new URLSearchParams(hash).get("token");
  return token && token.length > 0 ? token : null;
}

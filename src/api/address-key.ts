/**
 * The key of a client address: IPv4 as is (also when mapped into IPv6), IPv6 by its /64, the
 * block one subscriber is given: counting single IPv6 addresses would let a client rotate
 * through billions of them. Rate limits (src/server/rate-limiter.ts) and the caps on live
 * subscriptions (src/api/subscription-caps.ts) count by it.
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  const address = ip.split("%")[0]!.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.split("::");
  const front = head === "" ? [] : head.split(":");
  const back = tail === undefined || tail === "" ? [] : tail.split(":");
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back];
  return `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(":")}::/64`;
}

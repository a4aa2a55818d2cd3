import { BlockList, isIP } from "node:net";

/**
 * Where the server may send a webhook. A webhook URL is chosen by whoever registers it, and the
 * server calls it from inside its own network: unchecked, it is a way to reach what only the
 * server can (the cloud's metadata address, a private service, the server itself). So on AWS
 * only https, and only to public addresses, checked on the addresses the name resolves to (a
 * public name can point anywhere); local mode (the dev server, the tests) also allows http and
 * loopback, where the receivers are.
 */
export interface TargetPolicy {
  readonly allowHttp: boolean;
  readonly allowLoopback: boolean;
}

export const DEPLOYED_POLICY: TargetPolicy = { allowHttp: false, allowLoopback: false };
export const LOCAL_POLICY: TargetPolicy = { allowHttp: true, allowLoopback: true };

/** Why a target is refused: a closed set, for the registration's error and a disabled webhook's reason. */
export const TARGET_REFUSALS = [
  "invalidUrl",
  "tooLong",
  "scheme",
  "credentials",
  "fragment",
  "invalidAddress",
  "unspecified",
  "loopback",
  "private",
  "linkLocal",
  "sharedAddress",
  "multicast",
  "broadcast",
  "documentation",
  "translated",
  "reserved",
] as const;
export type TargetRefusal = (typeof TARGET_REFUSALS)[number];

export type Refused = { readonly ok: false; readonly reason: TargetRefusal; readonly message: string };
export type UrlCheck = { readonly ok: true; readonly url: URL } | Refused;
export type AddressCheck = { readonly ok: true } | Refused;

/** Longer than any receiver needs; a cap keeps a registration (and every log line naming it) small. */
export const MAX_URL_LENGTH = 2048;

type Range = readonly [address: string, prefix: number];
const blockList = (ranges: readonly Range[]): BlockList => {
  const list = new BlockList();
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, isIP(address) === 6 ? "ipv6" : "ipv4");
  return list;
};

/**
 * The refused ranges, first match wins (broadcast before the reserved 240/4 that holds it).
 * node's BlockList matches an IPv4-mapped IPv6 address (::ffff:10.0.0.1) against the IPv4
 * ranges, so the mapped form of a refused address is refused for the same reason.
 */
const REFUSED: readonly (readonly [TargetRefusal, BlockList])[] = [
  ["unspecified", blockList([["0.0.0.0", 8], ["::", 128]])],
  ["loopback", blockList([["127.0.0.0", 8], ["::1", 128]])],
  // RFC 1918, IPv6's unique local fc00::/7 (AWS's IPv6 metadata address fd00:ec2::254 among them) and the deprecated site-local fec0::/10.
  ["private", blockList([["10.0.0.0", 8], ["172.16.0.0", 12], ["192.168.0.0", 16], ["fc00::", 7], ["fec0::", 10]])],
  // The cloud metadata address 169.254.169.254 is here.
  ["linkLocal", blockList([["169.254.0.0", 16], ["fe80::", 10]])],
  // Carrier-grade NAT (RFC 6598): inside a provider's network, never the public internet.
  ["sharedAddress", blockList([["100.64.0.0", 10]])],
  ["multicast", blockList([["224.0.0.0", 4], ["ff00::", 8]])],
  ["broadcast", blockList([["255.255.255.255", 32]])],
  ["documentation", blockList([["192.0.2.0", 24], ["198.51.100.0", 24], ["203.0.113.0", 24], ["2001:db8::", 32]])],
  // Addresses that carry an IPv4 address inside (NAT64, Teredo, 6to4): the IPv4 one could be private, and no receiver needs them.
  ["translated", blockList([["64:ff9b::", 96], ["64:ff9b:1::", 48], ["2001::", 32], ["2002::", 16]])],
  // IETF protocol assignments, benchmarking, the old 6to4 relay, the future-use 240/4, IPv4-compatible IPv6 and IPv6's discard prefix.
  ["reserved", blockList([["192.0.0.0", 24], ["198.18.0.0", 15], ["192.88.99.0", 24], ["240.0.0.0", 4], ["::", 96], ["100::", 64]])],
];

/** IPv6 global unicast: anything outside it (the mapped form of a public IPv4 address included) is no receiver's. */
const GLOBAL_UNICAST_V6 = blockList([["2000::", 3]]);

const refused = (reason: TargetRefusal, message: string): Refused => ({ ok: false, reason, message });

/** Whether a resolved (or literal) address may be connected to. */
export function checkAddress(address: string, policy: TargetPolicy): AddressCheck {
  // A zone (fe80::1%eth0) names an interface, not a part of the address: the range check is on the address.
  const bare = address.split("%")[0]!;
  const family = isIP(bare);
  if (family === 0) return refused("invalidAddress", `"${address}" is not an IP address`);
  const type = family === 6 ? "ipv6" : "ipv4";
  for (const [reason, list] of REFUSED) {
    if (!list.check(bare, type)) continue;
    if (reason === "loopback" && policy.allowLoopback) return { ok: true };
    return refused(reason, `${address} is a ${reason} address`);
  }
  if (family === 6 && !GLOBAL_UNICAST_V6.check(bare, "ipv6")) return refused("reserved", `${address} is not a global unicast address`);
  return { ok: true };
}

/** A URL's host as an address when it is one (`[::1]` without its brackets), else null. */
export function literalAddress(url: URL): string | null {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  return isIP(host) === 0 ? null : host;
}

/**
 * Whether a webhook URL may be registered: https (http too in local mode), no credentials (a
 * secret in the URL would be logged; the signature is how a receiver trusts us), no fragment (it
 * is never sent), any port. An address literal is checked here already, and `localhost` (which
 * resolves to loopback by definition, RFC 6761); any other name is checked once it resolves, on
 * every delivery (send.ts).
 */
export function checkWebhookUrl(raw: string, policy: TargetPolicy): UrlCheck {
  if (raw.length > MAX_URL_LENGTH) return refused("tooLong", `A webhook URL has at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refused("invalidUrl", "Not a URL");
  }
  const schemes = policy.allowHttp ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) return refused("scheme", `A webhook URL is ${schemes.map((s) => s.slice(0, -1)).join(" or ")}`);
  if (url.username !== "" || url.password !== "") return refused("credentials", "A webhook URL carries no user name or password");
  // `new URL("https://x/#").hash` is "": a bare "#" is a fragment too.
  if (url.hash !== "" || raw.includes("#")) return refused("fragment", "A webhook URL has no fragment");
  if (url.hostname === "") return refused("invalidUrl", "A webhook URL names a host");
  const literal = literalAddress(url);
  if (literal !== null) {
    const check = checkAddress(literal, policy);
    return check.ok ? { ok: true, url } : check;
  }
  const name = url.hostname.replace(/\.$/, "");
  if ((name === "localhost" || name.endsWith(".localhost")) && !policy.allowLoopback) return refused("loopback", `${url.hostname} is a loopback name`);
  return { ok: true, url };
}

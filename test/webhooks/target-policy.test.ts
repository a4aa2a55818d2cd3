import { describe, expect, it } from "vitest";
import { DEPLOYED_POLICY, LOCAL_POLICY, MAX_URL_LENGTH, checkAddress, checkWebhookUrl, type TargetRefusal } from "../../src/webhooks/target-policy.js";

const reasonOf = (address: string, policy = DEPLOYED_POLICY): TargetRefusal | "ok" => {
  const check = checkAddress(address, policy);
  return check.ok ? "ok" : check.reason;
};

describe("addresses", () => {
  it.each<[string, TargetRefusal | "ok"]>([
    ["8.8.8.8", "ok"],
    ["93.184.215.14", "ok"],
    ["1.1.1.1", "ok"],
    ["172.15.255.255", "ok"],
    ["172.32.0.0", "ok"],
    ["100.63.255.255", "ok"],
    ["100.128.0.0", "ok"],
    ["169.253.255.255", "ok"],
    ["223.255.255.255", "ok"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["169.254.0.1", "linkLocal"],
    ["100.64.0.1", "sharedAddress"],
    ["100.127.255.255", "sharedAddress"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.255", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["192.0.0.170", "reserved"],
    ["192.0.2.1", "documentation"],
    ["203.0.113.9", "documentation"],
  ])("IPv4 %s: %s", (address, expected) => {
    expect(reasonOf(address)).toBe(expected);
  });

  it.each<[string, TargetRefusal | "ok"]>([
    ["2606:4700:4700::1111", "ok"],
    ["2a00:1450:4001:82b::200e", "ok"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["fc00::1", "private"],
    ["fd00:ec2::254", "private"],
    ["FD12:3456::1", "private"],
    ["fec0::1", "private"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["febf:ffff::1", "linkLocal"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["::ffff:8.8.8.8", "reserved"],
    ["::127.0.0.2", "reserved"],
    ["64:ff9b::a9fe:a9fe", "translated"],
    ["2002:a9fe:a9fe::1", "translated"],
    ["2001:0:4136:e378::1", "translated"],
    ["2001:db8::1", "documentation"],
    ["100::1", "reserved"],
    ["4000::1", "reserved"],
  ])("IPv6 %s: %s", (address, expected) => {
    expect(reasonOf(address)).toBe(expected);
  });

  it("refuses what is not an address", () => {
    for (const s of ["", "localhost", "1.2.3", "256.1.1.1", "01.2.3.4", "::g"]) expect(reasonOf(s)).toBe("invalidAddress");
  });

  it("local mode allows loopback, and nothing else it refuses", () => {
    for (const a of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) expect(reasonOf(a, LOCAL_POLICY)).toBe("ok");
    for (const a of ["10.0.0.1", "169.254.169.254", "fd00:ec2::254", "0.0.0.0", "::"]) expect(reasonOf(a, LOCAL_POLICY)).not.toBe("ok");
  });
});

const urlReason = (raw: string, policy = DEPLOYED_POLICY) => {
  const check = checkWebhookUrl(raw, policy);
  return check.ok ? "ok" : check.reason;
};

describe("webhook URLs", () => {
  it.each<[string, TargetRefusal | "ok"]>([
    ["https://hooks.example.com/tabula", "ok"],
    ["https://hooks.example.com:8443/tabula?site=1", "ok"],
    ["https://8.8.8.8/hook", "ok"],
    ["https://[2606:4700:4700::1111]/hook", "ok"],
    ["http://hooks.example.com/tabula", "scheme"],
    ["ftp://hooks.example.com/", "scheme"],
    ["javascript:alert(1)", "scheme"],
    ["not a url", "invalidUrl"],
    ["https://user:pass@hooks.example.com/", "credentials"],
    ["https://user@hooks.example.com/", "credentials"],
    ["https://hooks.example.com/#top", "fragment"],
    ["https://hooks.example.com/#", "fragment"],
    ["https://127.0.0.1/hook", "loopback"],
    ["https://2130706433/hook", "loopback"],
    ["https://0x7f.1/hook", "loopback"],
    ["https://[::1]/hook", "loopback"],
    ["https://localhost/hook", "loopback"],
    ["https://LOCALHOST./hook", "loopback"],
    ["https://api.localhost/hook", "loopback"],
    ["https://169.254.169.254/latest/meta-data/", "linkLocal"],
    ["https://10.0.0.5:8443/", "private"],
    ["https://[::ffff:10.0.0.5]/", "private"],
    ["https://[fd00:ec2::254]/", "private"],
  ])("%s: %s", (raw, expected) => {
    expect(urlReason(raw)).toBe(expected);
  });

  it("local mode allows http and loopback, still no credentials, fragment or private address", () => {
    expect(urlReason("http://127.0.0.1:3000/hook", LOCAL_POLICY)).toBe("ok");
    expect(urlReason("http://localhost:3000/hook", LOCAL_POLICY)).toBe("ok");
    expect(urlReason("http://u:p@localhost:3000/hook", LOCAL_POLICY)).toBe("credentials");
    expect(urlReason("http://localhost:3000/#x", LOCAL_POLICY)).toBe("fragment");
    expect(urlReason("http://192.168.0.2/hook", LOCAL_POLICY)).toBe("private");
    expect(urlReason("file:///etc/passwd", LOCAL_POLICY)).toBe("scheme");
  });

  it("caps the length", () => {
    const base = "https://hooks.example.com/";
    expect(urlReason(base + "a".repeat(MAX_URL_LENGTH - base.length))).toBe("ok");
    expect(urlReason(base + "a".repeat(MAX_URL_LENGTH - base.length + 1))).toBe("tooLong");
  });

  it("gives back the parsed URL", () => {
    const check = checkWebhookUrl("https://Hooks.Example.com:8443/a/b?c=d", DEPLOYED_POLICY);
    expect(check.ok && check.url.href).toBe("https://hooks.example.com:8443/a/b?c=d");
  });
});

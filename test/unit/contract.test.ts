/** Pure pieces of the contract: CIDR arithmetic, field paths, scopes, path templates. */
import { z } from "zod";
import {
  cidr,
  fieldPath,
  fillPath,
  formatIpv4,
  issuesToErrors,
  overlaps,
  parseIpv4,
  scopeGrants,
  SubnetIpv4,
  within,
} from "../../src/contract";

describe("cidr", () => {
  it("parses and formats IPv4 addresses, refusing leading zeros and out-of-range octets", () => {
    expect(formatIpv4(parseIpv4("10.1.2.3")!)).toBe("10.1.2.3");
    expect(parseIpv4("10.01.2.3")).toBeUndefined();
    expect(parseIpv4("10.1.2.256")).toBeUndefined();
    expect(parseIpv4("10.1.2")).toBeUndefined();
  });

  it("decides overlap and containment", () => {
    expect(overlaps(cidr("10.0.0.0/16"), cidr("10.0.200.0/24"))).toBe(true);
    expect(overlaps(cidr("10.0.0.0/25"), cidr("10.0.0.128/25"))).toBe(false);
    expect(within(cidr("172.16.4.0/24"), cidr("172.16.0.0/12"))).toBe(true);
    expect(within(cidr("172.32.0.0/24"), cidr("172.16.0.0/12"))).toBe(false);
  });

  it("accepts exactly the subnet ranges the API accepts", () => {
    const ok = ["10.0.0.0/8", "10.255.255.248/29", "172.16.0.0/12", "192.168.0.0/17"];
    const bad = ["10.0.0.0/7", "192.168.0.0/16", "192.168.127.0/29 ", "0.0.0.0/0", "10.0.0.8/28"];
    expect(ok.filter((v) => !SubnetIpv4.safeParse(v).success)).toEqual([]);
    expect(bad.filter((v) => SubnetIpv4.safeParse(v).success)).toEqual([]);
  });
});

describe("errors", () => {
  it("renders nested paths the way the API names fields", () => {
    expect(fieldPath(["subnets", 1, "ipv4"])).toBe("subnets[1].ipv4");
    expect(fieldPath([])).toBe("");
    const schema = z.object({ a: z.array(z.object({ b: z.string() })) });
    const error = schema.safeParse({ a: [{ b: 1 }] }).error!;
    expect(issuesToErrors(error)).toEqual([{ field: "a[0].b", reason: expect.any(String) }]);
  });
});

describe("scopes", () => {
  it("grants read_only through read_write and everything through *", () => {
    expect(scopeGrants("vpc:read_write", "vpc:read_only")).toBe(true);
    expect(scopeGrants("vpc:read_only", "vpc:read_write")).toBe(false);
    expect(scopeGrants("ips:read_only vpc:read_only", "ips:read_only")).toBe(true);
    expect(scopeGrants("*", "account:read_write")).toBe(true);
    expect(scopeGrants("", "vpc:read_only")).toBe(false);
  });
});

describe("paths", () => {
  it("fills templates, keeping the slash of image IDs and encoding the rest", () => {
    expect(fillPath("/vpcs/{vpcId}/subnets/{vpcSubnetId}", { vpcId: 3, vpcSubnetId: 9 })).toBe(
      "/vpcs/3/subnets/9",
    );
    expect(fillPath("/images/{imageId}", { imageId: "private/12" })).toBe("/images/private/12");
    expect(fillPath("/tags/{tagLabel}", { tagLabel: "a b?" })).toBe("/tags/a%20b%3F");
    expect(() => fillPath("/vpcs/{vpcId}", {})).toThrow(/vpcId/);
  });
});

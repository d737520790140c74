/**
 * Numeric path IDs: only the decimal form names an object. `0x1`, `1.0`, `1e0`, `+1`, ` 1`, `1 ` and
 * `01` are 404 on every endpoint, as any ID that names nothing, while the provider's string IDs from
 * Pulumi state (`"4"`) still parse with the same params schemas.
 */
import { endpoints, VpcParams, type Endpoint } from "../../src/contract";
import { deployed } from "../support/compute";
import { useEmulator } from "../support/emulator";
import { rawRequest } from "../support/raw-http";

const t = useEmulator();

/** Spellings of `id` that `Number()` reads as `id` but that are not its decimal form. */
const aliases = (id: number) => [
  `0x${id.toString(16)}`,
  `${id}.0`,
  `${id}e0`,
  `+${id}`,
  `%20${id}`,
  `${id}%20`,
  `0${id}`,
];

const NOT_FOUND = { errors: [{ reason: "Not found" }] };

async function send(method: string, path: string) {
  const answer = await rawRequest({
    method,
    url: `${t.emulator.url}${path}`,
    headers: { Authorization: `Bearer ${t.emulator.token}` },
  });
  return { status: answer.status, body: JSON.parse(answer.text) as unknown };
}

describe("the params schemas", () => {
  const ALL = Object.values(endpoints) as Endpoint[];
  /** Each endpoint's path parameters that parse to numbers, with the others filled in. */
  const numeric = ALL.flatMap((e) => {
    const names = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const sample = Object.fromEntries(names.map((n) => [n, n === "year" ? "2024" : "7"]));
    const parsed = e.params.safeParse(sample);
    if (!parsed.success) throw new Error(`${e.name} refuses ${JSON.stringify(sample)}`);
    const isId = (n: string) => typeof (parsed.data as Record<string, unknown>)[n] === "number";
    return names.filter((n) => isId(n) && /Id$/.test(n)).map((name) => ({ e, name, sample }));
  });

  it("cover every endpoint with a numeric path ID", () => {
    expect(numeric.length).toBeGreaterThan(50);
  });

  it("refuse every other spelling of an ID on every endpoint", () => {
    const accepted = numeric.flatMap(({ e, name, sample }) =>
      aliases(7)
        .map((alias) => decodeURIComponent(alias))
        .filter((alias) => e.params.safeParse({ ...sample, [name]: alias }).success)
        .map((alias) => `${e.name} ${name}=${JSON.stringify(alias)}`),
    );
    expect(accepted).toEqual([]);
  });

  it("still read the decimal strings Pulumi keeps in state, and numbers", () => {
    expect(VpcParams.parse({ vpcId: "4" })).toEqual({ vpcId: 4 });
    expect(VpcParams.parse({ vpcId: 4 })).toEqual({ vpcId: 4 });
    expect(VpcParams.parse({ vpcId: "1234567890" })).toEqual({ vpcId: 1234567890 });
    for (const bad of ["0", "-4", "4.5", "", "abc", true, null]) {
      expect([bad, VpcParams.safeParse({ vpcId: bad }).success]).toEqual([bad, false]);
    }
  });
});

describe("a path ID in another spelling", () => {
  it("is 404 on objects that exist under their decimal ID", async () => {
    const vpc = await t.client.api.createVpc({
      body: { label: "net", region: "us-iad", subnets: [{ label: "s", ipv4: "10.0.0.0/24" }] },
    });
    const instance = await deployed(t);
    const [disk] = (await t.client.api.listDisks({ params: { computeId: instance.id } })).data;
    const [config] = (await t.client.api.listConfigs({ params: { computeId: instance.id } })).data;
    const paths: [string, ...number[]][] = [
      ["/vpcs/{}", vpc.id],
      ["/vpcs/{}/subnets/{}", vpc.id, vpc.subnets[0]!.id],
      ["/compute/instances/{}", instance.id],
      ["/compute/instances/{}/disks/{}", instance.id, disk!.id],
      ["/compute/instances/{}/configs/{}", instance.id, config!.id],
    ];
    for (const [template, ...ids] of paths) {
      const fill = (values: (number | string)[]) => {
        let i = 0;
        return template.replace(/\{\}/g, () => String(values[i++]));
      };
      expect([fill(ids), (await send("GET", fill(ids))).status]).toEqual([fill(ids), 200]);
      for (const [at, id] of ids.entries()) {
        for (const alias of aliases(id)) {
          const path = fill(ids.map((v, i) => (i === at ? alias : v)));
          expect([path, await send("GET", path)]).toEqual([path, { status: 404, body: NOT_FOUND }]);
        }
      }
    }
  });

  it("deletes nothing", async () => {
    const vpc = await t.client.api.createVpc({ body: { label: "kept", region: "us-iad" } });
    for (const alias of aliases(vpc.id)) {
      expect([alias, (await send("DELETE", `/vpcs/${alias}`)).status]).toEqual([alias, 404]);
    }
    await expect(t.client.api.getVpc({ params: { vpcId: vpc.id } })).resolves.toMatchObject({
      label: "kept",
    });
  });
});

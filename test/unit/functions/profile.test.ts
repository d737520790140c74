/** getProfile / getGrants against the emulator's records, for the owner and a restricted user. */
import { getGrants, getGrantsOutput, getProfile, type FunctionOptions } from "../../../src/functions";
import { camelize } from "../../support/camelize";
import { useEmulator } from "../../support/emulator";

const t = useEmulator();
const opts = (token = t.emulator.token): FunctionOptions => ({ apiUrl: t.emulator.url, token });

it("getProfile maps the token's user's profile to camelCase", async () => {
  const record = await t.client.api.getProfile();
  expect(await getProfile(opts())).toEqual(camelize(record));
});

it("getGrants of an unrestricted user: not restricted, no global grants, empty lists", async () => {
  const grants = await getGrants(opts());
  expect(grants).toMatchObject({ restricted: false, global: null, compute: [], vpc: [] });
});

it("getGrants of a restricted user maps its global and entity grants", async () => {
  const vpc = await t.client.api.createVpc({ body: { label: "granted", region: "us-iad" } });
  const { token } = await t.control.seedUser({
    username: "restricted-one",
    restricted: true,
    grants: { global: { add_vpcs: true }, vpc: [{ id: vpc.id, permissions: "read_only" }] },
  });
  const record = await t.clientFor(token).api.getProfileGrants();
  const grants = await getGrants(opts(token));
  expect(grants).toEqual({ restricted: true, ...(camelize(record) as object) });
  expect(grants.global).toMatchObject({ addVpcs: true, addComputes: false, accountAccess: null });
  expect(grants.vpc).toEqual([{ id: vpc.id, label: "granted", permissions: "read_only" }]);
  expect((await getProfile(opts(token))).restricted).toBe(true);
  const out = getGrantsOutput(opts(token));
  expect(await new Promise((resolve) => out.restricted.apply(resolve))).toBe(true);
});

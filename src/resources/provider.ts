/**
 * An explicit provider for the TypeScript classes: its own API URL, token, wait timeouts and
 * recovery key, so that one program manages several accounts (docs/configuration.md, "Explicit
 * providers"). It is the package's provider resource, `pulumi:providers:compute`, which the engine
 * runs as the resource plugin `pulumi-resource-compute`; a class given it (`{ provider }`, or a
 * parent that has it) keeps its dynamic type and state, and the engine sends its operations to that
 * plugin instead of the dynamic host (`src/plugin/dynamic-resources.ts`). A change of its settings
 * is the plugin's (`src/plugin/config-diff.ts`): another account replaces its resources, the same
 * account at another address changes none.
 */
import * as pulumi from "@pulumi/pulumi";
import { packageVersion } from "../package-root";
import { RELEASES } from "../schema/repository";

export interface ProviderArgs {
  /** The API's base URL, ending in `/v4`; else the environment's `COMPUTE_API_URL`. */
  apiUrl?: pulumi.Input<string>;
  /** The API token the provider acts with, kept encrypted in the state; else `COMPUTE_TOKEN`. */
  token?: pulumi.Input<string>;
  /** How long the waits of any operation may take, in seconds (else `COMPUTE_WAIT_TIMEOUT_SECONDS`). */
  waitTimeoutSeconds?: pulumi.Input<number>;
  /** How long a create's waits may take, in seconds; wins over `waitTimeoutSeconds`. */
  createTimeoutSeconds?: pulumi.Input<number>;
  /** How long an update's waits may take, in seconds; wins over `waitTimeoutSeconds`. */
  updateTimeoutSeconds?: pulumi.Input<number>;
  /** How long a delete's waits may take, in seconds; wins over `waitTimeoutSeconds`. */
  deleteTimeoutSeconds?: pulumi.Input<number>;
  /** The secret that marks what an interrupted create made, for its recovery on any machine
   * (docs/reliability.md); kept encrypted in the state. */
  recoveryKey?: pulumi.Input<string>;
  /** Whether a create marks its object until it returns (default true); `false` saves a write per
   * create, and an interrupted `up` is then recovered on its own machine only (docs/reliability.md). */
  recoveryMarks?: pulumi.Input<boolean>;
}

/** The arguments the provider keeps encrypted in the state. */
const SECRET_ARGS = ["token", "recoveryKey"] as const;

/**
 * A provider of its own for the resources given it, in place of the stack's `compute:*` settings:
 *
 * ```ts
 * const other = new compute.Provider("other", { apiUrl: "https://api.example.com/v4", token: otherToken });
 * const vpc = new compute.Vpc("net", { region: "us-iad", label: "net" }, { provider: other });
 * new compute.Subnet("app", { vpcId: vpc.id, label: "app", ipv4: "10.0.1.0/24" }, { parent: vpc }); // inherits it
 * ```
 *
 * The engine runs it as the plugin `pulumi-resource-compute` of the package's version
 * (docs/installing.md: the CLI fetches it, or `Pulumi.yaml` names a directory holding it).
 */
export class Provider extends pulumi.ProviderResource {
  constructor(name: string, args: ProviderArgs = {}, opts: pulumi.ResourceOptions = {}) {
    const props: pulumi.Inputs = { ...args };
    for (const key of SECRET_ARGS) if (props[key] !== undefined) props[key] = pulumi.secret(props[key]);
    super("compute", name, props, { version: packageVersion(), pluginDownloadURL: RELEASES, ...opts });
  }
}

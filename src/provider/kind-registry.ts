/**
 * Every resource kind, once. A kind's name is its class (`compute.Vpc`), its type token
 * (`compute:index:Vpc`) and, as a stem (`stemOf`: `InstanceDisk` → `instance-disk`), the name of its
 * files in every layer. Its entry says where its spec is, loaded on the first use of the kind (this
 * module requires nothing when loaded: a provider process loads the kinds its stack holds), and
 * whether `compute-import` declares it. What lists kinds derives from here: the spec loaders
 * (`spec-loaders.ts`, `specs.ts`, so the plugin's schema and the docs), the importer's kinds
 * (`importer/kinds.ts`), the reference examples (`schema/examples/index.ts`) and the type tests'
 * pairs (`test/types/`); `test/unit/provider/kind-registry.test.ts` fails on a kind named elsewhere
 * and not here. In the order of the schema and the docs.
 */

/** What the registry holds of a kind. */
interface KindEntry {
  /** Its spec's module, loaded on first use: `kinds/<stem>.ts` (the Instance family's:
   * `instance/<stem>.ts`), whose spec is named after the kind (`instanceDiskSpec`). */
  module(): unknown;
  /** `compute-import` declares the kind, in this place of a program (what a kind refers to comes first). */
  importRank?: number;
}

export const KINDS = {
  Vpc: { module: () => require("./kinds/vpc") as typeof import("./kinds/vpc"), importRank: 3 },
  Subnet: { module: () => require("./kinds/subnet") as typeof import("./kinds/subnet"), importRank: 4 },
  Instance: {
    module: () => require("./instance/instance") as typeof import("./instance/instance"),
    importRank: 5,
  },
  InstanceDisk: {
    module: () => require("./instance/instance-disk") as typeof import("./instance/instance-disk"),
    importRank: 6,
  },
  InstanceConfig: {
    module: () => require("./instance/instance-config") as typeof import("./instance/instance-config"),
    importRank: 7,
  },
  ConfigInterface: {
    module: () => require("./instance/config-interface") as typeof import("./instance/config-interface"),
    importRank: 8,
  },
  SshKey: { module: () => require("./kinds/ssh-key") as typeof import("./kinds/ssh-key"), importRank: 1 },
  Token: { module: () => require("./kinds/token") as typeof import("./kinds/token") },
  StackScript: {
    module: () => require("./kinds/stack-script") as typeof import("./kinds/stack-script"),
    importRank: 2,
  },
  Tag: { module: () => require("./kinds/tag") as typeof import("./kinds/tag"), importRank: 10 },
  ProfileSettings: {
    module: () => require("./kinds/profile-settings") as typeof import("./kinds/profile-settings"),
  },
  ProfilePreferences: {
    module: () => require("./kinds/profile-preferences") as typeof import("./kinds/profile-preferences"),
  },
  Image: { module: () => require("./kinds/image") as typeof import("./kinds/image"), importRank: 9 },
  Snapshot: { module: () => require("./kinds/snapshot") as typeof import("./kinds/snapshot") },
} satisfies Record<string, KindEntry>;

/** A kind's name: `Vpc`. */
export type KindName = keyof typeof KINDS;

/** The name of a kind's spec in its module: `instanceDiskSpec`. */
type SpecExport<K extends KindName> = `${Uncapitalize<K>}Spec`;

type ModuleOf<K extends KindName> = ReturnType<(typeof KINDS)[K]["module"]>;

/** The type of a kind's spec (`typeof vpcSpec`); never for a module without it. */
export type SpecOfKind<K extends KindName> =
  SpecExport<K> extends keyof ModuleOf<K> ? ModuleOf<K>[SpecExport<K>] : never;

/** The kinds whose module does not export their spec under the kind's name. */
type Unexported = { [K in KindName]: SpecExport<K> extends keyof ModuleOf<K> ? never : K }[KindName];
/** Fails to compile, naming the kind, for a module that does not export its spec as `<kind>Spec`. */
const everySpecExported: [Unexported] extends [never] ? true : Unexported = true;
void everySpecExported;

/** The kinds `compute-import` declares. */
export type ImportKind = {
  [K in KindName]: (typeof KINDS)[K] extends { importRank: number } ? K : never;
}[KindName];

/** Every kind's name, in the registry's order. */
export const KIND_NAMES: readonly KindName[] = Object.keys(KINDS).filter((k): k is KindName => k in KINDS);

/** The name of a kind's spec in its module: `instanceDiskSpec` (`SpecExport`). */
export const specExportOf = (kind: KindName): string => `${kind.charAt(0).toLowerCase()}${kind.slice(1)}Spec`;

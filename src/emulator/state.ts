/** The rows the emulator keeps, by table. A row holds its API record's fields plus internal ones. */
import type { EventRecord, Grants } from "../contract";

export interface UserRow {
  id: number;
  username: string;
  email: string;
  restricted: boolean;
  grants: Grants;
}

export interface TokenRow {
  id: number;
  user_id: number;
  label: string;
  /** Space-separated scopes; `*` = all. */
  scopes: string;
  created: string;
  expiry: string | null;
  /** The full secret value. */
  token: string;
}

export interface VpcRow {
  id: number;
  label: string;
  description: string;
  region: string;
  created: string;
  updated: string | null;
}

export interface SubnetRow {
  id: number;
  vpc_id: number;
  label: string;
  ipv4: string;
  created: string;
  updated: string | null;
}

/** A private image (public images are seed data, see seed/images.ts). The record's fields plus owner. */
export interface ImageRow {
  /** Numeric part of the ID `private/<id>`. */
  id: number;
  user_id: number;
  label: string;
  description: string | null;
  capabilities: string[];
  created: string;
  updated: string;
  created_by: string;
  deprecated: boolean;
  eol: string | null;
  expiry: string | null;
  is_public: false;
  size: number;
  status: "creating" | "pending_upload" | "available";
  type: "manual" | "automatic";
  vendor: string | null;
  /** Region given at upload. */
  region: string | null;
}

export interface StackScriptRow {
  id: number;
  user_id: number;
  label: string;
  description: string;
  images: string[];
  script: string;
  rev_note: string;
  is_public: boolean;
  deployments_total: number;
  deployments_active: number;
  created: string;
  updated: string;
}

export interface TagRow {
  id: number;
  label: string;
}

export interface JobRow {
  id: number;
  kind: string;
  /** Due time in emulated ms since the epoch. */
  due: number;
  entity_id: number;
  payload: Record<string, unknown>;
}

export interface Tables {
  users: UserRow;
  tokens: TokenRow;
  vpcs: VpcRow;
  subnets: SubnetRow;
  events: EventRecord;
  jobs: JobRow;
  images: ImageRow;
  stackscripts: StackScriptRow;
  tags: TagRow;
}
export type TableName = keyof Tables;
export const TABLE_NAMES: TableName[] = [
  "users",
  "tokens",
  "vpcs",
  "subnets",
  "events",
  "jobs",
  "images",
  "stackscripts",
  "tags",
];

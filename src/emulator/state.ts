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
}
export type TableName = keyof Tables;
export const TABLE_NAMES: TableName[] = ["users", "tokens", "vpcs", "subnets", "events", "jobs"];

/** The rows the emulator keeps, by table. A row holds its API record's fields plus internal ones. */
import type { Backup, Config, ConfigInterface, Disk, EventRecord, Grants, Instance } from "../contract";

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

/** A user's profile settings (id = the user's id); a user without a row has the defaults. */
export interface ProfileRow {
  id: number;
  timezone: string;
  email_notifications: boolean;
  authentication_type: "password" | "github";
  authorized_keys: string[] | null;
  lish_auth_method: "password_keys" | "keys_only" | "disabled";
  ip_whitelist_enabled: boolean;
  verified_phone_number: string | null;
  /** The three answered security questions. */
  security_answers: { question_id: number; response: string }[];
}

/** Two-factor state of a user (id = the user's id). Secrets are base32 TOTP secrets. */
export interface TwoFactorRow {
  id: number;
  /** Created by tfa-enable, waiting for a confirming code until `pending_expiry`. */
  pending_secret: string | null;
  pending_expiry: string | null;
  /** Set once confirmed: two-factor authentication is on. */
  secret: string | null;
  /** SHA-256 of the one-use scratch code. */
  scratch_hash: string | null;
}

/** The SMS code sent to a user (id = the user's id) and not yet used. */
export interface PhoneCodeRow {
  id: number;
  iso_code: string;
  phone_number: string;
  code: string;
  expiry: string;
}

export interface SshKeyRow {
  id: number;
  user_id: number;
  label: string;
  ssh_key: string;
  created: string;
}

export interface AppRow {
  id: number;
  user_id: number;
  label: string;
  scopes: string;
  created: string;
  expiry: string | null;
  thumbnail_url: string;
  website: string;
}

export interface DeviceRow {
  id: number;
  user_id: number;
  created: string;
  expiry: string;
  last_authenticated: string;
  last_remote_addr: string;
  user_agent: string;
}

export interface LoginRow {
  id: number;
  user_id: number;
  datetime: string;
  ip: string;
  restricted: boolean;
  status: "successful" | "failed";
  username: string;
}

/** Preferences of one OAuth client; each token is its own client, so id = the token's id. */
export interface PreferencesRow {
  id: number;
  user_id: number;
  data: Record<string, unknown>;
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
  /** Upload only: the one-time secret of the upload URL, and whether data has arrived through it. */
  upload?: { token: string; used: boolean };
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

/** A compute instance: the record plus where it runs and what it booted. */
export interface InstanceRow extends Instance {
  public_ipv4: string;
  private_ipv4: string | null;
  /** The config it runs with (or last booted with); null when never booted or in rescue mode. */
  booted_config_id: number | null;
  /** Interfaces of the booted config at boot time: the ones that are active while it runs. */
  active_interface_ids: number[];
  stackscript_id: number | null;
  /** A migration that is queued and has not started yet. */
  pending_migration: { region: string | null; upgrade: boolean } | null;
}

export interface DiskRow extends Disk {
  compute_id: number;
  /** Image deployed onto the disk, if any. */
  image: string | null;
}

/** A configuration profile; its interfaces are rows of `interfaces`, in the order of `interface_ids`. */
export interface ConfigRow extends Omit<Config, "interfaces"> {
  compute_id: number;
  interface_ids: number[];
}

export interface InterfaceRow extends Omit<ConfigInterface, "active" | "ipv6"> {
  compute_id: number;
  config_id: number;
}

/** A backup, with copies of the disks and configs it holds (what a restore recreates). */
export interface BackupRow extends Backup {
  compute_id: number;
  region: string;
  content: { disks: DiskRow[]; configs: { config: ConfigRow; interfaces: InterfaceRow[] }[] };
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
  instances: InstanceRow;
  disks: DiskRow;
  configs: ConfigRow;
  interfaces: InterfaceRow;
  backups: BackupRow;
  profiles: ProfileRow;
  two_factor: TwoFactorRow;
  phone_codes: PhoneCodeRow;
  ssh_keys: SshKeyRow;
  apps: AppRow;
  devices: DeviceRow;
  logins: LoginRow;
  preferences: PreferencesRow;
}
export type TableName = keyof Tables;

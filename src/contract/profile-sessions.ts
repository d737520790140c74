/** Where the acting user is signed in: authorized apps, trusted devices, login history. */
import { z } from "zod";
import { endpoint } from "./endpoint";
import { dateTime, idFrom } from "./fields";
import { listEnvelope, PageQuery } from "./pagination";

export const SESSION_LIMITS = {
  /** The login history covers this many days. */
  loginDays: 90,
  /** A trusted device's remember-me session lasts this many days. */
  deviceDays: 30,
} as const;

export const AuthorizedApp = z.object({
  id: z.number().int(),
  label: z.string(),
  scopes: z.string(),
  created: dateTime,
  /** Null: the access does not expire. */
  expiry: dateTime.nullable(),
  thumbnail_url: z.string(),
  website: z.string(),
});
export type AuthorizedApp = z.infer<typeof AuthorizedApp>;

export const TrustedDevice = z.object({
  id: z.number().int(),
  created: dateTime,
  expiry: dateTime,
  last_authenticated: dateTime,
  last_remote_addr: z.string(),
  user_agent: z.string(),
});
export type TrustedDevice = z.infer<typeof TrustedDevice>;

export const Login = z.object({
  id: z.number().int(),
  datetime: dateTime,
  ip: z.string(),
  restricted: z.boolean(),
  status: z.enum(["successful", "failed"]),
  username: z.string(),
});
export type Login = z.infer<typeof Login>;

const AppParams = z.object({ appId: idFrom("appId") });
const DeviceParams = z.object({ deviceId: idFrom("deviceId") });
const LoginParams = z.object({ loginId: idFrom("loginId") });

export const profileSessionEndpoints = {
  listProfileApps: endpoint({
    name: "listProfileApps",
    method: "GET",
    path: "/profile/apps",
    scopes: ["account:read_only"],
    query: PageQuery,
    response: listEnvelope(AuthorizedApp),
    filterable: ["created"],
    summary: "Apps the user authorized whose access has not expired",
  }),
  getProfileApp: endpoint({
    name: "getProfileApp",
    method: "GET",
    path: "/profile/apps/{appId}",
    scopes: ["account:read_only"],
    params: AppParams,
    response: AuthorizedApp,
    summary: "One authorized app",
  }),
  deleteProfileApp: endpoint({
    name: "deleteProfileApp",
    method: "DELETE",
    path: "/profile/apps/{appId}",
    scopes: ["account:read_write"],
    params: AppParams,
    summary: "Expires the app's access",
  }),
  listTrustedDevices: endpoint({
    name: "listTrustedDevices",
    method: "GET",
    path: "/profile/devices",
    scopes: ["account:read_only"],
    query: PageQuery,
    response: listEnvelope(TrustedDevice),
    filterable: [],
    summary: "Devices with a live remember-me session",
  }),
  getTrustedDevice: endpoint({
    name: "getTrustedDevice",
    method: "GET",
    path: "/profile/devices/{deviceId}",
    scopes: ["account:read_only"],
    params: DeviceParams,
    response: TrustedDevice,
    summary: "One trusted device",
  }),
  deleteTrustedDevice: endpoint({
    name: "deleteTrustedDevice",
    method: "DELETE",
    path: "/profile/devices/{deviceId}",
    scopes: ["account:read_write"],
    params: DeviceParams,
    summary: "Ends the device's session; it must log in again",
  }),
  listProfileLogins: endpoint({
    name: "listProfileLogins",
    method: "GET",
    path: "/profile/logins",
    scopes: ["account:read_only"],
    query: PageQuery,
    response: listEnvelope(Login),
    filterable: [],
    summary: "Logins of the last 90 days",
  }),
  getProfileLogin: endpoint({
    name: "getProfileLogin",
    method: "GET",
    path: "/profile/logins/{loginId}",
    scopes: ["account:read_only"],
    params: LoginParams,
    response: Login,
    summary: "One login of the last 90 days",
  }),
};

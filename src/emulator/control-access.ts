/**
 * Who may call the control API (`/_emulator`): anyone while the emulator listens on loopback only; the
 * holder of the emulator's token (`--token`, `Authorization: Bearer ...`) once it listens beyond, since
 * the control API resets the account, mints tokens and reads one-time codes.
 */
import { timingSafeEqual } from "node:crypto";
import { ApiError } from "./api-error";

/** Is `address` (as the server bound it) reachable from this machine only? */
export function isLoopback(address: string): boolean {
  return address === "::1" || /^(::ffff:)?127\.\d+\.\d+\.\d+$/i.test(address);
}

/** 401 `Invalid Token`, in the API's error shape, unless `authorization` carries `token`. */
export function requireControlToken(token: string, authorization: string | undefined): void {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw ApiError.invalidToken();
}

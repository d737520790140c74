/** An error the emulator answers with: `{errors: [{reason, field?}]}` and an HTTP status. */
import type { ErrorItem, Problem } from "../contract";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: ErrorItem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => (e.field ? `[${e.field}] ${e.reason}` : e.reason)).join("; "));
  }

  static badRequest(reason: string, field?: string): ApiError {
    return new ApiError(400, [field ? { reason, field } : { reason }]);
  }
  static notFound(): ApiError {
    return new ApiError(404, [{ reason: "Not found" }]);
  }
  static invalidToken(): ApiError {
    return new ApiError(401, [{ reason: "Invalid Token" }]);
  }
  static scopeMissing(): ApiError {
    return new ApiError(401, [{ reason: "Your OAuth token is not authorized to use this endpoint." }]);
  }
  static forbidden(): ApiError {
    return new ApiError(403, [{ reason: "Unauthorized" }]);
  }
}

/** Answers with the first problem a contract rule found (`record-rules.ts`) as a 400, if any. */
export function refuse(problems: Problem[]): void {
  const [first] = problems;
  if (first) throw ApiError.badRequest(first.reason, first.field || undefined);
}

/** `value`, or a 404 `Not found` when there is none (a path that names nothing). */
export function found<T>(value: T | undefined): T {
  if (value === undefined) throw ApiError.notFound();
  return value;
}

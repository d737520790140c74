/**
 * Where a validation issue was and what it was, also when a rule re-reports it as a custom issue
 * with the path in its message (interface-shape.ts's `withPaths`): kept in the custom issue's
 * `params`, so that check can tell an issue a value not yet known could cause from one it cannot.
 */
import type { z } from "zod";

export interface IssueOrigin {
  code: string;
  path: PropertyKey[];
  /** An unrecognized_keys issue's keys. */
  keys?: string[];
}

/** The `params` a re-reported issue carries. */
export const issueOrigin = (issue: z.core.$ZodIssue): IssueOrigin => ({
  code: issue.code,
  path: [...issue.path],
  ...(issue.code === "unrecognized_keys" && { keys: issue.keys }),
});

const isOrigin = (params: unknown): params is IssueOrigin =>
  typeof params === "object" &&
  params !== null &&
  "code" in params &&
  typeof params.code === "string" &&
  "path" in params &&
  Array.isArray(params.path);

/** The issue's origin: its own code and path, or the one it re-reports. */
export function originOf(issue: z.core.$ZodIssue): IssueOrigin {
  if (issue.code === "custom" && isOrigin(issue.params)) return issue.params;
  return issueOrigin(issue);
}

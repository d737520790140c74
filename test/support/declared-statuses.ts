/**
 * Holds the OpenAPI document to what the emulator really answers: records every API answer of an
 * emulator (method, path, status) and lists those whose status the document does not declare for the
 * operation. Statuses of 500 and above fall under `default`; answers while a fault was queued or a
 * fault profile was on are left out (an injected status is the test's, not the API's).
 */
import type { RequestLogEntry } from "../../src/contract";
import { buildRouter, type Emulator } from "../../src/emulator";
import { Jobs } from "../../src/emulator/jobs";
import { openApiDocument } from "../../src/emulator/openapi";
import type { Router } from "../../src/emulator/router";

type Operation = { responses: Record<string, unknown> };
type Paths = Record<string, Record<string, Operation | undefined> | undefined>;

let router: Router | undefined;

/** The status is declared for the operation `method path` reaches (true when none does: 404/405). */
export function undeclared(entry: { method: string; path: string; status: number }): string | undefined {
  if (entry.status >= 500 || entry.status < 100) return undefined;
  router ??= buildRouter(new Jobs());
  const endpoint = router.match(entry.method, entry.path);
  if (!endpoint) return undefined;
  const operation = (openApiDocument().paths as Paths)[endpoint.path]?.[entry.method.toLowerCase()];
  if (operation?.responses[String(entry.status)]) return undefined;
  return `${endpoint.name} (${entry.method} ${endpoint.path}) answered ${entry.status}`;
}

/** Starts recording; the function returned lists the undeclared answers so far (once each). */
export function recordAnswers(emulator: Emulator): () => string[] {
  const found = new Set<string>();
  let faulted = false;
  const { faults, requestLog } = emulator;
  const add = faults.add.bind(faults);
  faults.add = (fault) => {
    faulted = true;
    add(fault);
  };
  const reset = emulator.reset.bind(emulator);
  emulator.reset = () => {
    faulted = false;
    reset();
  };
  const push = requestLog.push.bind(requestLog);
  requestLog.push = (...entries: RequestLogEntry[]) => {
    if (!faulted && !faults.getProfile()) {
      for (const entry of entries) {
        const problem = entry.handled === undefined ? undeclared(entry) : undefined;
        if (problem) found.add(problem);
      }
    }
    return push(...entries);
  };
  return () => [...found];
}

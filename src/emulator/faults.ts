/** Injected faults: the next N matching requests answer with a status (or a dropped connection). */
import type { z } from "zod";
import type { FaultRequest } from "../contract";

type Fault = z.output<typeof FaultRequest>;

export class Faults {
  private queue: Fault[] = [];

  add(fault: Fault): void {
    this.queue.push({ ...fault });
  }

  clear(): void {
    this.queue = [];
  }

  /** Takes one use of the first fault matching the request, if any. */
  take(method: string, path: string): Fault | undefined {
    const fault = this.queue.find(
      (f) => (!f.method || f.method.toUpperCase() === method) && (!f.path || path.startsWith(f.path)),
    );
    if (!fault) return undefined;
    fault.count -= 1;
    if (fault.count <= 0) this.queue = this.queue.filter((f) => f !== fault);
    return fault;
  }
}

export { ComputeClient, type ClientOptions, type CallArgs } from "./compute-client";
export {
  ComputeApiError,
  ContractViolationError,
  isBusy,
  isNotFound,
  isOutcomeUnknown,
  renderItems,
} from "./errors";
export { collect, eachItem } from "./pagination";
export { DEFAULT_RETRY_POLICY, BUSY_REASON, outcomeUnknown, type RetryPolicy } from "./retry";
export { Pacer, type PacerClock, type ClassSnapshot } from "./pacer";
export * from "./waits";
export { ControlClient } from "./control-client";

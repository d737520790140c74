export {
  ComputeClient,
  type ClientOptions,
  type CallArgs,
  type RecentListingOptions,
} from "./compute-client";
export type { Listing } from "./listing-reads";
export {
  ComputeApiError,
  ContractViolationError,
  isBusy,
  isNotFound,
  isOutcomeUnknown,
  renderItems,
} from "./errors";
export { collect, eachItem } from "./pagination";
export { DEFAULT_RETRY_POLICY, outcomeUnknown, type RetryPolicy } from "./retry";
/** The API's "busy" refusal: the contract's `INSTANCE_BUSY_REASON`, under the name this entry has always exported. */
export { INSTANCE_BUSY_REASON as BUSY_REASON } from "../contract";
export { Pacer, type PacerClock, type ClassSnapshot } from "./pacer";
export * from "./waits";
export { ControlClient } from "./control-client";

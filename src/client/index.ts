export { ComputeClient, type ClientOptions, type CallArgs } from "./compute-client";
export { ComputeApiError, ContractViolationError, isNotFound, renderItems } from "./errors";
export { collect, eachItem } from "./pagination";
export { DEFAULT_RETRY_POLICY, BUSY_REASON, type RetryPolicy } from "./retry";
export { ControlClient } from "./control-client";

/**
 * Data functions: reads a program needs, each as `getX(args, opts?)` → Promise and
 * `getXOutput(args, opts?)` → Output. They run in the program process, with the stack's
 * credentials (see `call.ts`), and load the client on their first call.
 */
export { DataFunctionError, type FunctionOptions, type IdArg } from "./call";
export { type LabelArgs } from "./labels";
export * from "./region";
export * from "./region-availability";
export * from "./kernel";
export * from "./image";
export * from "./instance-type";
export * from "./profile";
export * from "./grants";
export * from "./stack-script";
export * from "./vpc";
export * from "./subnet";
export * from "./instance";
export * from "./ssh-key";
export * from "./tag";

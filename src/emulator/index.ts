export { Emulator, startEmulator, buildRouter, API_PREFIX, type EmulatorOptions } from "./server";
export { MemoryStore, FileStore, type Store, type Table } from "./store";
export { Clock } from "./clock";

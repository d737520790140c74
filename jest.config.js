/** Two projects: `unit` (contract, client, emulator, provider methods) and `engine` (the real
 * `pulumi` CLI driven through the Automation API against the emulator). */
const common = {
  preset: "ts-jest",
  testEnvironment: "node",
  transform: { "^.+\\.ts$": ["ts-jest", {}] },
  modulePathIgnorePatterns: ["<rootDir>/dist/"],
};
module.exports = {
  // Three suites at once, whatever the machine (Jest's default is one per core but one): an engine
  // suite spends much of its time waiting on the CLI's processes. On 2 cores, one worker took
  // 29.4 min; two left about a quarter of the cores idle (docs/benchmarks.md, "The test run"); every
  // engine suite passed under a load of 9.
  maxWorkers: 3,
  // A guard against a hang, not a timing goal (those live in benchmarks): Jest's 5 s failed unit
  // tests of the emulator on a machine loaded 9 deep on its 2 cores. Engine suites set their own.
  testTimeout: 30_000,
  // The longest suites first, the engine's before the unit ones (test/support/sequencer.js).
  testSequencer: "<rootDir>/test/support/sequencer.js",
  projects: [
    {
      ...common,
      displayName: "unit",
      testMatch: ["<rootDir>/test/unit/**/*.test.ts"],
      setupFilesAfterEnv: ["<rootDir>/test/support/fresh-process.ts"],
    },
    {
      ...common,
      displayName: "engine",
      testMatch: ["<rootDir>/test/engine/**/*.test.ts"],
      testEnvironment: "<rootDir>/test/support/engine-environment.ts",
    },
  ],
};

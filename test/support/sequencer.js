/**
 * The order Jest starts the suites in, three at a time (jest.config.js): the longest first, so that
 * the run does not end on one long suite while the other worker idles. Jest's own order without a
 * timing cache (every fresh clone, as CI runs) is by file size, which puts last the story suites
 * (`plugin/go/instance-family.test.ts` and the like: one line calling a story, and among the longest
 * suites) and lets the short unit suites share the cores with the engine ones (where their 5 s
 * limits have been exceeded under load). Here: every engine suite before every unit suite; among
 * them, Jest's recorded time where it has one, else an estimate in seconds (a story suite by its
 * language, another suite by its size), the longest first.
 */
const fs = require("node:fs");
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

/** The estimate of an instance-family story suite (a file that tells a story of stories/*.ts), by language. */
const STORY_SECONDS = { go: 110, python: 80, yaml: 50 };

function estimate(test) {
  const relative = path.relative(test.context.config.rootDir, test.path).split(path.sep).join("/");
  const source = fs.readFileSync(test.path, "utf8");
  if (/from "\.\.?\/stories\//.test(source)) {
    const language = relative.includes("/go/") ? "go" : relative.includes("/python/") ? "python" : "yaml";
    // The instance family's story is the longest; the others take about half as long.
    return STORY_SECONDS[language] * (/stories\/instance-family"/.test(source) ? 1 : 0.5);
  }
  // About 8 s per kilobyte of an engine suite (instance-deploy.test.ts: 14 kB, about 110 s).
  return (source.length / 1024) * 8;
}

class LongestFirst extends Sequencer {
  sort(tests) {
    const weight = new Map();
    for (const test of tests) {
      const engine = test.context.config.displayName?.name === "engine";
      const recorded = this._getCache(test)[test.path]?.[1];
      const seconds = recorded !== undefined ? recorded / 1000 : estimate(test);
      weight.set(test, (engine ? 1e6 : 0) + seconds);
    }
    return [...tests].sort((a, b) => weight.get(b) - weight.get(a));
  }
}

module.exports = LongestFirst;

/** Process state lives in one object (`processMemory`), with one reset. */
import * as fs from "node:fs";
import * as path from "node:path";
import { processMemory } from "../../../../src/provider/core/process-memory";

const PROVIDER = path.resolve(__dirname, "../../../../src/provider");

it("forgets every map and set it keeps at once", () => {
  const map = processMemory.map<string, number>("test: a map");
  const set = processMemory.set<string>("test: a set");
  map.set("a", 1);
  set.add("b");
  processMemory.forget();
  expect([map.size, set.size]).toEqual([0, 0]);
  expect(processMemory.names()).toEqual(expect.arrayContaining(["test: a map", "test: a set"]));
});

it("gives each name one owner", () => {
  processMemory.map("test: owned");
  expect(() => processMemory.set("test: owned")).toThrow('process memory: "test: owned" is asked for twice');
});

it("leaves no module of the provider a Map or Set of its own at module level", () => {
  const files = (fs.readdirSync(PROVIDER, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts"));
  const owners = files.flatMap((file) =>
    fs
      .readFileSync(path.join(PROVIDER, file), "utf8")
      .split("\n")
      .map((line, i) => ({ where: `${file}:${i + 1}`, line }))
      .filter(({ line }) => /^(export )?(const|let) .*= new (Weak)?(Map|Set)\b/.test(line)),
  );
  expect(owners.map((o) => o.where)).toEqual([]);
});

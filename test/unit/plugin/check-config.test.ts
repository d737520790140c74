import { settingFailures } from "../../../src/plugin/check-config";

it("names a misspelt setting and the one it most likely means, as config keys or as arguments", () => {
  expect(settingFailures({ apiurl: "http://x/v4", version: "0.1.0" }, true)).toEqual([
    {
      property: "",
      reason: "`compute:apiurl` is not a setting of the compute provider; did you mean `compute:apiUrl`?",
    },
  ]);
  expect(settingFailures({ createTimeout: 60 }, false)).toEqual([
    {
      property: "",
      reason:
        "`createTimeout` is not an argument of the compute provider; did you mean `createTimeoutSeconds`?",
    },
  ]);
  expect(settingFailures({ colour: "blue" }, true)[0]!.reason).toBe(
    "`compute:colour` is not a setting of the compute provider (its settings: apiUrl, token, waitTimeoutSeconds, createTimeoutSeconds, updateTimeoutSeconds, deleteTimeoutSeconds, recoveryKey, recoveryMarks)",
  );
});

it("checks each setting's type: numbers of seconds (config gives them as strings), a URL, strings", () => {
  expect(
    settingFailures({ apiUrl: "http://127.0.0.1:8080/v4", token: "t", waitTimeoutSeconds: "90" }, true),
  ).toEqual([]);
  expect(
    settingFailures({ createTimeoutSeconds: 90.5, pluginDownloadURL: "x", __internal: 1 }, false),
  ).toEqual([]);
  expect(
    settingFailures({ waitTimeoutSeconds: "soon", deleteTimeoutSeconds: -1 }, true).map((f) => f.reason),
  ).toEqual([
    "`compute:waitTimeoutSeconds` must be a positive number of seconds",
    "`compute:deleteTimeoutSeconds` must be a positive number of seconds",
  ]);
  expect(settingFailures({ apiUrl: "api.example.com", token: 42 }, false).map((f) => f.reason)).toEqual([
    "`apiUrl` must be the API's base URL, such as https://api.example.com/v4",
    "`token` must be a string",
  ]);
  // A boolean: true or false, as a value or as config's string.
  expect(settingFailures({ recoveryMarks: "false" }, true)).toEqual([]);
  expect(settingFailures({ recoveryMarks: true }, false)).toEqual([]);
  expect(settingFailures({ recoveryMarks: "no" }, true).map((f) => f.reason)).toEqual([
    "`compute:recoveryMarks` must be true or false",
  ]);
});

it("lets a value not yet known pass at preview, and checks the known ones beside it", () => {
  const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
  expect(settingFailures({ apiUrl: unknown, token: unknown, waitTimeoutSeconds: unknown }, false)).toEqual(
    [],
  );
  expect(settingFailures({ apiUrl: unknown, token: 42 }, false).map((f) => f.reason)).toEqual([
    "`token` must be a string",
  ]);
});

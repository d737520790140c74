import { isSettled, pendingIn, withPending } from "../../../../src/provider/core/pending";

describe("pending work", () => {
  it("reads this version's output and the names older state used", () => {
    expect(pendingIn({ __pending: "boot" })).toBe("boot");
    expect(pendingIn({ pending: "boot" })).toBe("boot");
    expect(pendingIn({ pending: "reboot" })).toBe("reboot");
    expect(pendingIn({ resumeBoot: true })).toBe("boot");
    expect(pendingIn({ rebootPending: true })).toBe("reboot");
    expect(pendingIn({ resumeBoot: false, pending: "something else" })).toBeUndefined();
  });

  it("hands specs the stored outputs under this version's name only", () => {
    expect(withPending({ size: 5, resumeBoot: true })).toEqual({ size: 5, __pending: "boot" });
    expect(withPending({ size: 5, pending: "reboot" })).toEqual({ size: 5, __pending: "reboot" });
    expect(withPending({ size: 5 })).toEqual({ size: 5, __pending: undefined });
  });

  it("is settled with nothing pending and a status at rest (or none)", () => {
    expect(isSettled(["ready"], { status: "ready" })).toBe(true);
    expect(isSettled(["ready"], { status: "not ready" })).toBe(false);
    expect(isSettled(["ready"], {})).toBe(true);
    expect(isSettled(undefined, { status: "anything" })).toBe(true);
    expect(isSettled(["ready"], { status: "ready", rebootPending: true })).toBe(false);
  });
});

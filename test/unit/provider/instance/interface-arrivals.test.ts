/** New interfaces of one config land in their declared positions: a create waits for the siblings
 * announced at lower positions to send their POST, and no longer than its patience. */
import { announce, PATIENCE_MS, turnToPost } from "../../../../src/provider/instance/interface-arrivals";

const order: string[] = [];
beforeEach(() => {
  order.length = 0;
});

async function create(configId: number, name: string, position: number, work = Promise.resolve()) {
  const posted = await turnToPost(1, configId, name, position);
  order.push(name);
  await work;
  posted();
}

it("sends the POST of a lower position first, whatever order the creates arrive in", async () => {
  announce(1, 10, "p/s/ConfigInterface/public", 0);
  announce(1, 10, "p/s/ConfigInterface/private", 1);
  announce(1, 10, "p/s/ConfigInterface/third", 2);
  await Promise.all([
    create(10, "p/s/ConfigInterface/third", 2),
    create(10, "p/s/ConfigInterface/private", 1),
    create(10, "p/s/ConfigInterface/public", 0),
  ]);
  expect(order).toEqual([
    "p/s/ConfigInterface/public",
    "p/s/ConfigInterface/private",
    "p/s/ConfigInterface/third",
  ]);
});

it("does not wait for siblings of another config, nor when no sibling was announced", async () => {
  announce(1, 20, "p/s/ConfigInterface/a", 0);
  await create(21, "p/s/ConfigInterface/b", 1);
  await create(22, "p/s/ConfigInterface/c", 2);
  expect(order).toEqual(["p/s/ConfigInterface/b", "p/s/ConfigInterface/c"]);
  await create(20, "p/s/ConfigInterface/a", 0);
});

it("goes on after its patience when an announced sibling never comes", async () => {
  jest.useFakeTimers();
  try {
    announce(1, 30, "p/s/ConfigInterface/never", 0);
    const late = create(30, "p/s/ConfigInterface/late", 1);
    await jest.advanceTimersByTimeAsync(PATIENCE_MS - 1);
    expect(order).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    await late;
    expect(order).toEqual(["p/s/ConfigInterface/late"]);
  } finally {
    jest.useRealTimers();
  }
});

/** Requests Node's HTTP parser rejects (unknown method, malformed header or target): a JSON 400. */
import type { Duplex } from "node:stream";

const BODY = JSON.stringify({ errors: [{ reason: "Malformed HTTP request" }] });

export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || err.code === "ECONNRESET") return void socket.destroy();
  socket.end(
    "HTTP/1.1 400 Bad Request\r\n" +
      "Content-Type: application/json\r\n" +
      `Content-Length: ${Buffer.byteLength(BODY)}\r\n` +
      "Connection: close\r\n\r\n" +
      BODY,
  );
}

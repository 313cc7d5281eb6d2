import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { ERRORS, type ErrorName, envelope } from "../errors";

/** A request line whose only fault is its method token (`FOO / HTTP/1.1`). */
const WELL_FORMED_REQUEST_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ \S+ HTTP\/1\.[01]\r?$/;

function classify(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): ErrorName {
  switch (error.code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return "requestTimeout";
    case "HPE_HEADER_OVERFLOW":
      return "headersTooLarge";
    case "HPE_INVALID_METHOD": {
      const firstLine = error.rawPacket?.toString("latin1").split("\n", 1)[0] ?? "";
      return WELL_FORMED_REQUEST_LINE.test(firstLine) ? "methodNotImplemented" : "badRequest";
    }
    default:
      return "badRequest";
  }
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a bad request line, a NUL in a
 * header, a bad or doubled Content-Length, an unknown method, headers over the limit, a body
 * slower than the timeout) still get the spec's envelope, then the connection is closed: the
 * parser cannot find where the next request would start.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const name = classify(error);
  const { status, code, message } = ERRORS[name];
  const detail = name === "badRequest" ? `${message} (${error.message})` : message;
  const body = JSON.stringify(envelope(status, code, detail));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
  // A client that keeps sending after the answer must not hold the socket open.
  socket.setTimeout(1000, () => socket.destroy());
}

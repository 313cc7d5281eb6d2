import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { ERRORS, type ErrorName, envelope } from "../errors";

/** A request line whose only fault is its method token (`FOO / HTTP/1.1`). */
const WELL_FORMED_REQUEST_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ \S+ HTTP\/1\.[01]\r?$/;

type ParseError = NodeJS.ErrnoException & { rawPacket?: Buffer; bytesParsed?: number };
/** Node's internal link from a socket to the response it is writing (or about to write). */
type HttpSocket = Socket & { _httpMessage?: (ServerResponse & { req?: IncomingMessage }) | null };

/** The line the parser stopped in (a pipelined request may come after complete ones). */
function failingLine(error: ParseError): string {
  const packet = error.rawPacket?.toString("latin1") ?? "";
  const at = Math.min(error.bytesParsed ?? 0, packet.length);
  const start = packet.lastIndexOf("\n", at - 1) + 1;
  return packet.slice(start).split("\n", 1)[0] ?? "";
}

function classify(error: ParseError): ErrorName {
  switch (error.code) {
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return "requestTimeout";
    case "HPE_HEADER_OVERFLOW":
      return "headersTooLarge";
    case "HPE_INVALID_METHOD":
      return WELL_FORMED_REQUEST_LINE.test(failingLine(error))
        ? "methodNotImplemented"
        : "badRequest";
    default:
      return "badRequest";
  }
}

const answering = new WeakSet<Socket>();

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a bad request line, a NUL in a
 * header, a bad or doubled Content-Length, an unknown method, headers over the limit, a body
 * slower than the timeout) still get the spec's envelope, then the connection is closed: the
 * parser cannot find where the next request would start.
 */
export function clientErrorHandler(connectionError: Error, socket: Socket): void {
  const error = connectionError as ParseError;
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (answering.has(socket)) return; // the parser reports every later chunk too
  answering.add(socket);
  const name = classify(error);
  const { status, code, message } = ERRORS[name];
  const detail = name === "badRequest" ? `${message} (${error.message})` : message;
  const body = JSON.stringify(envelope(status, code, detail));
  const answer =
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    "Content-Type: application/json; charset=utf-8\r\n" +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    "Connection: close\r\n\r\n" +
    body;
  answerInOrder(socket as HttpSocket, answer);
}

/**
 * Answers after the responses still owed to complete requests pipelined before the bad one, so
 * that each answer reaches the request it belongs to. A pending response whose own request is
 * incomplete (its body broke, or never came) is the one being refused: answer now.
 */
function answerInOrder(socket: HttpSocket, answer: string): void {
  if (socket.destroyed) return;
  const pending = socket._httpMessage;
  if (pending && !pending.writableFinished && pending.req?.complete) {
    pending.once("finish", () => setImmediate(() => answerInOrder(socket, answer)));
    return;
  }
  // As Node's own handler: never write into a response whose head has already gone out.
  if (!socket.writable || (pending && !pending.writableFinished && pending.headersSent)) {
    socket.destroy();
    return;
  }
  socket.end(answer);
  // A client that keeps sending after the answer must not hold the socket open.
  socket.setTimeout(1000, () => socket.destroy());
}

import type { Socket } from "node:net";

const WILDCARDS = new Set(["0.0.0.0", "::", ""]);

/** A host as it goes into a URL: IPv6 in brackets, IPv4-mapped IPv6 as plain IPv4. */
function urlHost(host: string): string {
  const plain = host.startsWith("::ffff:") && host.includes(".") ? host.slice(7) : host;
  return plain.includes(":") ? `[${plain}]` : plain;
}

/** The configured host as clients reach it: a wildcard bind is reached on loopback locally. */
export function hostForUrl(host: string): string {
  return WILDCARDS.has(host) ? "127.0.0.1" : urlHost(host);
}

/**
 * The origin a 301 `Location` points to: the configured host and the port the request came in
 * on, never the request's Host header, which the client writes. When the service listens on
 * every interface, the interface the connection arrived at stands in for the host (the kernel
 * chose it, not the client).
 */
export function serviceOrigin(
  configuredHost: string,
  socket: Socket,
  fallbackPort: number,
): string {
  const host =
    WILDCARDS.has(configuredHost) && socket.localAddress
      ? urlHost(socket.localAddress)
      : hostForUrl(configuredHost);
  return `http://${host}:${socket.localPort ?? fallbackPort}`;
}

// A folder served over HTTP on 127.0.0.1, as a release page or a mirror is to the engine: GET of
// a file's name, 404 otherwise; every request path is logged.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { basename, join } from "node:path";

export interface StaticServer {
  /** http://127.0.0.1:<port>/ */
  url: string;
  /** The paths asked for, oldest first. */
  requests: string[];
  close(): Promise<void>;
}

export async function serveFolder(dir: string): Promise<StaticServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    requests.push(path);
    // Files at the folder's root only: a name, never a path out of it.
    const file = join(dir, basename(decodeURIComponent(path)));
    if (req.method !== "GET" || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end("not found\n");
      return;
    }
    res.writeHead(200, { "content-length": statSync(file).size });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

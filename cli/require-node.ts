// Imported first by main.ts, so that it runs before any other module loads.
import { exitOnUnsupportedNode } from "../provider/node-version";

exitOnUnsupportedNode(
  "collectors",
  "Install a newer Node.js (https://nodejs.org/) and put it first on the PATH.",
);

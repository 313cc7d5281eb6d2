// commander is ESM-only. Node 22 loads it with require() (require(esm)), which keeps the bin
// synchronous CommonJS; TypeScript's node16 mode needs the types imported as ESM explicitly.
import type * as Commander from "commander" with { "resolution-mode": "import" };

const commander = require("commander") as typeof Commander;

export const { Command, InvalidArgumentError } = commander;
export type Command = Commander.Command;

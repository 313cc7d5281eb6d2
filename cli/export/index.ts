// `collectors export`: the command and what tests reach into.
export { DEFAULT_STACK, type ExportOptions, registerExport, runExport } from "./command";

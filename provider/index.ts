// The public surface of pulumi-collectors.
export * from "./api";
export * from "./resources";
// Both name a `Source`: the package root exports the resource class. The API's source type is
// `SourceInfo` here, and `Source` in "pulumi-collectors/api".
export { Source } from "./resources";

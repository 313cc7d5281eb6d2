// The public surface of pulumi-collectors.
export * from "./api";
export * from "./resources";
// Both name a `Source`: the package root exports the resource class. The API's source type is
// `SourceInfo` here, and `Source` in "pulumi-collectors/api".
// Likewise for the OpenTelemetry kinds: the root exports the resource classes; the API's types
// are `OtCollector` and `SourceTemplate` in "pulumi-collectors/api".
export { OtCollector, Source, SourceTemplate } from "./resources";

// The public surface of pulumi-collectors.
export * from "./api";

import type * as pulumi from "@pulumi/pulumi";

/**
 * Take over an existing object instead of creating one (`pulumi import` does not work for
 * dynamic providers): by its id, or by its name. Only read when the resource is created.
 */
export type Adopt = { id: pulumi.Input<number | string> } | { name: pulumi.Input<string> };

// The program `pulumi up` runs: the web tier for this stack's environment.
import * as pulumi from "@pulumi/pulumi";
import { webTier } from "./web";

const config = new pulumi.Config();
const { collector, events } = webTier({
  environment: pulumi.getStack(),
  maskPattern: config.get("maskPattern"),
});

export const collectorId = collector.id;
/** Where to POST log lines; a secret, since the URL carries the source's token. */
export const eventsUrl = events.url;

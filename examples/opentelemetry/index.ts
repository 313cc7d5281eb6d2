// The vendor's OpenTelemetry collectors are configured remotely: the program tags a registered
// collector (taking it over by name: the API cannot create one) and declares a source template,
// which the service sends to every collector its selector picks.
import * as pulumi from "@pulumi/pulumi";
import * as collectors from "pulumi-collectors";

const config = new pulumi.Config();
const environment = pulumi.getStack();

const edge = new collectors.OtCollector("edge", {
  adopt: { name: config.get("collectorName") ?? "edge-01.prod" },
  description: "The edge proxies' collector.",
  tags: { team: "web", env: environment },
});

const apache = new collectors.SourceTemplate(
  "apache",
  {
    schemaRef: { type: "Apache" },
    // Every collector of the web team in this environment: tags in one list must all match.
    selector: {
      tags: [
        [
          { key: "team", values: ["web"] },
          { key: "env", values: [environment] },
        ],
      ],
    },
    inputJson: {
      name: `apache-${environment}`,
      description: "Apache access and error logs.",
      receivers: {
        apache: { receiverType: "filelog", include: ["/var/log/apache2/*.log"] },
      },
    },
  },
  // After the collector's tags are written, so the count below includes it.
  { dependsOn: [edge] },
);

export const collectorId = edge.id;
export const collectorVersion = edge.version.apply((v) => v.currentVersion);
export const templateId = apache.id;
export const collectorsLinked = apache.totalCollectorLinked;

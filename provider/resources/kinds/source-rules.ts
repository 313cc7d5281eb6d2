// The rules across fields of the source types (a table entry's `refine`): what one field needs
// of another. Each skips unknown preview values.
import { type CheckFailure, containsUnknown, isObject, isUnset } from "./fields";

type Rule = (inputs: Readonly<Record<string, unknown>>) => CheckFailure[];
export const remoteFileAuth: Rule = (inputs) => {
  if (inputs.authMethod === "password" && isUnset(inputs.remotePassword)) {
    return [
      {
        property: "remotePassword",
        reason: 'remotePassword is required when authMethod is "password"',
      },
    ];
  }
  if (inputs.authMethod === "key" && isUnset(inputs.keyPath)) {
    return [
      {
        property: "keyPath",
        reason:
          'keyPath is required when authMethod is "key": the private key file on the collector host',
      },
    ];
  }
  return [];
};

export const messagePerRequest: Rule = (inputs) =>
  inputs.messagePerRequest === true &&
  inputs.multilineProcessingEnabled !== false &&
  !containsUnknown(inputs.multilineProcessingEnabled)
    ? [
        {
          property: "messagePerRequest",
          reason:
            "messagePerRequest needs multilineProcessingEnabled: false (the service treats each " +
            "request as one message only without multiline processing)",
        },
      ]
    : [];

/** Docker: an https engine needs its certificates; allContainers false needs the containers. */
export const docker: Rule = (inputs) => {
  const failures: CheckFailure[] = [];
  if (
    typeof inputs.uri === "string" &&
    inputs.uri.startsWith("https://") &&
    isUnset(inputs.certPath)
  ) {
    failures.push({
      property: "certPath",
      reason:
        "certPath is required with an https:// uri: the directory of the engine's TLS certificates",
    });
  }
  const named = inputs.specifiedContainers;
  if (
    inputs.allContainers === false &&
    !containsUnknown(named) &&
    (!Array.isArray(named) || named.length === 0)
  ) {
    failures.push({
      property: "specifiedContainers",
      reason:
        "specifiedContainers must name at least one container when allContainers is false " +
        "(or set allContainers: true)",
    });
  }
  return failures;
};

/** Windows event logs: eventMessage belongs to the legacy XML format (eventFormat 0). */
export const eventMessage: Rule = (inputs) => {
  if (inputs.eventFormat === 0 && isUnset(inputs.eventMessage)) {
    return [
      {
        property: "eventMessage",
        reason:
          "eventMessage is required with eventFormat 0 (legacy XML): 0 full message, 1 title " +
          "line, 2 metadata only",
      },
    ];
  }
  if (inputs.eventFormat === 1 && !isUnset(inputs.eventMessage)) {
    return [
      {
        property: "eventMessage",
        reason:
          "eventMessage applies to eventFormat 0 only: leave it out with eventFormat 1 (JSON)",
      },
    ];
  }
  return [];
};

/** Cloud-to-Cloud: the name lives in config on the service; the class takes it as `name`. */
export const configName: Rule = (inputs) => {
  const config = inputs.config;
  if (!isObject(config) || isUnset(config.name) || containsUnknown(config.name)) return [];
  if (containsUnknown(inputs.name) || config.name === inputs.name) return [];
  return [
    {
      property: "config.name",
      reason: "config.name is the source's name: set `name` instead (it is sent as config.name)",
    },
  ];
};

export * from "./collector";
export {
  DESCRIPTION_MAX,
  errorEnvelope,
  HOST_NAME_MAX,
  issueLines,
  type Link,
  NAME_MAX,
} from "./common";
export * from "./ot-collector";
export * from "./search-job";
export * from "./source";
export * from "./source-template";
export * from "./upgrade";

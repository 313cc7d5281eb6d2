// pulumi-collectors/testing: the local service as a fixture for tests of your own Pulumi
// programs (docs/guides/testing-your-programs.md).
export {
  type ConfigValue,
  type Fault,
  type InstalledCollectorRegistration,
  LocalService,
  type LocalServiceOptions,
  type LoggedRequest,
  type OtCollectorRegistration,
  type RequestFilter,
  startLocalService,
} from "./local-service";
export { collectorsMocks, registrationError } from "./mocks";

// What a resource kind is: a table of its fields, the values and checks that differ from kind to
// kind (pure functions of the inputs, no HTTP), and the names of the steps it needs beyond the
// shared ones. How its objects are reached and what those steps do live with the steps (steps/).
import type { ResourceError } from "./errors";
import type { CheckFailure, FieldSpecs, JsonObject } from "./fields";

export type Inputs = Record<string, unknown>;

/** What check enforces for a kind's inputs. */
export interface CheckRules {
  /** What the resource is, for messages: "HostedCollector", "Source (LocalFile)". */
  label: string;
  /** Fields that must be set, each with a hint on what to give. */
  required?: Readonly<Record<string, string>>;
  /** Rules across fields; called with the inputs, they must skip unknown values themselves. */
  refine?: ((inputs: Readonly<Record<string, unknown>>) => CheckFailure[]) | undefined;
}

/**
 * A step a kind runs after a create, adoption or update has written the object, for what a PUT
 * cannot do (fields marked notSent), by name (steps/finish.ts runs it): "applyVersion" moves an
 * Installed Collector to its `version` through an upgrade task (steps/upgrade.ts).
 */
export type AfterWrite = "applyVersion";

/** A resource kind: its table, and the few things that differ from kind to kind. */
export interface EntityKind {
  /** The resource's name: "HostedCollector", "HttpSource". */
  kind: string;
  /**
   * Where the service keeps the objects: the account's collectors, the sources of the collector
   * `parent` names, or the OpenTelemetry APIs' collectors and source templates. The steps reach
   * each in its own way (steps/entities.ts).
   */
  collection: "collectors" | "sources" | "otCollectors" | "sourceTemplates";
  /** The service fields the program manages. */
  fields: FieldSpecs;
  /** Inputs that are not service fields (adopt, collectorId): validated, never diffed. */
  controls: FieldSpecs;
  /**
   * The control that names the object this one lives in ("collectorId" for sources): its value
   * is kept in the outputs, names are unique within it, and a new one replaces the resource.
   */
  parent?: string;
  /**
   * Values sent on create besides the managed fields (collectorType, sourceType, fixed values);
   * a source's `sourceType` here is also the type the steps treat its object as.
   */
  fixed(inputs: Inputs): JsonObject;
  /** Server-set fields copied to the outputs (collectorType, alive, url, token). */
  serverSet: readonly string[];
  /**
   * Server-set outputs that may hold credentials besides the sources' url and token (a source
   * template's `config`, rendered from an inputJson that may hold a password): kept secret.
   */
  secretServerSet?: readonly string[];
  /** Service fields neither kept in `unmanaged` nor sent back (id, links, alive, url). */
  volatile: readonly string[];
  /**
   * The service's id of the object `adopt.id` names, as the steps address it. Default: the
   * numeric id of a collector or source (toId); the OpenTelemetry APIs' ids are text.
   */
  adoptedId?(value: unknown): string;
  /**
   * Where the object's name is in the inputs when it is not a `name` input of its own (a source
   * template's `inputJson.name`). check copies it to the checked inputs' `name`, which the steps
   * read for messages and look-ups by name; the service's object shows it as `name` too
   * (steps/entities.ts).
   */
  nameOf?(inputs: Inputs): unknown;
  /** Why the program cannot create one (adoption only), if so. */
  notCreatable?: string;
  /** What check enforces for these inputs: the label, required fields, rules across fields. */
  rules(inputs: Inputs): CheckRules;
  /** Why an existing object is not one this resource can manage, if it is not. */
  mismatch(entity: Record<string, unknown>, inputs: Inputs): string | undefined;
  /** The step that applies what a PUT cannot, after every write (an Installed Collector's version). */
  afterWrite?: AfterWrite;
  /** Why a change is refused outright (an adopted Installed Collector pointed elsewhere). No HTTP. */
  refuseChange?(id: string, olds: JsonObject, news: Inputs): ResourceError | undefined;
}

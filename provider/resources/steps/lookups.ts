// The look-ups about collectors and sources, about the fleet of Installed Collectors (the
// builds the service offers, the collectors an upgrade would touch, the ones silent for days),
// and about OpenTelemetry collectors and source templates:
// plain async functions on a runtime's client, shared by the program's functions
// (program/functions.ts) and the plugin's invokes. Nothing here loads @pulumi/pulumi.
import type {
  BuildTarget,
  Collector,
  CollectorFilter,
  CollectorsClient,
  OtCollector,
  OtCollectorFilters,
  Source,
  SourceTemplate,
} from "../../api";
import { isGone } from "../../api";
import { resourceError } from "../kinds/errors";
import { readTemplate } from "./ot-entities";
import type { Runtime } from "./runtime";

/** A collector as the service returns it. */
export type CollectorInfo = Collector;
/** A source as the service returns it. */
export type SourceInfo = Source;

export type GetCollectorArgs = { id: number | string } | { name: string };

export interface GetCollectorsArgs {
  /** installed, hosted, dead or alive; default all. */
  filter?: CollectorFilter;
}

export type GetSourceArgs =
  | { collectorId: number | string; id: number | string }
  | { collectorId: number | string; name: string };

export interface GetSourcesArgs {
  collectorId: number | string;
}

/** A build the service offers as an upgrade or downgrade target. */
export type UpgradeTarget = BuildTarget;

export interface GetUpgradableCollectorsArgs {
  /** The build to move to; default the latest. */
  toVersion?: string;
}

export interface GetOfflineCollectorsArgs {
  /** Last seen alive more than this many days ago; default 100, at least 1. */
  aliveBeforeDays?: number;
}

export type GetOtCollectorArgs = { id: string } | { name: string };

/** The service's search: free text (id, name, description, host), and its filters. */
export type GetOtCollectorsArgs = OtCollectorFilters & { search?: string };

export type GetSourceTemplateArgs = { id: string } | { name: string };

export interface GetSourceTemplatesArgs {
  /** Only the template of this name. */
  name?: string;
  /** The disabled ones too; default false. */
  showDisabled?: boolean;
}

/**
 * The look-ups on `runtime`'s client; `client` gives it (the program's functions first configure
 * the runtime from the program's stack config).
 */
export function queries(runtime: Runtime, client: () => CollectorsClient = () => runtime.client()) {
  /** The client's batched reads: concurrent look-ups of one collector's sources share a list. */
  const reads = (c: CollectorsClient) => runtime.reads(c);

  /** One collector, by id or by name (names with spaces and periods work). */
  async function getCollector(args: GetCollectorArgs): Promise<Collector> {
    const c = client();
    const api = c.collectors;
    if ("id" in args && args.id !== undefined) {
      // Batched: alone, one GET; with other look-ups at the same moment, one list.
      try {
        return (await reads(c).collector(args.id)).entity;
      } catch (error) {
        if (isGone(error)) throw resourceError("noCollectorWithId", { id: args.id }, error);
        throw error;
      }
    }
    const name = (args as { name: string }).name;
    const found = await api.findByName(name);
    if (!found) throw resourceError("noCollectorNamed", { name });
    return found.collector;
  }

  /** Every collector (all pages), optionally filtered. */
  async function getCollectors(args: GetCollectorsArgs = {}): Promise<Collector[]> {
    const out: Collector[] = [];
    const filter = args.filter ? { filter: args.filter } : {};
    for await (const collector of client().collectors.iterate(filter)) out.push(collector);
    return out;
  }

  /** One source of a collector, by id or by name. HTTP URLs and tokens in it are secrets. */
  async function getSource(args: GetSourceArgs): Promise<Source> {
    // Batched: the look-ups of one collector's sources at the same moment share one list.
    const batcher = reads(client());
    if ("id" in args && args.id !== undefined) {
      const { collectorId, id } = args;
      try {
        return (await batcher.source(collectorId, id)).entity;
      } catch (error) {
        if (isGone(error)) throw resourceError("noSourceWithId", { collectorId, id }, error);
        throw error;
      }
    }
    const name = (args as { name: string }).name;
    const found = await batcher.sourceNamed(args.collectorId, name);
    if (!found) {
      throw resourceError("noSourceNamed", { collectorId: args.collectorId, name });
    }
    return found;
  }

  /** Every source of a collector. */
  async function getSources(args: GetSourcesArgs): Promise<Source[]> {
    return client().sources.list(args.collectorId);
  }

  /**
   * The collector builds the service offers, each with `latest` set on the newest. Pick one with
   * `latest(targets)`, e.g. `version: latest(await getUpgradeTargets())`.
   */
  async function getUpgradeTargets(): Promise<UpgradeTarget[]> {
    return client().upgrades.targets();
  }

  /**
   * The Installed Collectors that could move to `toVersion` now (alive, not already on it, no task
   * in progress), all pages.
   */
  async function getUpgradableCollectors(
    args: GetUpgradableCollectorsArgs = {},
  ): Promise<Collector[]> {
    const out: Collector[] = [];
    const options = args.toVersion === undefined ? {} : { toVersion: args.toVersion };
    for await (const collector of client().upgrades.iterateUpgradable(options)) out.push(collector);
    return out;
  }

  /** The Installed Collectors last seen alive before `aliveBeforeDays` days ago, all pages. */
  async function getOfflineCollectors(args: GetOfflineCollectorsArgs = {}): Promise<Collector[]> {
    const out: Collector[] = [];
    const options =
      args.aliveBeforeDays === undefined ? {} : { aliveBeforeDays: args.aliveBeforeDays };
    for await (const collector of client().collectors.iterateOffline(options)) out.push(collector);
    return out;
  }

  /** One OpenTelemetry collector, by id or by name. */
  async function getOtCollector(args: GetOtCollectorArgs): Promise<OtCollector> {
    const api = client().otCollectors;
    if ("id" in args && args.id !== undefined) {
      try {
        return (await api.get(args.id)).collector;
      } catch (error) {
        if (isGone(error)) throw resourceError("noOtCollectorWithId", { id: args.id }, error);
        throw error;
      }
    }
    const name = (args as { name: string }).name;
    const found = await api.findByName(name);
    if (!found) throw resourceError("noOtCollectorNamed", { name });
    return found.collector;
  }

  /** Every OpenTelemetry collector the search and filters pick (all pages). */
  async function getOtCollectors(args: GetOtCollectorsArgs = {}): Promise<OtCollector[]> {
    const { search, ...filters } = args;
    const out: OtCollector[] = [];
    const request = { ...(search === undefined ? {} : { search }), filters };
    for await (const collector of client().otCollectors.iterate(request)) out.push(collector);
    return out;
  }

  /** One source template, by id or by name, disabled ones included. */
  async function getSourceTemplate(args: GetSourceTemplateArgs): Promise<SourceTemplate> {
    const c = client();
    if ("id" in args && args.id !== undefined) {
      try {
        return await readTemplate(c, args.id);
      } catch (error) {
        if (isGone(error)) throw resourceError("noSourceTemplateWithId", { id: args.id }, error);
        throw error;
      }
    }
    const name = (args as { name: string }).name;
    const found = await c.sourceTemplates.findByName(name, { showDisabled: true });
    if (!found) throw resourceError("noSourceTemplateNamed", { name });
    return found;
  }

  /** The source templates, enabled ones only unless `showDisabled`. */
  async function getSourceTemplates(args: GetSourceTemplatesArgs = {}): Promise<SourceTemplate[]> {
    return client().sourceTemplates.list(args);
  }

  return {
    getCollector,
    getCollectors,
    getSource,
    getSources,
    getUpgradeTargets,
    getUpgradableCollectors,
    getOfflineCollectors,
    getOtCollector,
    getOtCollectors,
    getSourceTemplate,
    getSourceTemplates,
  };
}

export type Queries = ReturnType<typeof queries>;

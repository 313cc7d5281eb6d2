import { randomBytes } from "node:crypto";
import type { Deployment } from "../deployments";
import { fail } from "../errors";
import { type CollectorDoc, isAlive } from "../model/collector";
import { checkIfMatch } from "../model/etag";
import { type SourceDoc, type SourceRecord, sourceEtag } from "../model/source";
import { UNIVERSAL_STOPPING_MS } from "../model/time";
import type { State } from "../state";
import { parseSourceCreate, parseSourceUpdate } from "../validation/source-body";
import { SOURCE_TYPES, takesAuthHeader } from "../validation/source-types";
import { UNIVERSAL_PER_ACCOUNT } from "../validation/universal";
import { ensureUniqueName, requireCollector } from "./collector-records";
import { TIMERS } from "./timers";

const SOURCES_PER_COLLECTOR = 1000;

function saveSource(state: State, account: string, doc: SourceDoc): void {
  state.store.put<SourceDoc>({
    kind: "source",
    id: doc.id,
    account,
    parent: doc.collectorId,
    name: doc.config.name as string,
    doc,
  });
}

/** Sources of a collector in Json mode are managed from the host's JSON file, not the API. */
function ensureApiManaged(collector: CollectorDoc): void {
  if (collector.sourceSyncMode === "Json") fail("cannotModifySources");
}

function requireSource(
  state: State,
  account: string,
  collectorId: number,
  id: number,
): SourceRecord {
  const record = state.store.get<SourceDoc>("source", id);
  if (!record || record.account !== account || record.parent !== collectorId) {
    fail(
      "invalidSource",
      `The Source ID is invalid: collector ${collectorId} has no source ${id}.`,
    );
  }
  return record;
}

/** A source with the liveness it shows (its collector's). */
export interface SourceView {
  doc: SourceDoc;
  alive: boolean;
}

export function listSources(state: State, account: string, collectorId: number): SourceView[] {
  const collector = requireCollector(state, account, collectorId).doc;
  const alive = isAlive(collector, state.clock.now());
  return state.store
    .list<SourceDoc>("source", account, collectorId)
    .map(({ doc }) => ({ doc, alive }));
}

export function getSource(
  state: State,
  account: string,
  collectorId: number,
  id: number,
): SourceView {
  const collector = requireCollector(state, account, collectorId).doc;
  return {
    doc: requireSource(state, account, collectorId, id).doc,
    alive: isAlive(collector, state.clock.now()),
  };
}

/** A secret token for an HTTP source URL, an HTTP source's auth header or a Cloudsyslog source. */
function secretToken(): string {
  return randomBytes(48).toString("base64url");
}

/**
 * Where an HTTP source receives data (`http`, `otlp` for OTLP sources: sheet 5), or a Polling
 * source its SNS notifications (`event`). The emulator receives nothing: the host is a fixed,
 * non-resolving name so that the URL does not change when the emulator's port does.
 */
function receiverUrl(deployment: Deployment, kind: "http" | "otlp" | "event"): string {
  const region = deployment === "us1" ? "" : `${deployment}.`;
  return `https://endpoint1.collection.${region}collectors.invalid/receiver/v1/${kind}/${secretToken()}`;
}

/** What the service issues to a new source (sheet 7), by the type's `server` entry. */
function issue(doc: SourceDoc, deployment: Deployment): void {
  const server = SOURCE_TYPES[doc.sourceType]?.server;
  if (server === "httpUrl")
    doc.url = receiverUrl(deployment, doc.config.contentType === "Otlp" ? "otlp" : "http");
  if (server === "eventUrl") doc.url = receiverUrl(deployment, "event");
  if (server === "syslogToken") doc.token = `${secretToken()}@41123`;
  issueAuthHeader(doc);
}

/**
 * An HTTP source of a variant with auth-header ingestion (sheet 5) holds a token, and a baseUrl:
 * the receiver's `…/receiver/v1/http`, whatever its URL's path. Both stay across updates; a
 * source that becomes another variant loses them, and gets new ones if it comes back.
 */
function issueAuthHeader(doc: SourceDoc): void {
  if (SOURCE_TYPES[doc.sourceType]?.server !== "httpUrl" || doc.url === undefined) return;
  if (takesAuthHeader(doc.config)) {
    doc.token ??= secretToken();
    doc.baseUrl ??= `${new URL(doc.url).origin}/receiver/v1/http`;
  } else {
    delete doc.token;
    delete doc.baseUrl;
  }
}

/** A collector holds at most 1,000 sources; an account at most 50 Universal ones (sheet 1, 6.5). */
function ensureRoom(state: State, account: string, collectorId: number, sourceType: string): void {
  if (state.store.list("source", account, collectorId).length >= SOURCES_PER_COLLECTOR) {
    fail(
      "sourceLimit",
      `Collector ${collectorId} already holds ${SOURCES_PER_COLLECTOR} sources, the most one collector can hold: delete one first.`,
    );
  }
  if (sourceType !== "Universal") return;
  const universal = state.store
    .list<SourceDoc>("source", account)
    .filter((r) => r.doc.sourceType === "Universal").length;
  if (universal >= UNIVERSAL_PER_ACCOUNT) {
    fail(
      "sourceLimit",
      `This account already has ${UNIVERSAL_PER_ACCOUNT} Cloud-to-Cloud (Universal) sources, the most an account can have: delete one first (a Stopping one counts until it is gone).`,
    );
  }
}

export function createSource(
  state: State,
  account: string,
  deployment: Deployment,
  collectorId: number,
  body: unknown,
): SourceView {
  const collector = requireCollector(state, account, collectorId).doc;
  ensureApiManaged(collector);
  const input = parseSourceCreate(body, collector);
  return state.store.transaction(() => {
    ensureUniqueName(state.store, "source", account, collectorId, input.config.name as string);
    ensureRoom(state, account, collectorId, input.sourceType);
    const doc: SourceDoc = {
      id: state.store.nextId("source"),
      collectorId,
      sourceType: input.sourceType,
      config: input.config,
      version: 1,
      createdAt: state.clock.now(),
    };
    issue(doc, deployment);
    saveSource(state, account, doc);
    return { doc, alive: isAlive(collector, state.clock.now()) };
  });
}

export function updateSource(
  state: State,
  account: string,
  collectorId: number,
  id: number,
  ifMatch: string | string[] | undefined,
  body: unknown,
): SourceView {
  const collector = requireCollector(state, account, collectorId).doc;
  ensureApiManaged(collector);
  const current = requireSource(state, account, collectorId, id).doc;
  checkIfMatch(ifMatch, sourceEtag(current));
  if (current.stoppingSince !== undefined) {
    fail("invalidSource", `Source ${id} is being deleted (Stopping) and can no longer be changed.`);
  }
  const input = parseSourceUpdate(body, collector, current);
  return state.store.transaction(() => {
    ensureUniqueName(state.store, "source", account, collectorId, input.config.name as string, id);
    const doc: SourceDoc = { ...current, config: input.config, version: current.version + 1 };
    issueAuthHeader(doc);
    saveSource(state, account, doc);
    return { doc, alive: isAlive(collector, state.clock.now()) };
  });
}

/** Deletes a source; a Universal one is Stopping first and goes shortly after (docs/reference/service/collector-management-api.md §3). */
export function deleteSource(state: State, account: string, collectorId: number, id: number): void {
  const collector = requireCollector(state, account, collectorId).doc;
  ensureApiManaged(collector);
  const record = requireSource(state, account, collectorId, id);
  if (record.doc.sourceType !== "Universal") {
    state.store.delete("source", id);
    return;
  }
  if (record.doc.stoppingSince !== undefined) return; // already stopping: deleting again is a no-op
  const now = state.clock.now();
  saveSource(state, account, { ...record.doc, stoppingSince: now });
  state.scheduler.at(now + UNIVERSAL_STOPPING_MS, TIMERS.sourceStopped, id);
}

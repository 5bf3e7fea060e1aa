import "server-only";
import type { Kysely, Migration } from "kysely";
import type * as z from "zod";
import type { LearnedOutcome } from "./audit/write-audit";
import type { AuditTrail } from "./audit/audit-trail";
import type { Mailer } from "./auth/mailer";
import type { AddedKey, KeyForgetter, WorkspaceKeyStore } from "./auth/workspace-keys";
import type { Background } from "./background/background-reads";
import type { Migrations } from "./db/migrations";
import { settingsOf } from "./env";
import type { BackroomDatabase } from "./db/schema";
import type { EffectLedger, JobQueue } from "./jobs/job-queue";
import { recurring } from "./jobs/recurring";
import type { Notifier } from "./notify/notifier";
import type { NotificationStore } from "./notify/notification-store";
import type { OutcomeListener } from "./proxy";
import type { SharedStore } from "./shared/shared-store";

/**
 * How a feature joins the server: a folder beside the core that imports it and hands it one `Feature`, in its
 * `feature.ts`, saying in one place what it needs of the core. The core names no feature; `lib/server/features.ts`
 * lists them (and composes their migrations), and the composition root (`lib/backend.ts`) hands each the core's
 * services (`CoreServices`) and the routes each one's services under its name in the list.
 *
 * What a feature declares:
 * - `migrations`: the migrations of its tables, by name (they run with the core's, in the order of their names);
 * - `settings`: the schema of its settings, its environment variables with their defaults and bounds (read once, when
 *   the backend starts, and handed to its `start`);
 * - `forget`: what it keeps of a workspace key, deleted in the key's removal transaction (the key store runs it);
 * - `start(core, settings)`: its services, made once; their jobs (`jobs`: a handler per job name) and recurring sweeps
 *   (`recurring`); what it listens for: a key added (`keyAdded`), an outcome of a write learned or a write to follow
 *   (`outcomes`); the unsubscribe links of its own topics (`unsubscribe`); and what routes need of it (`services`).
 */

/** The core's services a feature is started with. */
export interface CoreServices {
  db: Kysely<BackroomDatabase>;
  jobs: JobQueue;
  keys: WorkspaceKeyStore;
  audit: AuditTrail;
  /** Backroom's own reads for a workspace's key, through the proxy, within the background's share of its budget. */
  background: Background;
  effects: EffectLedger;
  mailer: Mailer;
  inbox: NotificationStore;
  notifier: Notifier;
  /** The session secret: it signs the unsubscribe links of the mails. */
  secret: string;
  /** Where the links in the mails point (`PUBLIC_URL`'s origin). */
  origin: string;
  /** What the instances share besides the database (memory, or Redis): caches, locks, counters. */
  shared: SharedStore;
}

/** Work done every so often (`jobs/recurring.ts`): one job `name` per slot of `seconds`. */
export interface Recurring {
  name: string;
  seconds: number;
  run(slotStart: Date): Promise<unknown>;
}

/** What a feature, once started, gives the core to run and to tell. */
export interface Started<Services> {
  /** The handler of each of its jobs, by the job's name. */
  jobs?: Record<string, (data: never) => Promise<unknown>>;
  /** Its sweeps; a period of 0 or less is none (a sweep turned off by its setting). */
  recurring?: Recurring[];
  /** A workspace key was added: what it keeps of the key starts now, not at its next sweep. */
  keyAdded?(key: AddedKey): Promise<void>;
  /** Writes done that await an outcome, and outcomes learned by any read (the proxy tells). */
  outcomes?: OutcomeListener;
  /** What an unsubscribe link of its topic leaves (a topic "reminder:<id>": its handler under `reminder`). */
  unsubscribe?: Record<string, (userId: string, id: string) => Promise<boolean>>;
  /** What its routes need (the backend hands them on). */
  services: Services;
}

export interface Feature<Services = unknown, Settings = unknown> {
  name: string;
  /** The migrations of its tables, by name (`migrations.ts` in its folder). */
  migrations?: Migrations;
  /** The schema of its settings (`settings.ts` in its folder), parsed from the environment (`settingsOf`). */
  settings?: z.ZodType<Settings>;
  /** What it keeps of a key removed, deleted in the removal's transaction. */
  forget?: KeyForgetter;
  /** Its services, made once, with its settings (a feature with tables and routes only starts nothing). */
  start?(core: CoreServices, settings: Settings): Started<Services>;
}

/**
 * A feature, typed by its services and its settings.
 *
 * @example
 * export const remindersFeature = defineFeature({
 *   name: "reminders",
 *   migrations: REMINDER_MIGRATIONS,
 *   settings: ReminderSettings,
 *   start: (core, settings) => ({ services: createReminders(core.db, settings.REMINDER_HOURS) }),
 * });
 */
export function defineFeature<Services, Settings = undefined>(
  feature: Feature<Services, Settings>,
): Feature<Services, Settings> {
  return feature;
}

/**
 * Reads every feature's settings from the environment (once each: `settingsOf`), so that a value out of bounds stops
 * the start, naming its variable, before anything opens.
 */
export function readSettings(features: Record<string, Feature>): void {
  for (const feature of Object.values(features)) if (feature.settings) settingsOf(feature.settings);
}

/**
 * Every migration, the core's and each feature's, in the order of their names (the order they run in, and the order
 * Kysely checks a database's record against). Throws when two share a name: a database records names only.
 *
 * @example
 * export const MIGRATIONS = allMigrations(CORE_MIGRATIONS, FEATURES);
 */
export function allMigrations(core: Migrations, features: Record<string, Feature>): Migrations {
  const all: Record<string, Migration> = { ...core };
  for (const feature of Object.values(features))
    for (const [name, migration] of Object.entries(feature.migrations ?? {})) {
      if (name in all) throw new Error(`two migrations are named ${name} (the ${feature.name} feature's is one)`);
      all[name] = migration;
    }
  return Object.fromEntries(
    Object.keys(all)
      .sort((a, b) => a.localeCompare(b))
      .map((name) => [name, all[name]!]),
  );
}

/** The features' forgetters, for the key store (made before any feature starts). */
export function forgetters(features: Record<string, Feature>): KeyForgetter[] {
  return Object.values(features).flatMap((feature) => (feature.forget ? [feature.forget] : []));
}

/**
 * The outcomes the proxy tells, handed on to every feature that listens (its `outcomes`): made before the proxy's
 * dependencies, so that the proxy is assembled whole, and told of its listeners as the features start.
 */
export interface OutcomeHub extends OutcomeListener {
  listen(listener: OutcomeListener): void;
}

export function createOutcomeHub(): OutcomeHub {
  const listeners: OutcomeListener[] = [];
  return {
    listen: (listener) => void listeners.push(listener),
    async written(workspaceId: string, keyId: string, event: string) {
      for (const listener of listeners) await listener.written(workspaceId, keyId, event);
    },
    async learned(outcomes: readonly LearnedOutcome[]) {
      for (const listener of listeners) await listener.learned(outcomes);
    },
  };
}

/** What a feature's routes get of it (its `start`'s `services`). */
export type ServicesOf<F> = F extends Feature<infer S> ? S : never;

/**
 * The services of a list of features, under the list's names (`deps.reminders`): what the backend hands the routes. A
 * feature that starts nothing (its services unknown) has none.
 *
 * @example
 * export interface Backend extends ProxyDeps, FeatureServices<typeof FEATURES> {}
 */
export type FeatureServices<F> = {
  [K in keyof F as unknown extends ServicesOf<F[K]> ? never : K]: ServicesOf<F[K]>;
};

/** The started features: their services by name, the sweeps to queue once the queue runs, their unsubscribe links. */
export interface StartedFeatures<F extends Record<string, Feature>> {
  services: FeatureServices<F>;
  recurrences: { queueNext(): Promise<void> }[];
  unsubscribers: Record<string, (userId: string, id: string) => Promise<boolean>>;
}

/**
 * Starts every feature with the core's services and registers what each declared: its jobs' handlers, its sweeps, its
 * listeners of a key added (`keys.onAdded`) and of outcomes (`hub`). Called once, by the composition root, before the
 * queue starts.
 *
 * @example
 * const started = startFeatures(FEATURES, core, hub);
 * await jobs.start(); await Promise.all(started.recurrences.map((r) => r.queueNext()));
 */
export function startFeatures<F extends Record<string, Feature>>(
  features: F,
  core: CoreServices,
  hub: OutcomeHub,
): StartedFeatures<F> {
  const services: Record<string, unknown> = {};
  const recurrences: { queueNext(): Promise<void> }[] = [];
  const unsubscribers: Record<string, (userId: string, id: string) => Promise<boolean>> = {};
  for (const [name, feature] of Object.entries(features)) {
    if (!feature.start) continue;
    const started = feature.start(core, feature.settings ? settingsOf(feature.settings) : undefined);
    services[name] = started.services;
    for (const [job, run] of Object.entries(started.jobs ?? {}))
      core.jobs.work<never>(job, async (queued) => void (await run(queued.data)));
    for (const sweep of started.recurring ?? [])
      if (sweep.seconds > 0)
        recurrences.push(
          recurring(core.jobs, core.effects, sweep.name, sweep.seconds, async (slot) => void (await sweep.run(slot))),
        );
    if (started.keyAdded) core.keys.onAdded(started.keyAdded);
    if (started.outcomes) hub.listen(started.outcomes);
    Object.assign(unsubscribers, started.unsubscribe);
  }
  return { services: services as StartedFeatures<F>["services"], recurrences, unsubscribers };
}

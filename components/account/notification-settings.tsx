"use client";

import { useMemo, useState } from "react";
import { parseErrorBody } from "@/lib/data-api/error-read";
import { type Channel, CHANNEL_LABELS, CHANNELS } from "@/lib/session/notification-kinds";
import type { NotificationSettingsJson } from "@/lib/session/notifications-view";
import { BusyButton, FormStatus, inputClass, type Outcome } from "./form-bits";
import { useAction } from "./use-action";

/** The zones a person can choose for their digest: the browser's list, with the current one kept if it is missing. */
function zones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all];
}

const EMAIL_OFF: Record<NonNullable<NotificationSettingsJson["email"]["off"]>, string> = {
  "no-smtp": "Email is off: this Backroom has no mail server (SMTP_URL), so everything goes to your inbox.",
  demo: "Email is off for the demo: its address reaches nobody. Sign up to get email.",
};

/**
 * Where each kind of notification goes for the person (the inbox, email, both, or off; a kind they never changed
 * follows their role, and says so), and their daily digest's time and zone. One Save for all of it: a PUT of what
 * changed, which is safe to repeat.
 */
export function NotificationSettings({
  initial,
  zone,
}: {
  initial: NotificationSettingsJson /** The browser's zone (its cookie), offered for a digest never set. */;
  zone?: string;
}) {
  const { busy, run } = useAction();
  const [saved, setSaved] = useState(initial);
  const [channels, setChannels] = useState<Record<string, Channel>>(() =>
    Object.fromEntries(initial.kinds.map((k) => [k.kind, k.channel])),
  );
  // A digest never set is at 7:00 UTC; the browser's own zone is the likelier wish, offered until the person saves.
  const [digest, setDigest] = useState(() =>
    initial.digest.timeZone === "UTC" && zone ? { ...initial.digest, timeZone: zone } : initial.digest,
  );
  const [outcome, setOutcome] = useState<Outcome>();
  const email = saved.email.delivers;
  const readOnly = !saved.editable;

  const changed = useMemo(() => {
    const kinds = Object.fromEntries(
      Object.entries(channels).filter(
        ([kind, channel]) => saved.kinds.find((k) => k.kind === kind)?.channel !== channel,
      ),
    );
    const digestChanged =
      digest.enabled !== saved.digest.enabled ||
      digest.time !== saved.digest.time ||
      digest.timeZone !== saved.digest.timeZone;
    return { kinds, digestChanged, any: Object.keys(kinds).length > 0 || digestChanged };
  }, [channels, digest, saved]);

  const save = () =>
    run(async () => {
      setOutcome(undefined);
      const response = await fetch("/api/notifications/settings", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          ...(Object.keys(changed.kinds).length ? { channels: changed.kinds } : {}),
          ...(changed.digestChanged ? { digest } : {}),
        }),
      }).catch(() => undefined);
      if (!response?.ok) {
        const error = response ? parseErrorBody(await response.json().catch(() => undefined)) : undefined;
        return setOutcome({
          tone: "error",
          text: error
            ? `Your settings were not saved: ${error.detail}`
            : "Your settings could not be saved: Backroom did not answer. Try again.",
        });
      }
      const next = (await response.json()) as NotificationSettingsJson;
      setSaved(next);
      setChannels(Object.fromEntries(next.kinds.map((k) => [k.kind, k.channel])));
      setDigest(next.digest);
      setOutcome({ tone: "ok", text: "Your notification settings are saved." });
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      className="space-y-8"
    >
      {!email && saved.email.off && (
        <p
          role="note"
          className="rounded border border-slate-400 bg-slate-50 px-4 py-3 text-sm dark:border-slate-500 dark:bg-slate-900"
        >
          {EMAIL_OFF[saved.email.off]}
        </p>
      )}
      {readOnly && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The demo&apos;s settings are shared by every visitor, so they cannot be changed here.
        </p>
      )}
      <section aria-labelledby="kinds-heading" className="space-y-3">
        <h2 id="kinds-heading" className="text-lg font-semibold">
          What you are told, and where
        </h2>
        {email && <p className="text-sm text-slate-700 dark:text-slate-300">Emails go to {saved.email.address}.</p>}
        <div className="divide-y divide-slate-300 rounded border border-slate-300 dark:divide-slate-700 dark:border-slate-700">
          {saved.kinds.map((kind) => (
            <fieldset
              key={kind.kind}
              className="grid gap-2 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
              disabled={readOnly}
            >
              <legend className="sr-only">{kind.label}</legend>
              <div>
                <p className="font-semibold">{kind.label}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300">{kind.description}</p>
                <p className="text-xs text-slate-700 dark:text-slate-300">
                  {kind.chosen
                    ? `Your choice (your role's default: ${CHANNEL_LABELS[kind.defaultChannel]})`
                    : `Your role's default`}
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                {CHANNELS.map((channel) => {
                  const unavailable = !email && (channel === "email" || channel === "both");
                  return (
                    <label
                      key={channel}
                      className={`flex items-center gap-1.5 rounded border px-2.5 py-1.5 text-sm has-[:checked]:border-sky-800 has-[:checked]:bg-sky-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-700 dark:has-[:checked]:border-sky-300 dark:has-[:checked]:bg-sky-950 ${unavailable ? "border-slate-300 text-slate-500 dark:border-slate-700 dark:text-slate-400" : "border-slate-400 dark:border-slate-500"}`}
                    >
                      <input
                        type="radio"
                        name={`channel-${kind.kind}`}
                        value={channel}
                        checked={channels[kind.kind] === channel}
                        disabled={unavailable}
                        aria-label={`${kind.label}: ${CHANNEL_LABELS[channel]}`}
                        onChange={() => setChannels((c) => ({ ...c, [kind.kind]: channel }))}
                      />
                      <span aria-hidden="true">{CHANNEL_LABELS[channel]}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
      </section>
      <section aria-labelledby="digest-heading" className="space-y-3">
        <h2 id="digest-heading" className="text-lg font-semibold">
          Daily digest
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          One email a day listing what you were told since the last one (everything your settings above do not turn off)
          and not already emailed to you, with links back. None on a day with nothing new to say.
        </p>
        <fieldset className="space-y-3" disabled={readOnly || !email}>
          <legend className="sr-only">Daily digest</legend>
          <label className="flex items-center gap-2 text-sm font-semibold">
            <input
              type="checkbox"
              checked={email && digest.enabled}
              onChange={(e) => setDigest((d) => ({ ...d, enabled: e.target.checked }))}
            />
            Send me a daily digest
          </label>
          <div className="flex flex-wrap gap-4">
            <div>
              <label htmlFor="digest-time" className="block text-sm font-semibold">
                At
              </label>
              <input
                id="digest-time"
                type="time"
                required
                value={digest.time}
                onChange={(e) => setDigest((d) => ({ ...d, time: e.target.value }))}
                className={inputClass(false)}
              />
            </div>
            <div className="min-w-64">
              <label htmlFor="digest-zone" className="block text-sm font-semibold">
                Time zone
              </label>
              <select
                id="digest-zone"
                value={digest.timeZone}
                onChange={(e) => setDigest((d) => ({ ...d, timeZone: e.target.value }))}
                className={inputClass(false)}
              >
                {zones(digest.timeZone).map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>
      </section>
      {!readOnly && (
        <div className="flex items-center gap-4">
          <BusyButton busy={busy} busyLabel="Saving…" disabled={!changed.any}>
            Save
          </BusyButton>
          <FormStatus outcome={outcome} />
        </div>
      )}
    </form>
  );
}

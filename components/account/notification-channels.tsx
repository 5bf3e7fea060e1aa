"use client";

import { type Channel, CHANNEL_LABELS, CHANNELS } from "@/lib/session/notification-kinds";
import type { NotificationSettingsJson } from "@/lib/session/notifications-view";

interface NotificationChannelsProps {
  kinds: NotificationSettingsJson["kinds"];
  /** Each kind's channel as chosen in the form. */
  channels: Record<string, Channel>;
  onChange: (kind: string, channel: Channel) => void;
  /** The address emails go to, when email is delivered. */
  emailAddress: string;
  /** Whether email is delivered at all (else email and both cannot be chosen). */
  email: boolean;
  readOnly: boolean;
}

/** Where each kind of notification goes: the inbox, email, both, or off, with whether it is the role's default. */
export function NotificationChannels({
  kinds,
  channels,
  onChange,
  emailAddress,
  email,
  readOnly,
}: NotificationChannelsProps) {
  return (
    <section aria-labelledby="kinds-heading" className="space-y-3">
      <h2 id="kinds-heading" className="text-lg font-semibold">
        What you are told, and where
      </h2>
      {email && <p className="text-sm text-slate-700 dark:text-slate-300">Emails go to {emailAddress}.</p>}
      <div className="divide-y divide-slate-300 rounded border border-slate-300 dark:divide-slate-700 dark:border-slate-700">
        {kinds.map((kind) => (
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
                      onChange={() => onChange(kind.kind, channel)}
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
  );
}

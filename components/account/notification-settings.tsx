"use client";

import { useMemo, useState } from "react";
import { parseErrorBody } from "@/lib/data-api/error-read";
import type { Channel } from "@/lib/session/notification-kinds";
import type { NotificationSettingsJson } from "@/lib/session/notifications-view";
import { DigestSettings } from "./digest-settings";
import { BusyButton, FormStatus, type Outcome } from "./form-bits";
import { NotificationChannels } from "./notification-channels";
import { useAction } from "./use-action";

const EMAIL_OFF: Record<NonNullable<NotificationSettingsJson["email"]["off"]>, string> = {
  "no-smtp": "Email is off: this Backroom has no mail server (SMTP_URL), so everything goes to your inbox.",
  demo: "Email is off for the demo: its address reaches nobody. Sign up to get email.",
};

interface NotificationSettingsProps {
  initial: NotificationSettingsJson;
  /** The browser's zone (its cookie), offered for a digest never set. */
  zone?: string;
}

/**
 * Where each kind of notification goes for the person (the inbox, email, both, or off; a kind they never changed
 * follows their role, and says so), and their daily digest's time and zone. One Save for all of it: a PUT of what
 * changed, which is safe to repeat.
 */
export function NotificationSettings({ initial, zone }: NotificationSettingsProps) {
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
      <NotificationChannels
        kinds={saved.kinds}
        channels={channels}
        onChange={(kind, channel) => setChannels((c) => ({ ...c, [kind]: channel }))}
        emailAddress={saved.email.address}
        email={email}
        readOnly={readOnly}
      />
      <DigestSettings digest={digest} onChange={setDigest} email={email} readOnly={readOnly} />
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

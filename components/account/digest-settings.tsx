"use client";

import type { NotificationSettingsJson } from "@/lib/session/notifications-view";
import { inputClass } from "./form-bits";

type Digest = NotificationSettingsJson["digest"];

interface DigestSettingsProps {
  digest: Digest;
  onChange: (change: (digest: Digest) => Digest) => void;
  /** Whether email is delivered (the digest is an email). */
  email: boolean;
  readOnly: boolean;
}

/** The zones a person can choose for their digest: the browser's list, with the current one kept if it is missing. */
function zones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all];
}

/** The daily digest: on or off, and the time and zone it is sent at. */
export function DigestSettings({ digest, onChange, email, readOnly }: DigestSettingsProps) {
  return (
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
            onChange={(e) => onChange((d) => ({ ...d, enabled: e.target.checked }))}
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
              onChange={(e) => onChange((d) => ({ ...d, time: e.target.value }))}
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
              onChange={(e) => onChange((d) => ({ ...d, timeZone: e.target.value }))}
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
  );
}

import { useState, type FormEvent } from 'react';
import { WEEKDAYS, type BookingSettings, type BookingSettingsAnswer, type Weekday } from '../../../shared/booking';
import { paths } from '../../../shared/paths';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { apiErrorMessage } from '../../lib/api/api-error';
import { useGetBookingSettingsQuery, usePutBookingSettingsMutation } from './bookings-admin-api';
import { DAY_NAMES, hoursText, weeklyFrom } from './weekly-hours';
import styles from './bookings-admin.module.css';

const ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];

/** The booking settings over `GET`/`PUT /api/booking/settings`, with how each busy calendar was last read. */
export function SettingsForm() {
  const settings = useGetBookingSettingsQuery();
  // Held above the editor: a save refetches the settings, which remounts the editor with them.
  const [status, setStatus] = useState<string | null>(null);
  if (settings.isLoading) return <p>Loading the settings...</p>;
  if (!settings.data) return <ErrorMessage>{apiErrorMessage(settings.error, 'Failed to load the booking settings.')}</ErrorMessage>;
  return <Editor key={JSON.stringify(settings.data)} saved={settings.data} status={status} setStatus={setStatus} />;
}

interface EditorProps {
  saved: BookingSettingsAnswer;
  status: string | null;
  setStatus: (status: string | null) => void;
}

function Editor({ saved, status, setStatus }: EditorProps) {
  const [put, putting] = usePutBookingSettingsMutation();
  const [draft, setDraft] = useState({
    ...saved,
    hours: Object.fromEntries(WEEKDAYS.map((day) => [day, hoursText(saved.weekly[day])])) as Record<Weekday, string>,
    calendarsText: saved.busyCalendars.join('\n'),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const set = (change: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...change }));
  const number = (key: 'lengthMinutes' | 'bufferMinutes' | 'noticeHours' | 'horizonDays', label: string) => (
    <div className={styles.field}>
      <label htmlFor={`booking-${key}`}>{label}</label>
      <input id={`booking-${key}`} type="number" min={0} required value={draft[key]} onChange={(event) => set({ [key]: Number(event.target.value) })} />
    </div>
  );

  const save = (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    setFailure(null);
    const body: BookingSettings = {
      enabled: draft.enabled,
      timeZone: draft.timeZone,
      lengthMinutes: draft.lengthMinutes,
      bufferMinutes: draft.bufferMinutes,
      noticeHours: draft.noticeHours,
      horizonDays: draft.horizonDays,
      weekly: weeklyFrom(draft.hours),
      busyCalendars: draft.calendarsText.split('\n').map((line) => line.trim()).filter(Boolean),
      location: draft.location,
    };
    put(body)
      .unwrap()
      .then((answer) => setStatus(answer.enabled ? `Saved. Visitors can book at ${paths.book}.` : 'Saved. Bookings are off.'))
      .catch((error: unknown) => setFailure(apiErrorMessage(error, 'The settings could not be saved.')));
  };

  return (
    <form className={styles.section} onSubmit={save} aria-labelledby="booking-settings">
      <h2 id="booking-settings">Settings</h2>
      <div className={styles.check}>
        <input id="booking-enabled" type="checkbox" checked={draft.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
        <label htmlFor="booking-enabled">Visitors can book calls</label>
      </div>
      <div className={styles.field}>
        <label htmlFor="booking-zone">Time zone</label>
        <select id="booking-zone" value={draft.timeZone} onChange={(event) => set({ timeZone: event.target.value })}>
          {[...new Set([draft.timeZone, ...ZONES])].map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.grid}>
        {number('lengthMinutes', 'Call length (minutes)')}
        {number('bufferMinutes', 'Buffer around calls and events (minutes)')}
        {number('noticeHours', 'Notice (hours ahead)')}
        {number('horizonDays', 'Horizon (days ahead)')}
      </div>
      <fieldset className={styles.hours}>
        <legend>Weekly hours</legend>
        <p className={styles.hint}>Ranges such as 09:00-12:00, 13:00-17:00 in the time zone above; empty for a day off.</p>
        {WEEKDAYS.map((day) => (
          <div key={day} className={styles.field}>
            <label htmlFor={`booking-hours-${day}`}>{DAY_NAMES[day]}</label>
            <input id={`booking-hours-${day}`} value={draft.hours[day]} onChange={(event) => set({ hours: { ...draft.hours, [day]: event.target.value } })} />
          </div>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor="booking-calendars">Busy calendars</label>
        <textarea id="booking-calendars" rows={3} value={draft.calendarsText} aria-describedby="booking-calendars-hint" onChange={(event) => set({ calendarsText: event.target.value })} />
        <p id="booking-calendars-hint" className={styles.hint}>
          One https:// address a line: your calendar’s secret address in iCal format (Google: Settings → your calendar → Integrate; Outlook: Publish a calendar → ICS). Read every 5 minutes.
        </p>
      </div>
      {saved.calendars.length > 0 ? (
        <ul className={styles.calendars} aria-label="How the busy calendars were last read">
          {saved.calendars.map((calendar) => (
            <li key={calendar.url}>
              <span className={styles.url}>{new URL(calendar.url).host}</span>:{' '}
              {calendar.fetchedAt ? `read ${new Date(calendar.fetchedAt).toLocaleString()}, ${calendar.events} busy times` : 'not read yet'}
              {calendar.error ? <strong className={styles.failed}> Last attempt failed ({calendar.failedAt ? new Date(calendar.failedAt).toLocaleString() : ''}): {calendar.error}{calendar.fetchedAt ? ' The last good copy is still used.' : ''}</strong> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.field}>
        <label htmlFor="booking-location">Location</label>
        <input id="booking-location" maxLength={200} value={draft.location} onChange={(event) => set({ location: event.target.value })} />
      </div>
      <StatusMessage>{status}</StatusMessage>
      <ErrorMessage>{failure}</ErrorMessage>
      <button type="submit" disabled={putting.isLoading}>
        Save settings
      </button>
    </form>
  );
}

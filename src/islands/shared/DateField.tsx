import { useEffect, useRef, useState } from 'react';
import type { Locale, T } from '../../lib/i18n/index.ts';
import { FieldNotes, LabelText, useFieldIds } from './Field.tsx';

/**
 * A date in the page's language (issue 11, item 6): the browser's own date inputs show its
 * language and order (mm/dd/yyyy on a Russian page), so the parts are ours — a day, the month by
 * its name, a year, and for a moment the hours and minutes — in a fieldset named by the label.
 *
 * The value is text: 'YYYY-MM-DD' (`date`), 'YYYY-MM-01' (`month`: the day is not asked) or
 * 'YYYY-MM-DDTHH:mm' (`datetime`, the reader's local time); '' when nothing is filled in. Parts
 * filled in only partly give a text the schemas refuse ('1990--05'), so the error says so.
 */
export type DateMode = 'date' | 'month' | 'datetime';

interface Props {
  t: T;
  locale: Locale;
  label: string;
  mode: DateMode;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  /** Given the first part, for focusing the field when the form reports it. */
  ref?: (element: HTMLElement | null) => void;
}

interface Parts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

const EMPTY: Parts = { day: '', month: '', year: '', hour: '', minute: '' };
const pad = (value: string) => (value.length === 1 ? `0${value}` : value);

/** The parts of a stored value; what does not parse starts empty. */
export function partsOf(value: string | null | undefined): Parts {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[T ](\d{2}):(\d{2}))?/.exec(value ?? '');
  if (!match) return EMPTY;
  return {
    year: match[1]!,
    month: String(Number(match[2])),
    day: match[3] ? String(Number(match[3])) : '',
    hour: match[4] ?? '',
    minute: match[5] ?? '',
  };
}

/** The value the parts make: '' when all are empty, else the text the schemas check. */
export function valueOf(parts: Parts, mode: DateMode): string {
  const used: (keyof Parts)[] = mode === 'month' ? ['month', 'year'] : mode === 'date' ? ['day', 'month', 'year'] : ['day', 'month', 'year', 'hour', 'minute'];
  if (used.every((key) => parts[key].trim() === '')) return '';
  const date = `${parts.year.trim()}-${pad(parts.month)}-${mode === 'month' ? '01' : pad(parts.day.trim())}`;
  return mode === 'datetime' ? `${date}T${pad(parts.hour)}:${pad(parts.minute)}` : date;
}

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
const MINUTES = Array.from({ length: 12 }, (_, m) => String(m * 5).padStart(2, '0'));

export function DateField({ t, locale, label, mode, value, onChange, onBlur, error, hint, required, disabled, id, ref }: Props) {
  const { controlId, hintId, errorId, describedBy } = useFieldIds(id, hint, error);
  const [parts, setParts] = useState<Parts>(() => partsOf(value));
  const sent = useRef(value ?? '');
  // a value set from outside (a reset, a file that filled the form) replaces the parts
  useEffect(() => {
    if ((value ?? '') !== sent.current) {
      sent.current = value ?? '';
      setParts(partsOf(value));
    }
  }, [value]);

  const set = (key: keyof Parts) => (event: { target: { value: string } }) => {
    // day and year take digits only; the selects give their own values
    const typed = key === 'day' || key === 'year' ? event.target.value.replace(/\D/g, '') : event.target.value;
    const next = { ...parts, [key]: typed };
    setParts(next);
    sent.current = valueOf(next, mode);
    onChange(sent.current);
  };
  // month names as a calendar heads them: 'January', 'январь'
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const months = Array.from({ length: 12 }, (_, m) => monthName.format(new Date(Date.UTC(2000, m, 1))));
  const invalid = error ? true : undefined;
  const common = { disabled, onBlur, 'aria-invalid': invalid, 'aria-describedby': describedBy };

  return (
    <fieldset className="field date-field" aria-describedby={describedBy}>
      <legend className="label">
        <LabelText label={label} required={required} />
      </legend>
      <div className="date-parts">
        <div className="date-group">
          {mode !== 'month' && (
            <div className="date-part date-day">
              <label htmlFor={`${controlId}-day`}>{t('app.date.day')}</label>
              <input id={`${controlId}-day`} ref={ref} type="text" inputMode="numeric" maxLength={2} autoComplete="off" className="input" value={parts.day} onChange={set('day')} {...common} />
            </div>
          )}
          <div className="date-part date-month">
            <label htmlFor={`${controlId}-month`}>{t('app.date.month')}</label>
            <select id={`${controlId}-month`} ref={mode === 'month' ? ref : undefined} className="input" value={parts.month} onChange={set('month')} {...common}>
              <option value="">—</option>
              {months.map((name, index) => (
                <option key={name} value={String(index + 1)}>{name}</option>
              ))}
            </select>
          </div>
          <div className="date-part date-year">
            <label htmlFor={`${controlId}-year`}>{t('app.date.year')}</label>
            <input
              id={`${controlId}-year`}
              type="text"
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              className="input"
              value={parts.year}
              onChange={set('year')}
              {...common}
            />
          </div>
        </div>
        {mode === 'datetime' && (
          <div className="date-group">
            <div className="date-part date-time">
              <label htmlFor={`${controlId}-hour`}>{t('app.date.hour')}</label>
              <select id={`${controlId}-hour`} className="input" value={parts.hour} onChange={set('hour')} {...common}>
                <option value="">—</option>
                {HOURS.map((h) => <option key={h} value={h}>{h}</option>)}
              </select>
            </div>
            <span className="date-sep" aria-hidden="true">:</span>
            <div className="date-part date-time">
              <label htmlFor={`${controlId}-minute`}>{t('app.date.minute')}</label>
              <select id={`${controlId}-minute`} className="input" value={parts.minute} onChange={set('minute')} {...common}>
                <option value="">—</option>
                {/* a stored time off the 5-minute steps (an interview made through the API) stays as it is */}
                {(parts.minute && !MINUTES.includes(parts.minute) ? [...MINUTES, parts.minute].sort() : MINUTES).map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
            </div>
          </div>
        )}
      </div>
      <FieldNotes hint={hint} error={error} hintId={hintId} errorId={errorId} />
    </fieldset>
  );
}

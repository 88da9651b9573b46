import { useState, type FormEvent } from 'react';
import { api, ApiError, errorKey } from '../../lib/client/api.ts';
import type { Locale, T } from '../../lib/i18n/index.ts';
import { INTERVIEW_KINDS } from '../../lib/schemas/funnel.ts';
import { FormModal } from '../shared/modals.tsx';
import { DateField } from '../shared/DateField.tsx';
import { Field, SelectField } from '../shared/Field.tsx';
import { fromWallTime, zoneLabel } from '../../lib/time-zone.ts';

export interface Participant {
  id: string;
  name: string;
  surname: string;
}

interface Props {
  t: T;
  locale: Locale;
  /** The organiser's saved zone: the date field's time is read in it (docs/decisions/0011). */
  timeZone: string;
  candidateId: string;
  vacancyId?: string;
  people: Participant[];
  onClose: () => void;
  onDone: () => void;
}

/** The appointment button's dialog: date, time, length, kind, place and participants. */
export function AppointmentModal({ t, locale, timeZone, candidateId, vacancyId, people, onClose, onDone }: Props) {
  const [startsAt, setStartsAt] = useState('');
  const [duration, setDuration] = useState('45');
  const [kind, setKind] = useState<(typeof INTERVIEW_KINDS)[number]>('video');
  const [location, setLocation] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const toggle = (personId: string) => setChosen((list) => (list.includes(personId) ? list.filter((x) => x !== personId) : [...list, personId]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const moment = fromWallTime(startsAt, timeZone);
    if (!moment) found.startsAt = 'interview.error.starts_at';
    if (!chosen.length) found.participants = 'interview.error.participants';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      // the field holds the wall clock of the organiser's saved zone; the server stores an instant
      await api('interviews', {
        method: 'POST',
        body: { candidateId, vacancyId, startsAt: moment!.toISOString(), durationMinutes: Number(duration), kind, location, participants: chosen },
      });
      onDone();
    } catch (failure) {
      setErrors(failure instanceof ApiError && failure.body.errors ? failure.body.errors : { form: errorKey(failure) });
      setBusy(false);
    }
  };

  const error = (field: string) => errors[field] && <p className="field-error" role="alert">{t(errors[field]!)}</p>;

  return (
    <FormModal title={t('candidate_profile.appointment')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        {errors.form && <p className="form-error" role="alert">{t(errors.form)}</p>}
        <DateField
          t={t}
          locale={locale}
          mode="datetime"
          label={t('candidate_profile.appointment_when')}
          value={startsAt}
          onChange={setStartsAt}
          error={errors.startsAt ? t(errors.startsAt) : undefined}
          hint={t('candidate_profile.appointment_zone', { zone: zoneLabel(timeZone) })}
        />
        <SelectField label={t('candidate_profile.appointment_length')} value={duration} onChange={(e) => setDuration(e.target.value)}>
          {['15', '30', '45', '60', '90', '120'].map((m) => (
            <option key={m} value={m}>{t('candidate_profile.appointment_minutes', { count: Number(m) })}</option>
          ))}
        </SelectField>
        <SelectField label={t('candidate_profile.appointment_kind')} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          {INTERVIEW_KINDS.map((k) => (
            <option key={k} value={k}>{t(`interview.kind.${k}`)}</option>
          ))}
        </SelectField>
        <Field label={t('candidate_profile.appointment_where')} value={location} onChange={(e) => setLocation(e.target.value)} maxLength={500} />
        <fieldset className="field appointment-people">
          <legend className="label">{t('candidate_profile.appointment_people')}</legend>
          {people.map((person) => (
            <label key={person.id} className="check">
              <input type="checkbox" checked={chosen.includes(person.id)} onChange={() => toggle(person.id)} />
              {`${person.name} ${person.surname}`}
            </label>
          ))}
          {error('participants')}
        </fieldset>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>{t('candidate_profile.appointment_cancel')}</button>
          <button type="submit" className="btn" disabled={busy}>{t('candidate_profile.appointment_submit')}</button>
        </div>
      </form>
    </FormModal>
  );
}

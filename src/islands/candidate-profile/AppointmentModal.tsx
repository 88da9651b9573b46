import { useState, type FormEvent } from 'react';
import { api, ApiError, errorKey } from '../../lib/client/api.ts';
import type { Locale, T } from '../../lib/i18n/index.ts';
import { INTERVIEW_KINDS } from '../../lib/schemas/funnel.ts';
import type { InterviewDto } from '../../lib/schemas/interview.ts';
import { FormModal } from '../shared/modals.tsx';
import { DateField } from '../shared/DateField.tsx';
import { useDeviceZone } from '../shared/useDeviceZone.ts';
import { Field, SelectField } from '../shared/Field.tsx';
import { fromWallTime, wallTime, zoneLabel } from '../../lib/time-zone.ts';

export interface Participant {
  id: string;
  name: string;
  surname: string;
}

/** A new interview, a full edit, or a reschedule (only when and how long). */
export type AppointmentMode = 'create' | 'edit' | 'reschedule';

interface Props {
  t: T;
  locale: Locale;
  /** The reader's saved zone: the date field's time is read in it (docs/decisions/0018). */
  timeZone: string;
  /** Its place in the page's language (lib/i18n/zone-places.ts, on the server). */
  zonePlace: string;
  candidateId: string;
  vacancyId?: string;
  /** The people on the vacancy who may take part, the organiser (always in it) left out. */
  people: Participant[];
  /** Whether the candidate has an address to be invited at. */
  candidateEmail: boolean;
  mode?: AppointmentMode;
  /** The interview being edited or rescheduled. */
  interview?: InterviewDto;
  onClose: () => void;
  onDone: (interview: InterviewDto) => void;
}

const LENGTHS = ['15', '30', '45', '60', '90', '120'];

/**
 * The appointment dialog: date, time, length, kind, place, participants and whether the
 * candidate is invited. The same form edits an interview (docs/decisions/0019); a reschedule asks
 * only for the time and the length. An edit sends back the SEQUENCE it was loaded at.
 */
export function AppointmentModal({ t, locale, timeZone, zonePlace, candidateId, vacancyId, people, candidateEmail, mode = 'create', interview, onClose, onDone }: Props) {
  const [startsAt, setStartsAt] = useState(interview ? wallTime(interview.startsAt, timeZone) : '');
  const initialLength = interview ? String(interview.durationMinutes) : '45';
  const [duration, setDuration] = useState(initialLength);
  const [kind, setKind] = useState<(typeof INTERVIEW_KINDS)[number]>(interview?.kind ?? 'video');
  const [location, setLocation] = useState(interview?.location ?? '');
  const [chosen, setChosen] = useState<string[]>(() => (interview ? interview.participants.map((p) => p.id).filter((id) => people.some((p) => p.id === id)) : []));
  const [inviteCandidate, setInviteCandidate] = useState(interview?.candidateInvited ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const full = mode !== 'reschedule';
  // times are typed in the saved zone: a device elsewhere (a trip) is said, so nobody types its clock
  const device = useDeviceZone(timeZone, locale);

  const toggle = (personId: string) => setChosen((list) => (list.includes(personId) ? list.filter((x) => x !== personId) : [...list, personId]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const moment = fromWallTime(startsAt, timeZone);
    // every part chosen and still no moment: a day the month does not have (31 November)
    if (!moment) found.startsAt = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(startsAt) ? 'interview.error.no_such_date' : 'interview.error.starts_at';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    // the field holds the wall clock of the reader's saved zone; the server stores an instant
    const fields = { startsAt: moment!.toISOString(), durationMinutes: Number(duration), kind, location, participants: chosen, inviteCandidate: candidateEmail && inviteCandidate };
    try {
      const saved = interview
        ? await api<InterviewDto>(`interviews/${interview.id}`, { method: 'PUT', body: { ...fields, sequence: interview.sequence } })
        : await api<InterviewDto>('interviews', { method: 'POST', body: { ...fields, candidateId, vacancyId } });
      onDone(saved);
    } catch (failure) {
      setErrors(failure instanceof ApiError && failure.body.errors ? failure.body.errors : { form: errorKey(failure) });
      setBusy(false);
    }
  };

  const error = (field: string) => errors[field] && <p className="field-error" role="alert">{t(errors[field]!)}</p>;
  const title = mode === 'edit' ? t('interview.edit_title') : mode === 'reschedule' ? t('interview.reschedule_title') : t('candidate_profile.appointment');
  const lengths = LENGTHS.includes(initialLength) ? LENGTHS : [...LENGTHS, initialLength].sort((a, b) => Number(a) - Number(b));

  return (
    <FormModal title={title} onClose={onClose}>
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
          hint={
            device && device.zone !== timeZone
              ? t('candidate_profile.appointment_zone_device', { zone: zoneLabel(timeZone, undefined, zonePlace), device: zoneLabel(device.zone, undefined, device.place) })
              : t('candidate_profile.appointment_zone', { zone: zoneLabel(timeZone, undefined, zonePlace) })
          }
        />
        <SelectField label={t('candidate_profile.appointment_length')} value={duration} onChange={(e) => setDuration(e.target.value)} error={errors.durationMinutes && t(errors.durationMinutes)}>
          {lengths.map((m) => (
            <option key={m} value={m}>{t('candidate_profile.appointment_minutes', { count: Number(m) })}</option>
          ))}
        </SelectField>
        {full && (
          <>
            <SelectField label={t('candidate_profile.appointment_kind')} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
              {INTERVIEW_KINDS.map((k) => (
                <option key={k} value={k}>{t(`interview.kind.${k}`)}</option>
              ))}
            </SelectField>
            <Field label={t('candidate_profile.appointment_where')} value={location} onChange={(e) => setLocation(e.target.value)} maxLength={500} error={errors.location && t(errors.location)} />
            <fieldset className="field appointment-people">
              <legend className="label">{t('candidate_profile.appointment_people')}</legend>
              {people.map((person) => (
                <label key={person.id} className="check">
                  <input type="checkbox" checked={chosen.includes(person.id)} onChange={() => toggle(person.id)} />
                  {`${person.name} ${person.surname}`.trim()}
                </label>
              ))}
              {people.length === 0 && <p className="field-hint">{t('interview.no_people')}</p>}
              {error('participants')}
            </fieldset>
            <div className="field">
              <label className="check">
                <input type="checkbox" checked={candidateEmail && inviteCandidate} disabled={!candidateEmail} onChange={(e) => setInviteCandidate(e.target.checked)} />
                {t('interview.invite_candidate')}
              </label>
              {!candidateEmail && <p className="field-hint">{t('interview.invite_candidate_no_email')}</p>}
              {error('inviteCandidate')}
            </div>
          </>
        )}
        {!full && error('participants')}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>{t('candidate_profile.appointment_cancel')}</button>
          <button type="submit" className="btn" disabled={busy}>{mode === 'create' ? t('candidate_profile.appointment_submit') : t('interview.save')}</button>
        </div>
      </form>
    </FormModal>
  );
}

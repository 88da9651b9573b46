import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { api, errorKey } from '../../lib/client/api.ts';
import { MAX_UPLOAD_BYTES, resumeUrl, uploadUrl } from '../../lib/schemas/upload.ts';
import type { CandidateDto, PdEventDto, PdStatus } from '../../lib/schemas/candidate.ts';
import { PD_STATUS } from '../../lib/schemas/funnel.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { AlertModal, MessageModal } from '../shared/modals.tsx';
import type { Participant } from './AppointmentModal.tsx';
import { useClock } from './clock.ts';
import { whenIdle } from '../shared/when-idle.ts';
import './candidate-profile.css';

// the two dialogs (with the date field and the zone helpers) are needed at a click, not to show the
// page: they load on idle, and a click in the moment before waits for them (decision 0020)
const appointmentModal = () => import('./AppointmentModal.tsx');
const pdModal = () => import('./PdModal.tsx');
whenIdle(() => Promise.all([appointmentModal(), pdModal()]));
const AppointmentModal = lazy(() => appointmentModal().then((m) => ({ default: m.AppointmentModal })));
const PdModal = lazy(() => pdModal().then((m) => ({ default: m.PdModal })));

/** What the header shows; the page formats the salary so both renders agree on it. */
export interface HeaderCandidate {
  id: string;
  name: string;
  surname: string;
  image: string | null;
  age: number | null;
  positionName: string;
  salaryText: string | null;
  city: string | null;
  email: string | null;
  phone: string | null;
  resume: string | null;
  resumeName: string | null;
  pdStatus: PdStatus;
  pdHistory: PdEventDto[];
  pdMail: CandidateDto['pdMail'];
  pdGrants: CandidateDto['pdGrants'];
  pdMissing: CandidateDto['pdMissing'];
  /** A customer without the candidate's consent to share: no name, contacts, photo or résumé. */
  identityHidden: boolean;
}

interface Props extends IslandProps {
  candidate: HeaderCandidate;
  /** company and recruiters: uploads, consent requests and the edit link */
  canManage: boolean;
  /** The vacancy of the page, for the appointment. */
  vacancyId?: string;
  /** People of the space who can take part in an interview. */
  people?: Participant[];
  editHref: string | null;
  /** the server's clock, for the first render */
  now: string;
  /** The reader's saved zone (docs/decisions/0018). */
  timeZone: string;
  /** Its place in the page's language (lib/i18n/zone-places.ts, on the server). */
  zonePlace: string;
}

const RESUME_ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** `tel:` wants digits and a leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * The candidate profile's header (SPEC.md §2): photo (click to upload), name, age, position,
 * salary, city, mail and phone links, the resume icon, the appointment button and the consent
 * button with its modal.
 */
function CandidateHeader(props: Props) {
  const { t } = useT(props);
  const hydrated = useHydrated();
  const { timeZone } = useClock(props.now, props.timeZone);
  const { canManage } = props;
  const [appointment, setAppointment] = useState(false);
  const [scheduled, setScheduled] = useState(false);
  const [candidate, setCandidate] = useState(props.candidate);
  const [busy, setBusy] = useState<'photo' | 'resume' | null>(null);
  const [problem, setProblem] = useState<string>();
  const [pdOpen, setPdOpen] = useState(false);
  const [pdError, setPdError] = useState<string>();
  const photoInput = useRef<HTMLInputElement>(null);
  const resumeInput = useRef<HTMLInputElement>(null);
  const name = `${candidate.name} ${candidate.surname}`.trim();
  // the modals refocus on every new onClose: keep them stable
  const closePd = useCallback(() => setPdOpen(false), []);
  const closePdError = useCallback(() => setPdError(undefined), []);
  const closeProblem = useCallback(() => setProblem(undefined), []);

  /** Sends one file; over 10 MB the message modal shows and the input starts over (SPEC.md §5). */
  const upload = async (kind: 'photo' | 'resume', input: HTMLInputElement | null) => {
    const file = input?.files?.[0];
    if (!input || !file) return;
    if (file.size > MAX_UPLOAD_BYTES) {
      input.value = '';
      return setProblem(kind === 'photo' ? 'error.upload.image_too_large' : 'error.upload.resume_too_large');
    }
    const body = new FormData();
    body.append('candidateId', candidate.id);
    body.append('file', file);
    setBusy(kind);
    try {
      if (kind === 'photo') {
        const { image } = await api<{ image: string }>('candidates/photo', { method: 'POST', body });
        setCandidate((c) => ({ ...c, image }));
      } else {
        const { resume, resumeName } = await api<{ resume: string; resumeName: string }>('candidates/resume', { method: 'POST', body });
        setCandidate((c) => ({ ...c, resume, resumeName }));
      }
    } catch (error) {
      setProblem(errorKey(error));
    } finally {
      input.value = '';
      setBusy(null);
    }
  };

  /** After a request the status and history come from the server again. */
  const requestConsent = async (): Promise<boolean> => {
    try {
      await api('candidates/pd', { method: 'POST', body: { candidateId: candidate.id } });
    } catch (error) {
      setPdOpen(false);
      setPdError(errorKey(error));
      return false;
    }
    try {
      const fresh = await api<CandidateDto>(`candidates/${candidate.id}`);
      setCandidate((c) => ({ ...c, pdStatus: fresh.pdStatus, pdHistory: fresh.pdHistory, pdMail: fresh.pdMail, pdGrants: fresh.pdGrants, pdMissing: fresh.pdMissing }));
    } catch {
      setCandidate((c) => ({ ...c, pdStatus: PD_STATUS.SENT }));
    }
    return true;
  };

  const initials = `${candidate.name[0] ?? ''}${candidate.surname[0] ?? ''}`.toUpperCase();
  const picture = candidate.image ? (
    <img className="cp-photo-img" src={uploadUrl(candidate.image)} alt="" width={112} height={112} />
  ) : (
    // drawn by CSS: text inside the photo button would have to be part of its name (label in name)
    <span className="cp-photo-img cp-photo-initials" data-initials={initials} aria-hidden="true" />
  );
  const facts = [
    candidate.age !== null ? t('candidate.age', { count: candidate.age }) : null,
    candidate.salaryText,
    candidate.city,
  ].filter((fact): fact is string => Boolean(fact));

  return (
    <section className="card cp-head" aria-labelledby="cp-name">
      <div className="cp-photo">
        {canManage ? (
          <>
            <button
              type="button"
              className={`cp-photo-btn${busy === 'photo' ? ' is-busy' : ''}`}
              onClick={() => photoInput.current?.click()}
              disabled={!hydrated || busy === 'photo'}
              aria-label={candidate.image ? t('candidate_profile.photo_change') : t('candidate_profile.photo_upload')}
              title={candidate.image ? t('candidate_profile.photo_change') : t('candidate_profile.photo_upload')}
            >
              {picture}
              <span className="cp-photo-overlay" aria-hidden="true">
                {busy === 'photo' ? t('candidate_profile.uploading') : <CameraIcon />}
              </span>
            </button>
            <input
              ref={photoInput}
              className="visually-hidden"
              type="file"
              accept="image/*"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="photo-input"
              onChange={(e) => upload('photo', e.currentTarget)}
            />
          </>
        ) : (
          picture
        )}
      </div>

      <div className="cp-who">
        <h1 id="cp-name">{name}</h1>
        {candidate.positionName && <p className="cp-position">{candidate.positionName}</p>}
        {facts.length > 0 && (
          <ul className="cp-facts">
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        )}
        {candidate.identityHidden && (
          <p className="cp-muted cp-hidden" data-testid="identity-hidden">
            {t('candidate.identity_hidden')}
          </p>
        )}
        {(candidate.email || candidate.phone) && (
          <ul className="cp-contacts" aria-label={t('candidate_profile.contacts')}>
            {candidate.email && (
              <li>
                <MailIcon />
                <a href={`mailto:${candidate.email}`}>{candidate.email}</a>
              </li>
            )}
            {candidate.phone && (
              <li>
                <PhoneIcon />
                <a href={telHref(candidate.phone)}>{candidate.phone}</a>
              </li>
            )}
          </ul>
        )}
      </div>

      <div className="cp-actions">
        {!candidate.identityHidden && <div className="cp-resume">
          <span className="cp-muted">{t('candidate.field.resume')}:</span>
          {candidate.resume ? (
            <a className="cp-resume-link" href={resumeUrl(candidate.id)} download={candidate.resumeName ?? undefined} title={candidate.resumeName ?? undefined}>
              <FileIcon />
              <span className="visually-hidden">{t('candidate_profile.resume_download', { name: candidate.resumeName ?? '' })}</span>
              <span className="cp-resume-name" aria-hidden="true">{candidate.resumeName ?? t('candidate.field.resume')}</span>
            </a>
          ) : (
            <span className="cp-muted">{t('candidate_profile.no_resume')}</span>
          )}
          {canManage && (
            <>
              <button
                type="button"
                className="icon-btn cp-icon"
                onClick={() => resumeInput.current?.click()}
                disabled={!hydrated || busy === 'resume'}
                aria-label={candidate.resume ? t('candidate_profile.resume_replace') : t('candidate_profile.resume_upload')}
                title={`${candidate.resume ? t('candidate_profile.resume_replace') : t('candidate_profile.resume_upload')}. ${t('candidate_profile.resume_hint')}`}
              >
                <UploadIcon />
              </button>
              <input
                ref={resumeInput}
                className="visually-hidden"
                type="file"
                accept={RESUME_ACCEPT}
                tabIndex={-1}
                aria-hidden="true"
                data-testid="resume-input"
                onChange={(e) => upload('resume', e.currentTarget)}
              />
            </>
          )}
          {busy === 'resume' && <span className="cp-muted" role="status">{t('candidate_profile.uploading')}</span>}
        </div>}

        {canManage && (
          <button type="button" className="btn btn-secondary" onClick={() => setAppointment(true)} disabled={!hydrated}>
            {t('candidate_profile.appointment')}
          </button>
        )}
        {appointment && (
          <Suspense fallback={null}>
            <AppointmentModal
              t={t}
              locale={props.locale}
              timeZone={props.timeZone}
              zonePlace={props.zonePlace}
              candidateId={candidate.id}
              vacancyId={props.vacancyId}
              people={props.people ?? []}
              candidateEmail={Boolean(candidate.email)}
              onClose={() => setAppointment(false)}
              onDone={() => {
                setAppointment(false);
                setScheduled(true);
              }}
            />
          </Suspense>
        )}
        {/* the page lists the candidate's interviews: it comes again with the new one */}
        {scheduled && <MessageModal title={t('candidate_profile.appointment_done')} text={t('candidate_profile.appointment_done_text')} closeLabel={t('app.close')} onClose={() => window.location.reload()} />}

        {candidate.email &&
          (canManage ? (
            <button type="button" className={`btn cp-pd cp-pd-${candidate.pdStatus}`} onClick={() => setPdOpen(true)} disabled={!hydrated} data-testid="pd-button">
              {t(`candidate.pd.${candidate.pdStatus}`)}
            </button>
          ) : (
            <span className={`badge cp-pd-badge cp-pd-${candidate.pdStatus}`}>{t('candidate_profile.pd.readonly', { status: t(`candidate.pd_status.${candidate.pdStatus}`) })}</span>
          ))}

        {props.editHref && (
          <a className="btn btn-secondary" href={props.editHref}>
            {t('candidate_profile.edit')}
          </a>
        )}
      </div>

      {pdOpen && candidate.email && (
        <Suspense fallback={null}>
          <PdModal t={t} locale={props.locale} timeZone={timeZone} email={candidate.email} status={candidate.pdStatus} history={candidate.pdHistory} grants={candidate.pdGrants} missing={candidate.pdMissing} mail={candidate.pdMail} onRequest={requestConsent} onClose={closePd} />
        </Suspense>
      )}
      {pdError && (
        <AlertModal tone="warning" title={t('candidate_profile.pd.error_title')} text={t(pdError)} confirmLabel={t('app.close')} onConfirm={closePdError} />
      )}
      {problem && <MessageModal title={t('upload.error_title')} text={t(problem)} closeLabel={t('app.close')} onClose={closeProblem} />}
    </section>
  );
}

const icon = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

function CameraIcon() {
  return (
    <svg {...icon} width={22} height={22}>
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}
function MailIcon() {
  return (
    <svg {...icon} width={16} height={16}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}
function PhoneIcon() {
  return (
    <svg {...icon} width={16} height={16}>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
    </svg>
  );
}
function FileIcon() {
  return (
    <svg {...icon}>
      <path d="M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h6" />
    </svg>
  );
}
function UploadIcon() {
  return (
    <svg {...icon}>
      <path d="M12 16V4M7 9l5-5 5 5M5 20h14" />
    </svg>
  );
}

export default island(CandidateHeader);

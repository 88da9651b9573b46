import { useState } from 'react';
import type { Locale, T } from '../../lib/i18n/index.ts';
import type { CandidateDto, PdEventDto, PdStatus } from '../../lib/schemas/candidate.ts';
import { PD_STATUS } from '../../lib/schemas/funnel.ts';
import { Modal } from '../shared/Modal.tsx';
import { formatDateTime, fullName } from './format.ts';

interface Props {
  t: T;
  locale: Locale;
  timeZone: string | undefined;
  email: string;
  status: PdStatus;
  history: PdEventDto[];
  /** The answer per recipient, and the customers not asked yet (docs/decisions/0022). */
  grants: CandidateDto['pdGrants'];
  missing: CandidateDto['pdMissing'];
  /** The newest request's mail. */
  mail: 'queued' | 'sent' | 'failed' | null;
  /** Sends (or resends) the request; false when it failed and the error modal took over. */
  onRequest: () => Promise<boolean>;
  onClose: () => void;
}

/** The one action each status allows: none once approved, a retry after a send error. */
const ACTIONS: Record<PdStatus, 'request' | 'resend' | 'retry' | null> = {
  [PD_STATUS.NOT_SENT]: 'request',
  [PD_STATUS.SENT]: 'resend',
  [PD_STATUS.DECLINED]: 'resend',
  [PD_STATUS.APPROVED]: null,
  [PD_STATUS.SEND_ERROR]: 'retry',
  [PD_STATUS.EXPIRED]: 'resend',
  [PD_STATUS.WITHDRAWN]: 'resend',
};

/**
 * The personal-data modal (SPEC.md §2 modal kinds, §4 Consent): the status, every request and
 * answer with time and address, and the one action the status allows: request when nothing was
 * sent, resend while waiting, after a decline or an expired link, retry after a send error
 * (docs/decisions/0010), only close once approved.
 */
export function PdModal({ t, locale, timeZone, email, status, history, grants, missing, mail, onRequest, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  // once processing is approved, only the customers not asked yet are left to ask about
  const action = status === PD_STATUS.APPROVED && missing.length ? 'request_missing' : ACTIONS[status];

  const send = async () => {
    setBusy(true);
    const ok = await onRequest();
    setBusy(false);
    setSent(ok);
  };

  return (
    <Modal
      kind="personal-data"
      title={t('candidate_profile.pd.title')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className={action ? 'btn btn-secondary' : 'btn'} onClick={onClose}>
            {t('app.close')}
          </button>
          {action && (
            <button type="button" className="btn" onClick={send} disabled={busy}>
              {t(`candidate_profile.pd.${action}`)}
            </button>
          )}
        </>
      }
    >
      <p className="cp-pd-status">
        <span className="cp-muted">{t('candidate_profile.pd.status')}: </span>
        <strong data-testid="pd-status">{t(`candidate.pd_status.${status}`)}</strong>
      </p>
      {/* "not requested" is said by the status above; the line under it would say it again */}
      {status !== PD_STATUS.NOT_SENT && (
        <p className={status === PD_STATUS.SEND_ERROR ? 'form-error' : undefined} role={status === PD_STATUS.SEND_ERROR ? 'alert' : undefined}>
          {t(`candidate_profile.pd.state.${status}`, { email })}
        </p>
      )}
      {status === PD_STATUS.SENT && mail === 'queued' && !sent && (
        <p className="form-note" role="status">
          {t('candidate_profile.pd.queued')}
        </p>
      )}
      {sent && (
        <p className="form-note" role="status">
          {t('candidate_profile.pd.sent', { email })}
        </p>
      )}
      {action && !sent && status !== PD_STATUS.SEND_ERROR && <p className="cp-muted">{t('candidate_profile.pd.explain', { email })}</p>}
      {grants.length > 0 && (
        <>
          <h3 className="cp-pd-history-title">{t('candidate_profile.pd.recipients')}</h3>
          <ul className="cp-pd-grants" data-testid="pd-grants">
            {grants.map((grant) => (
              <li key={grant.customerId ?? 'company'}>
                <span>{grant.recipient === 'company' ? t('candidate_profile.pd.recipient_company') : grant.name}</span>{' '}
                <strong className={grant.granted ? 'cp-pd-yes' : 'cp-pd-no'}>{t(grant.granted ? 'candidate_profile.pd.granted' : 'candidate_profile.pd.refused')}</strong>{' '}
                <time className="cp-muted" dateTime={grant.at}>{formatDateTime(grant.at, locale, timeZone)}</time>
              </li>
            ))}
          </ul>
        </>
      )}
      {missing.length > 0 && !sent && <p data-testid="pd-missing">{t('candidate_profile.pd.missing', { names: missing.map((m) => m.name).join(', ') })}</p>}
      {/* no requests yet: no history to head (the status says so) */}
      {history.length > 0 && <h3 className="cp-pd-history-title">{t('candidate_profile.pd.history')}</h3>}
      {history.length > 0 && (
        <ol className="cp-pd-history">
          {history.map((event, index) => (
            <li key={`${event.kind}-${event.at}-${index}`} className={`cp-pd-event cp-pd-event-${event.kind}`}>
              <strong>{t(`candidate_profile.pd.${event.kind}`)}</strong>
              <time dateTime={event.at}>{formatDateTime(event.at, locale, timeZone)}</time>
              {/* an answer names the address that gave it; a request, its undelivered mail and its expiry the address mailed */}
              <span>{t(`candidate_profile.pd.${event.kind === 'approved' || event.kind === 'declined' ? 'from_address' : 'to'}`, { email: event.email })}</span>
              {event.by && <span>{t('candidate_profile.pd.by', { name: fullName(event.by) })}</span>}
              {event.ip && <span className="cp-muted">{t('candidate_profile.pd.ip', { ip: event.ip })}</span>}
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}

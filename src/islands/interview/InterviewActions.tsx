import { useState } from 'react';
import { api, errorKey } from '../../lib/client/api.ts';
import type { InterviewDto } from '../../lib/schemas/interview.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { AlertModal } from '../shared/modals.tsx';
import { AppointmentModal, type AppointmentMode, type Participant } from '../candidate-profile/AppointmentModal.tsx';

interface Props extends IslandProps {
  /** The reader's saved zone (docs/decisions/0018). */
  timeZone: string;
  /** Its place in the page's language (lib/i18n/zone-places.ts, on the server). */
  zonePlace: string;
  interview: InterviewDto;
  /** The people on the vacancy who may take part, the organiser left out. */
  people: Participant[];
}

/**
 * Reschedule, Edit and Cancel on an interview's page (docs/decisions/0019). Each change mails the
 * participants; the page then comes again from the server, which renders the interview as it is.
 */
function InterviewActions(props: Props) {
  const { t } = useT(props);
  const hydrated = useHydrated();
  const [mode, setMode] = useState<AppointmentMode>();
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const { interview } = props;

  const cancel = async () => {
    setBusy(true);
    try {
      await api(`interviews/${interview.id}/cancel`, { method: 'POST', body: { sequence: interview.sequence } });
      window.location.reload();
    } catch (failure) {
      setError(errorKey(failure));
      setBusy(false);
    }
  };

  return (
    <div className="interview-actions">
      <button type="button" className="btn" onClick={() => setMode('reschedule')} disabled={!hydrated}>{t('interview.reschedule')}</button>
      <button type="button" className="btn btn-secondary" onClick={() => setMode('edit')} disabled={!hydrated}>{t('interview.edit')}</button>
      <button type="button" className="btn btn-secondary danger-text" onClick={() => setCancelling(true)} disabled={!hydrated}>{t('interview.cancel')}</button>
      {mode && (
        <AppointmentModal
          t={t}
          locale={props.locale}
          timeZone={props.timeZone}
          zonePlace={props.zonePlace}
          candidateId={interview.candidate.id}
          vacancyId={interview.vacancy?.id}
          people={props.people}
          candidateEmail={interview.candidate.hasEmail}
          mode={mode}
          interview={interview}
          onClose={() => setMode(undefined)}
          onDone={() => window.location.reload()}
        />
      )}
      {cancelling && (
        <AlertModal
          tone="warning"
          title={t('interview.cancel_title')}
          text={error ? t(error) : t('interview.cancel_text')}
          confirmLabel={t('interview.cancel_confirm')}
          cancelLabel={t('interview.cancel_keep')}
          busy={busy}
          onConfirm={() => void cancel()}
          onCancel={() => {
            setCancelling(false);
            setError(undefined);
          }}
        />
      )}
    </div>
  );
}

export default island(InterviewActions);

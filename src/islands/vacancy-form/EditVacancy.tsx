import { useState } from 'react';
import { api, errorKey } from '../../lib/client/api.ts';
import type { SoftSkillDto, VacancyDto } from '../../lib/schemas/vacancy.ts';
import { VACANCY_STATUS } from '../../lib/vacancy-values.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { AlertModal, CommentModal } from '../shared/modals.tsx';
import { VacancyForm } from './VacancyForm.tsx';
import type { CustomerOption } from './CustomersField.tsx';
import './vacancy-form.css';

interface Props extends IslandProps {
  vacancy: VacancyDto;
  softSkills: SoftSkillDto[];
  customers: CustomerOption[];
}

/**
 * The editing rules of SPEC.md §4 and DECISIONS.md (Vacancy): a draft opens the form at once; a
 * published vacancy first asks what changes, and that comment is posted with the saved edit (so
 * an edit given up leaves no comment); once a candidate reached the finalist or hired stage only
 * a comment can be left, posted at once. (An archived vacancy never gets here.)
 */
type Step = 'forbidden' | 'comment' | 'form';

/** The question each step before the form asks (as a dialog, or as a note until React runs). */
const QUESTIONS = {
  forbidden: { title: 'vacancy.forbidden_title', text: 'vacancy.forbidden_text', submit: 'vacancy.save_comment' },
  comment: { title: 'vacancy.comment_title', text: 'vacancy.comment_text', submit: 'vacancy.comment_submit' },
} as const;

function EditVacancy(props: Props) {
  const { t, href } = useT(props);
  const hydrated = useHydrated();
  const { vacancy } = props;
  const [step, setStep] = useState<Step>(!vacancy.editable ? 'forbidden' : vacancy.status === VACANCY_STATUS.PUBLISHED ? 'comment' : 'form');
  const [commentError, setCommentError] = useState<string>();
  const [editComment, setEditComment] = useState<string>();
  const [archiving, setArchiving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [archiveError, setArchiveError] = useState<string>();
  const preview = href(`/vacancy/preview/${vacancy.id}`);
  const toPreview = () => window.location.assign(preview);

  const postComment = async (text: string): Promise<boolean> => {
    setCommentError(undefined);
    try {
      await api('vacancy/comment', { method: 'POST', body: { vacancyId: vacancy.id, text } });
      return true;
    } catch (error) {
      setCommentError(errorKey(error));
      return false;
    }
  };

  const archive = async () => {
    setBusy(true);
    setArchiveError(undefined);
    try {
      await api(`vacancy/${vacancy.id}`, { method: 'DELETE' });
      window.location.assign(href('/recruiter'));
    } catch (error) {
      setArchiving(false);
      setArchiveError(errorKey(error));
    } finally {
      setBusy(false);
    }
  };

  const commentText = (key: string) => (
    <>
      {t(key)}
      {commentError && (
        <span className="form-error modal-error" role="alert">
          {t(commentError)}
        </span>
      )}
    </>
  );

  return (
    <>
      <header className="vf-header">
        <div>
          <h1>{t('vacancy.edit_title')}</h1>
          <p className="vf-subtitle">
            {vacancy.positionName} <span className={vacancy.status === VACANCY_STATUS.PUBLISHED ? 'badge' : 'badge badge-muted'}>{t(`vacancy.status.${vacancy.status}`)}</span>
          </p>
        </div>
        <div className="vf-header-actions">
          <a className="btn btn-secondary" href={preview}>{t('vacancy.preview')}</a>
          {step !== 'forbidden' && (
            <button type="button" className="btn btn-secondary btn-archive" disabled={!hydrated} onClick={() => setArchiving(true)}>
              {t('vacancy.archive')}
            </button>
          )}
        </div>
      </header>
      {archiveError && <p className="form-error" role="alert">{t(archiveError)}</p>}

      {step === 'form' && (
        <VacancyForm
          t={t}
          href={href}
          locale={props.locale}
          hydrated={hydrated}
          softSkills={props.softSkills}
          customers={props.customers}
          vacancy={vacancy}
          withComment={vacancy.status !== VACANCY_STATUS.PUBLISHED}
          editComment={editComment}
        />
      )}
      {step !== 'form' && (
        <p className="card vf-note">
          {t(QUESTIONS[step].text)} <a href={preview}>{t('vacancy.show_vacancy')}</a>
        </p>
      )}

      {/* the dialog needs React: before it takes over, the note above stands in for it */}
      {hydrated && step !== 'form' && (
        <CommentModal
          title={t(QUESTIONS[step].title)}
          text={commentText(QUESTIONS[step].text)}
          label={t('vacancy.field.comment')}
          submitLabel={t(QUESTIONS[step].submit)}
          requiredMessage={t('form.comment.required')}
          extraActions={
            <a className="btn btn-secondary" href={preview}>
              {t('vacancy.show_vacancy')}
            </a>
          }
          onSubmit={async (text) => {
            // what changes goes with the edit when it is saved; a forbidden edit leaves only the comment
            if (step === 'comment') {
              setEditComment(text);
              setStep('form');
            } else if (await postComment(text)) {
              toPreview();
            }
          }}
          onClose={toPreview}
        />
      )}
      {archiving && (
        <AlertModal
          tone="warning"
          title={t('vacancy.archive_title')}
          text={t('vacancy.archive_text')}
          confirmLabel={t('vacancy.archive')}
          cancelLabel={t('vacancy.cancel')}
          busy={busy}
          onConfirm={() => void archive()}
          onCancel={() => setArchiving(false)}
        />
      )}
    </>
  );
}

export default island(EditVacancy);

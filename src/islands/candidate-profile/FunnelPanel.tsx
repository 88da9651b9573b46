import { useCallback, useEffect, useId, useMemo, useState, type SubmitEvent } from 'react';
import { api, errorKey } from '../../lib/client/api.ts';
import type { Locale, T } from '../../lib/i18n/index.ts';
import type { CandidateDto, Priority, RatingDto, Stage } from '../../lib/schemas/candidate.ts';
import { PRIORITIES, STAGE, STAGES } from '../../lib/schemas/funnel.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { useRestoreTyped } from '../shared/restore-typed.ts';
import { AlertModal } from '../shared/modals.tsx';
import { useClock } from './clock.ts';
import { formatDateTime, formatElapsed, fullName } from './format.ts';
import './candidate-profile.css';

type Funnel = NonNullable<CandidateDto['funnel']>;

/** Why a customer's stage controls are off (DECISIONS.md, Candidate funnel). */
export interface CustomerRule {
  /** the signed-in user is a customer of the vacancy */
  customer: boolean;
  /** two or more customers, and this one is not the main one */
  mainOnly: boolean;
  mainName: string | null;
  archived: boolean;
}

interface Props extends IslandProps {
  candidateId: string;
  candidateName: string;
  funnel: Funnel;
  userId: string;
  /** company and recruiters of the space: priority */
  canManage: boolean;
  /** recruiters and the vacancy's customers give ratings */
  canRate: boolean;
  rule: CustomerRule;
  /** the server's clock, for the first render */
  now: string;
  /** The reader's saved zone (docs/decisions/0018). */
  timeZone: string;
}

/**
 * The candidate on the page's vacancy: stage (only the moves the server allows this user),
 * the finalist shortcut, priority, the time in the stage, everyone's ratings with the
 * average and one's own rating, and the history of who changed what when.
 */
function FunnelPanel(props: Props) {
  const { t } = useT(props);
  const hydrated = useHydrated();
  const { now, timeZone } = useClock(props.now, props.timeZone);
  const [funnel, setFunnel] = useState(props.funnel);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  /** The two moves asked again before they are made: to the archive, and to hired (the last one). */
  const [confirming, setConfirming] = useState<typeof STAGE.ARCHIVE | typeof STAGE.HIRED>();
  const { candidateId, rule } = props;
  const base = `candidates/vacancy/${funnel.vacancyId}/${candidateId}`;
  const closeProblem = useCallback(() => setProblem(undefined), []);
  const closeConfirm = useCallback(() => setConfirming(undefined), []);

  // the page's own list of the candidate's vacancies (server HTML, no island) names this stage too
  useEffect(() => {
    const badge = document.querySelector(`[data-stage-of="${CSS.escape(funnel.vacancyId)}"]`);
    if (badge) badge.textContent = t(`candidate.stage.${funnel.stage}`);
  }, [funnel.vacancyId, funnel.stage, t]);

  /** Allowed moves and the history depend on the new state: ask the server again. */
  const refresh = async () => {
    const fresh = await api<CandidateDto>(`candidates/${candidateId}`, { query: { vacancyId: funnel.vacancyId } });
    if (fresh.funnel) setFunnel(fresh.funnel);
  };

  const change = async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
      await refresh();
    } catch (error) {
      setProblem(errorKey(error));
      await refresh().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  const move = (stage: Stage) =>
    change(async () => {
      const moved = await api<{ stage: Stage; stageChangedAt: string }>(`${base}/stage`, { method: 'PUT', body: { stage, from: funnel.stage } });
      setFunnel((f) => ({ ...f, ...moved }));
    });

  const pickStage = (stage: Stage) => (stage === STAGE.ARCHIVE || stage === STAGE.HIRED ? setConfirming(stage) : void move(stage));

  const setPriority = (priority: Priority) =>
    change(async () => {
      await api(`${base}/priority`, { method: 'PUT', body: { priority } });
      setFunnel((f) => ({ ...f, priority }));
    });

  const allowed = new Set(funnel.allowedStages);
  const locked = funnel.allowedStages.length === 0;
  const hint = rule.archived
    ? t('candidate_profile.funnel.hint_archived')
    : !rule.customer
      ? null
      : rule.mainOnly
        ? t('candidate_profile.funnel.hint_main_only', { name: rule.mainName ?? '' })
        : locked
          ? t('candidate_profile.funnel.hint_from_customer_interview')
          : t('candidate_profile.funnel.hint_customer_targets');
  const stageTitleId = useId();
  const priorityId = useId();

  return (
    <div className="cp-funnel">
      <section className="card" aria-labelledby={stageTitleId}>
        <h2 id={stageTitleId}>{t('candidate_profile.funnel.title')}</h2>
        <p className="cp-stage-now">
          <span className="cp-muted">{t('candidate_profile.funnel.stage')}: </span>
          <strong className={`badge cp-stage-badge cp-stage-${funnel.stage}`} data-testid="current-stage">
            {t(`candidate.stage.${funnel.stage}`)}
          </strong>
        </p>
        <p className="cp-timer" data-testid="stage-timer">
          {t('candidate_profile.funnel.in_stage', { time: formatElapsed(t, now - Date.parse(funnel.stageChangedAt)) })}{' '}
          <span className="cp-muted">({t('candidate_profile.funnel.since', { date: formatDateTime(funnel.stageChangedAt, props.locale, timeZone) })})</span>
        </p>

        <div role="group" aria-label={t('candidate_profile.funnel.stages')} aria-describedby={hint ? `${stageTitleId}-hint` : undefined} className="cp-stages">
          {STAGES.map((stage) => {
            const current = stage === funnel.stage;
            return (
              <button
                key={stage}
                type="button"
                className={`cp-stage-btn${current ? ' is-current' : ''}${stage === STAGE.ARCHIVE ? ' is-archive' : ''}`}
                aria-current={current ? 'step' : undefined}
                disabled={!hydrated || busy || current || !allowed.has(stage)}
                onClick={() => pickStage(stage)}
              >
                {t(`candidate.stage.${stage}`)}
              </button>
            );
          })}
        </div>
        {hint && (
          <p id={`${stageTitleId}-hint`} className="field-hint cp-hint">
            {hint}
          </p>
        )}
        {/* the shortcut forward only: a hired or archived candidate is moved by the stage buttons */}
        {allowed.has(STAGE.FINALIST) && funnel.stage < STAGE.FINALIST && (
          <button type="button" className="btn cp-finalist" onClick={() => void move(STAGE.FINALIST)} disabled={!hydrated || busy}>
            <span aria-hidden="true">★</span> {t('candidate_profile.funnel.mark_finalist')}
          </button>
        )}

        <div className="field cp-priority">
          <label htmlFor={priorityId}>{t('candidate_profile.funnel.priority')}</label>
          {props.canManage ? (
            <select id={priorityId} value={funnel.priority} disabled={!hydrated || busy} onChange={(e) => void setPriority(Number(e.target.value) as Priority)}>
              {PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {t(`candidate.priority.${p}`)}
                </option>
              ))}
            </select>
          ) : (
            <output id={priorityId} className={`cp-priority-value cp-priority-${funnel.priority}`}>
              {t(`candidate.priority.${funnel.priority}`)}
            </output>
          )}
        </div>
      </section>

      <Ratings
        t={t}
        locale={props.locale}
        timeZone={timeZone}
        ratings={funnel.ratings}
        average={funnel.average}
        userId={props.userId}
        canRate={props.canRate}
        disabled={!hydrated}
        onRate={async (score, comment) => {
          const result = await api<{ ratings: RatingDto[]; average: number | null }>(`${base}/rating`, { method: 'POST', body: { score, comment } });
          setFunnel((f) => ({ ...f, ...result }));
          await refresh().catch(() => undefined);
        }}
      />

      <History t={t} locale={props.locale} timeZone={timeZone} history={funnel.history} />

      {confirming && (
        <AlertModal
          tone="warning"
          title={t(confirming === STAGE.HIRED ? 'candidate_profile.funnel.hire_title' : 'candidate_profile.funnel.archive_title')}
          text={t(confirming === STAGE.HIRED ? 'candidate_profile.funnel.hire_text' : 'candidate_profile.funnel.archive_text', { name: props.candidateName })}
          confirmLabel={t(confirming === STAGE.HIRED ? 'candidate_profile.funnel.hire_confirm' : 'candidate_profile.funnel.archive_confirm')}
          cancelLabel={t('candidate_profile.funnel.cancel')}
          busy={busy}
          onConfirm={() => {
            setConfirming(undefined);
            void move(confirming);
          }}
          onCancel={closeConfirm}
        />
      )}
      {problem && <AlertModal tone="warning" title={t('candidate_profile.funnel.error_title')} text={t(problem)} confirmLabel={t('app.close')} onConfirm={closeProblem} />}
    </div>
  );
}

/** Five stars, filled up to the score; `decorative` when a text beside them says the number. */
function Stars({ t, score, decorative = false }: { t: T; score: number; decorative?: boolean }) {
  const rounded = Math.round(score);
  const label = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': t('candidate_profile.ratings.stars', { count: rounded }) };
  return (
    <span className="cp-stars" {...label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= rounded ? 'on' : 'off'} aria-hidden="true">
          ★
        </span>
      ))}
    </span>
  );
}

function Ratings(props: {
  t: T;
  locale: Locale;
  timeZone: string | undefined;
  ratings: RatingDto[];
  average: number | null;
  userId: string;
  canRate: boolean;
  disabled: boolean;
  onRate: (score: number, comment: string) => Promise<void>;
}) {
  const { t, ratings, userId } = props;
  const mine = ratings.find((r) => r.user.id === userId);
  const [score, setScore] = useState(mine?.score ?? 0);
  const [hover, setHover] = useState(0);
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const commentId = useId();
  const formId = useId();
  // a star or a comment chosen while the page was still loading its script (a slow line) is kept
  useRestoreTyped(formId, { comment, score: String(score) }, (typed) => {
    if (typed.comment !== undefined) setComment(typed.comment);
    if (typed.score !== undefined) setScore(Number(typed.score));
  });
  const number = useMemo(() => new Intl.NumberFormat(props.locale, { maximumFractionDigits: 1 }), [props.locale]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    if (score < 1) return setError(t('candidate_profile.ratings.score_required'));
    setError(undefined);
    setBusy(true);
    try {
      await props.onRate(score, comment.trim());
      setSaved(true);
    } catch (failure) {
      setError(t(errorKey(failure, 'comment')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card cp-ratings" aria-labelledby={titleId}>
      <div className="cp-ratings-head">
        <h2 id={titleId}>{t('candidate_profile.ratings.title')}</h2>
        {props.average !== null && (
          <p className="cp-average" data-testid="rating-average">
            <Stars t={t} score={props.average} decorative /> {t('candidate_profile.ratings.average', { average: number.format(props.average) })}
          </p>
        )}
      </div>
      {ratings.length ? (
        <ul className="cp-rating-list">
          {ratings.map((rating) => (
            <li key={rating.user.id}>
              <div className="cp-rating-meta">
                <Stars t={t} score={rating.score} />
                <strong>
                  {fullName(rating.user)}
                  {rating.user.id === userId && <span className="cp-muted"> ({t('candidate_profile.ratings.you')})</span>}
                </strong>
                <time className="cp-muted" dateTime={rating.createdAt}>
                  {formatDateTime(rating.createdAt, props.locale, props.timeZone)}
                </time>
              </div>
              {rating.comment && <p className="cp-rating-comment">{rating.comment}</p>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="cp-muted">{t('candidate_profile.ratings.none')}</p>
      )}

      {props.canRate && (
        <form id={formId} className="cp-rate" onSubmit={submit} noValidate>
          <fieldset className="cp-star-input" onMouseLeave={() => setHover(0)}>
            <legend>{t('candidate_profile.ratings.yours')}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={n <= (hover || score) ? 'on' : 'off'} onMouseEnter={() => setHover(n)}>
                <input
                  type="radio"
                  name="score"
                  value={n}
                  checked={score === n}
                  onChange={() => {
                    setScore(n);
                    setError(undefined);
                  }}
                  className="visually-hidden"
                />
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{t('candidate_profile.ratings.stars', { count: n })}</span>
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={commentId}>{t('candidate_profile.ratings.comment')}</label>
            <textarea id={commentId} name="comment" rows={3} maxLength={2000} value={comment} onChange={(e) => setComment(e.target.value)} />
          </div>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          {saved && (
            <p className="form-note" role="status">
              {t('candidate_profile.ratings.saved')}
            </p>
          )}
          <button type="submit" className="btn" disabled={props.disabled || busy}>
            {mine ? t('candidate_profile.ratings.update') : t('candidate_profile.ratings.save')}
          </button>
        </form>
      )}
    </section>
  );
}

function History({ t, locale, timeZone, history }: { t: T; locale: Locale; timeZone: string | undefined; history: Funnel['history'] }) {
  const titleId = useId();
  const describe = (entry: Funnel['history'][number]): string => {
    switch (entry.kind) {
      case 'stage':
        return t('candidate_profile.history.stage', { from: t(`candidate.stage.${entry.from}`), to: t(`candidate.stage.${entry.to}`) });
      case 'priority':
        return t('candidate_profile.history.priority', { from: t(`candidate.priority.${entry.from}`), to: t(`candidate.priority.${entry.to}`) });
      case 'rating':
        return t('candidate_profile.history.rating', { score: entry.to ?? '' });
      case 'added_to_vacancy':
        return t('candidate_profile.history.added_to_vacancy');
      case 'candidate_added':
        return t('candidate_profile.history.candidate_added');
      case 'shortlist_sent':
        return t('candidate_profile.history.shortlist_sent', { to: entry.to ?? '' });
      case 'reject_reason':
        return t('candidate_profile.history.reject_reason', { text: entry.to ?? '' });
      case 'interview_requested':
        return entry.to ? `${t('candidate_profile.history.interview_requested')}: ${entry.to}` : t('candidate_profile.history.interview_requested');
      // an interview is named by its kind and its time (a reschedule: the old time and the new)
      case 'interview':
      case 'interview_changed':
      case 'interview_cancelled':
        return t(`candidate_profile.history.${entry.kind}`, { kind: entry.from ? t(`interview.kind.${entry.from}`) : '', when: entry.to ? formatDateTime(entry.to, locale, timeZone) : '' });
      case 'interview_rescheduled':
        return t('candidate_profile.history.interview_rescheduled', { from: entry.from ? formatDateTime(entry.from, locale, timeZone) : '', when: entry.to ? formatDateTime(entry.to, locale, timeZone) : '' });
      default:
        return t('candidate_profile.history.other');
    }
  };
  return (
    <section className="card cp-history" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('candidate_profile.history.title')}</h2>
      {history.length ? (
        <ol className="cp-history-list">
          {history.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <span className="cp-history-what">{describe(entry)}</span>
              <span className="cp-muted">
                {entry.user ? fullName(entry.user) : t('candidate_profile.history.system')} ·{' '}
                <time dateTime={entry.at}>{formatDateTime(entry.at, locale, timeZone)}</time>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="cp-muted">{t('candidate_profile.history.empty')}</p>
      )}
    </section>
  );
}

export default island(FunnelPanel);

import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { api, errorKey } from '../../lib/client/api.ts';
import type { Locale, T } from '../../lib/i18n/index.ts';
import type { BulkActionName, BulkDryRun, BulkInput, BulkProgress } from '../../lib/schemas/bulk.ts';
import type { VacancyListItem } from '../../lib/schemas/vacancy.ts';
import { Modal } from '../shared/Modal.tsx';

/**
 * The bar of a list with candidates selected (docs/decisions/0030): the count, select-all, the
 * four bulk actions, each with its fields, a confirmation that says how many (a dry run on the
 * server counts them and names what would be skipped), then the result, or the progress of a
 * large selection the job queue works. Loaded only once something is selected.
 */

type BulkSelection = { ids: readonly string[] } | { all: true; total: number };

export interface BulkBarProps {
  t: T;
  locale: Locale;
  /** The vacancy whose list this is; without one, the candidate database. */
  vacancy?: { id: string; positionName: string };
  /** The list's filter, as its API query takes it. */
  filter: Record<string, string>;
  /** The rows chosen one by one, or `all` matching the filter. */
  ids: ReadonlySet<string>;
  all: boolean;
  /** Every row loaded is selected. */
  allOnPage: boolean;
  /** Rows loaded, and how many match (a lower bound when not `exact`). */
  loaded: number;
  total: number;
  exact: boolean;
  /** Selects every row loaded (the database's list has no header checkbox for it). */
  onSelectPage: () => void;
  onSelectAll: () => void;
  onClear: () => void;
  /** After an action: the list reloads, the selection is cleared. */
  onDone: () => void;
}

const ACTIONS: readonly BulkActionName[] = ['addToVacancy', 'moveStage', 'archive', 'requestConsent'];
const STAGES = [1, 2, 3, 4, 5, 6] as const;
const POLL_MS = 1000;

interface Params {
  vacancyId: string;
  stage: string;
  reason: string;
}

type Step =
  | { kind: 'params'; action: BulkActionName }
  | { kind: 'confirm'; action: BulkActionName; dry: BulkDryRun }
  | { kind: 'progress'; action: BulkActionName; progress: BulkProgress };

export default function BulkBar(props: BulkBarProps) {
  const { t, vacancy } = props;
  const selection: BulkSelection = props.all ? { all: true, total: props.total } : { ids: [...props.ids] };
  // everything loaded is selected and the filter matches more: offer all of them
  const canSelectAll = props.allOnPage && !props.all && (props.total > props.loaded || !props.exact);
  const id = useId();
  const [step, setStep] = useState<Step>();
  const [params, setParams] = useState<Params>({ vacancyId: '', stage: '', reason: '' });
  const [vacancies, setVacancies] = useState<VacancyListItem[]>();
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const count = 'all' in selection ? selection.total : selection.ids.length;

  // the move and the archive of a vacancy's list act on that vacancy; the rest choose one
  const needsVacancy = (action: BulkActionName) => action === 'addToVacancy' || (!vacancy && action !== 'requestConsent');
  const targetVacancy = (action: BulkActionName) => (needsVacancy(action) ? params.vacancyId : action === 'requestConsent' ? '' : vacancy!.id);

  useEffect(() => {
    if (step?.kind !== 'params' || !needsVacancy(step.action) || vacancies) return;
    const controller = new AbortController();
    api<VacancyListItem[]>('vacancy', { query: { status: 1, lng: props.locale }, signal: controller.signal })
      .then((list) => setVacancies(list.filter((v) => v.id !== vacancy?.id)))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorKey(failure));
      });
    return () => controller.abort();
  }, [step, vacancies]);

  const body = (action: BulkActionName, dryRun: boolean): BulkInput => ({
    action,
    ...('all' in selection ? { filter: props.filter } : { ids: [...selection.ids] }),
    ...(vacancy ? { vacancyId: vacancy.id } : {}),
    params: {
      ...(targetVacancy(action) ? { vacancyId: targetVacancy(action) } : {}),
      ...(action === 'moveStage' ? { stage: Number(params.stage) } : {}),
      ...(action === 'archive' ? { reason: params.reason.trim() } : {}),
    },
    ...(dryRun ? { dryRun: true } : {}),
  });

  const close = useCallback(() => {
    // once the action ran the list is stale, whether it finished or goes on in the background
    const finished = step?.kind === 'progress';
    setStep(undefined);
    setError(undefined);
    setFieldError(undefined);
    if (finished) props.onDone();
  }, [step, props.onDone]);

  /** The dry run: the count and what would be skipped, for the confirmation. */
  const countFirst = async (action: BulkActionName) => {
    setBusy(true);
    setError(undefined);
    try {
      const dry = await api<BulkDryRun>('candidates/bulk', { method: 'POST', body: body(action, true) });
      setStep({ kind: 'confirm', action, dry });
    } catch (failure) {
      setError(errorKey(failure));
      setStep((current) => current ?? { kind: 'params', action });
    } finally {
      setBusy(false);
    }
  };

  const choose = (action: BulkActionName) => {
    setError(undefined);
    setFieldError(undefined);
    if (action === 'requestConsent') return void countFirst(action);
    setStep({ kind: 'params', action });
  };

  const submitParams = (event: FormEvent) => {
    event.preventDefault();
    if (step?.kind !== 'params') return;
    const action = step.action;
    const missing = needsVacancy(action) && !params.vacancyId ? 'bulk.error.vacancy_required' : action === 'moveStage' && !params.stage ? 'bulk.error.stage_required' : action === 'archive' && !params.reason.trim() ? 'bulk.error.reason_required' : undefined;
    setFieldError(missing);
    if (!missing) void countFirst(action);
  };

  const run = async () => {
    if (step?.kind !== 'confirm') return;
    setBusy(true);
    setError(undefined);
    try {
      const progress = await api<BulkProgress>('candidates/bulk', { method: 'POST', body: body(step.action, false) });
      setStep({ kind: 'progress', action: step.action, progress });
    } catch (failure) {
      setError(errorKey(failure));
    } finally {
      setBusy(false);
    }
  };

  // a job's progress, polled until it is over
  const runningId = step?.kind === 'progress' && step.progress.status === 'running' ? step.progress.id : undefined;
  useEffect(() => {
    if (!runningId) return;
    let stopped = false;
    const timer = setInterval(() => {
      api<BulkProgress>(`candidates/bulk/${runningId}`)
        .then((progress) => {
          if (!stopped) setStep((current) => (current?.kind === 'progress' ? { ...current, progress } : current));
        })
        .catch((failure: unknown) => console.warn('[bulk] progress failed', failure));
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [runningId]);

  const vacancyName = (action: BulkActionName) =>
    needsVacancy(action) ? (vacancies?.find((v) => v.id === params.vacancyId)?.positionName ?? '') : (vacancy?.positionName ?? '');
  const reasons = (list: Record<string, number>) => (
    <ul className="bulk-reasons">
      {Object.entries(list).map(([reason, n]) => (
        <li key={reason}>
          {t(reason)}: {n}
        </li>
      ))}
    </ul>
  );
  const field = (name: string) => `${id}-${name}`;
  const cancel = (
    <button type="button" className="btn btn-secondary" onClick={close}>
      {t('bulk.cancel')}
    </button>
  );

  return (
    <div className="cp-bar bulk-bar" role="region" aria-label={t('bulk.actions')} data-testid="bulk-bar">
      <p className="cp-selected" aria-live="polite" data-testid="bulk-count">
        {'all' in selection ? t('bulk.all_selected', { count: selection.total }) : t('bulk.selected', { count })}
      </p>
      {!props.allOnPage && (
        <button type="button" className="btn-link" onClick={props.onSelectPage}>
          {t('bulk.select_page')}
        </button>
      )}
      {canSelectAll && (
        <button type="button" className="btn-link" onClick={props.onSelectAll}>
          {t('bulk.select_all', { count: props.total })}
        </button>
      )}
      <button type="button" className="btn-link" onClick={props.onClear}>
        {t('bulk.clear')}
      </button>
      <div className="bulk-actions" role="group" aria-label={t('bulk.actions')}>
        {ACTIONS.map((action) => (
          <button key={action} type="button" className="btn btn-secondary" disabled={busy} onClick={() => choose(action)}>
            {t(`bulk.action.${action}`)}
          </button>
        ))}
      </div>
      {error && !step && (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      )}

      {step?.kind === 'params' && (
        <Modal kind="form" title={t(`bulk.action.${step.action}`)} onClose={close}>
          <form onSubmit={submitParams} noValidate>
            {needsVacancy(step.action) && (
              <div className="field">
                <label htmlFor={field('vacancy')}>{t('bulk.vacancy')}</label>
                {vacancies && vacancies.length === 0 ? (
                  <p>{t('bulk.no_vacancies')}</p>
                ) : (
                  <select id={field('vacancy')} value={params.vacancyId} onChange={(e) => setParams((p) => ({ ...p, vacancyId: e.target.value }))} aria-invalid={fieldError === 'bulk.error.vacancy_required' ? true : undefined}>
                    <option value="">{vacancies ? t('bulk.vacancy_pick') : t('app.loading')}</option>
                    {vacancies?.map((v) => (
                      <option key={v.id} value={v.id}>
                        {v.positionName}
                      </option>
                    ))}
                  </select>
                )}
              </div>
            )}
            {step.action === 'moveStage' && (
              <div className="field">
                <label htmlFor={field('stage')}>{t('bulk.stage')}</label>
                <select id={field('stage')} value={params.stage} onChange={(e) => setParams((p) => ({ ...p, stage: e.target.value }))} aria-invalid={fieldError === 'bulk.error.stage_required' ? true : undefined}>
                  <option value="" />
                  {STAGES.map((stage) => (
                    <option key={stage} value={stage}>
                      {t(`candidate.stage.${stage}`)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {step.action === 'archive' && (
              <div className="field">
                <label htmlFor={field('reason')}>{t('bulk.reason')}</label>
                <textarea id={field('reason')} rows={3} maxLength={1000} placeholder={t('bulk.reason_placeholder')} value={params.reason} onChange={(e) => setParams((p) => ({ ...p, reason: e.target.value }))} aria-invalid={fieldError === 'bulk.error.reason_required' ? true : undefined} />
              </div>
            )}
            {fieldError && (
              <p className="field-error" role="alert">
                {t(fieldError)}
              </p>
            )}
            {error && (
              <p className="form-error" role="alert">
                {t(error)}
              </p>
            )}
            <div className="modal-actions">
              {cancel}
              <button type="submit" className="btn" disabled={busy}>
                {busy ? t('bulk.counting') : t('bulk.next')}
              </button>
            </div>
          </form>
        </Modal>
      )}

      {step?.kind === 'confirm' && (
        <Modal
          kind="alert"
          tone="warning"
          title={t(`bulk.confirm.${step.action}`, { count: step.dry.total, vacancy: vacancyName(step.action), stage: params.stage ? t(`candidate.stage.${params.stage}`) : '' })}
          onClose={close}
          actions={
            <>
              {cancel}
              {/* a run that would change nothing is not offered (it asked, then said "done for 0") */}
              {step.dry.applied !== 0 && (
                <button type="button" className="btn" disabled={busy} onClick={run} data-testid="bulk-confirm">
                  {t('bulk.go')}
                </button>
              )}
            </>
          }
        >
          {step.dry.skipped ? (
            <>
              <p>{step.dry.applied === 0 ? t('bulk.will_skip_all') : t('bulk.will_skip', { count: step.dry.skipped })}</p>
              {reasons(step.dry.reasons)}
            </>
          ) : null}
          {step.dry.applied === null && <p>{t('bulk.large')}</p>}
          {error && (
            <p className="form-error" role="alert">
              {t(error)}
            </p>
          )}
        </Modal>
      )}

      {step?.kind === 'progress' && (
        <Modal
          kind="message"
          title={t(`bulk.action.${step.action}`)}
          onClose={close}
          actions={
            <button type="button" className="btn" onClick={close}>
              {t('bulk.close')}
            </button>
          }
        >
          <div aria-live="polite" data-testid="bulk-result">
            {step.progress.status === 'running' ? (
              <>
                <progress max={step.progress.total} value={step.progress.done} className="bulk-progress" />
                <p>{t('bulk.progress', { done: step.progress.done, total: step.progress.total })}</p>
              </>
            ) : step.progress.status === 'failed' ? (
              <p className="form-error">{t('bulk.failed', { done: step.progress.done, total: step.progress.total })}</p>
            ) : (
              <>
                <p>{t('bulk.applied', { count: step.progress.applied })}</p>
                {step.progress.skipped > 0 && (
                  <>
                    <p>{t('bulk.skipped', { count: step.progress.skipped })}</p>
                    {reasons(step.progress.reasons)}
                  </>
                )}
              </>
            )}
          </div>
        </Modal>
      )}
    </div>
  );
}

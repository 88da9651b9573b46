import { Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { api, errorKey } from '../../lib/client/api.ts';
import type { Page, VacancyCandidateRow } from '../../lib/schemas/candidate.ts';
import type { StageCounts, VacancyStatus } from '../../lib/schemas/vacancy.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { AlertModal } from '../shared/modals.tsx';
import { Avatar } from './Avatar.tsx';
import { salaryText, timerText } from './format.ts';
import { numberFormat } from '../../lib/numbers.ts';
import { PAGE_SIZE } from './limits.ts';
import { useInfiniteScroll, usePagedList } from './paging.ts';
import { LazyBulkBar, useBulkSelection } from './selection.ts';
import './candidates-list.css';
import './vacancy-candidates.css';

/** The counter cards in SPEC.md's order, each the stage it filters by ('all' shows every stage). */
export const COUNTERS = [
  { key: 'hired', stage: 6 },
  { key: 'finalist', stage: 5 },
  { key: 'customerInterview', stage: 4 },
  { key: 'recruiterInterview', stage: 2 },
  { key: 'testing', stage: 3 },
  { key: 'all', stage: undefined },
  { key: 'archive', stage: 7 },
] as const satisfies readonly { key: keyof StageCounts; stage: number | undefined }[];

/** The stage a URL filters by: one of the counter cards', anything else shows all. */
export function stageOf(params: URLSearchParams): number | undefined {
  const stage = Number(params.get('stage'));
  return COUNTERS.some((c) => c.stage === stage) ? stage : undefined;
}

/** What the table shows of a candidate (`shownFields`). */
export const ROW_FIELDS = ['id', 'name', 'surname', 'image', 'positionName', 'salary', 'salaryTo', 'city', 'stage', 'priority', 'stageChangedAt', 'average', 'ratingsCount'] as const;
type ShownRow = Pick<VacancyCandidateRow, (typeof ROW_FIELDS)[number]>;

interface Props extends IslandProps {
  vacancy: { id: string; positionName: string; status: VacancyStatus; city: string; salary: string };
  counts: StageCounts;
  /** The stage the page URL filters by. */
  stage: number | undefined;
  /** Page 1 as the server rendered it for `stage`, with the fields the table shows. */
  initial: Page<ShownRow>;
  /** Archive, Edit and Add candidate: for the space's company and recruiters, never on an archived vacancy. */
  canWrite: boolean;
  /** The server's clock when it rendered the timers, so that the browser's first render matches. */
  now: number;
  /** The reader's saved zone (docs/decisions/0018). */
  timeZone: string;
}

const MINUTE = 60_000;

/**
 * The vacancy's candidates (SPEC.md §2): the header with the vacancy's actions, the counter
 * cards (links that filter the table by stage) and the table, loaded page by page as the
 * window scrolls. Each row shows the real stage, average rating and time on the stage.
 */
function VacancyCandidates(props: Props) {
  const { t, href } = useT(props);
  const hydrated = useHydrated();
  const { vacancy } = props;
  const base = href(`/vacancy/candidates/${vacancy.id}`);
  const [stage, setStage] = useState(props.stage);
  const [now, setNow] = useState(props.now);
  const [archiving, setArchiving] = useState(false);
  const [archiveBusy, setArchiveBusy] = useState(false);
  const [actionError, setActionError] = useState<string>();
  const addMenu = useRef<HTMLDetailsElement>(null);
  const tableEnd = useRef<HTMLTableElement>(null);
  const cancelArchive = useCallback(() => setArchiving(false), []);

  const load = useCallback(
    (page: number, query: string, signal: AbortSignal) =>
      api<Page<VacancyCandidateRow>>(`candidates/vacancy/${vacancy.id}`, { query: { ...Object.fromEntries(new URLSearchParams(query)), page, limit: PAGE_SIZE, lng: props.locale }, signal }),
    [vacancy.id, props.locale],
  );
  const query = stage === undefined ? '' : `stage=${stage}`;
  const list = usePagedList<ShownRow>(props.initial, query, load);
  useInfiniteScroll(tableEnd, list.more, list.loading, list.loadMore, list.items.length);
  const bulk = useBulkSelection(query, list.items);
  const selectable = props.canWrite;

  // the timers move on by the minute
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);

  // back and forward move between the stages chosen before
  useEffect(() => {
    const onPop = () => setStage(stageOf(new URLSearchParams(window.location.search)));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // the add menu closes on a click elsewhere and on Escape
  useEffect(() => {
    const close = (event: Event) => {
      const menu = addMenu.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menu.contains(event.target as Node)) {
        menu.open = false;
        if (event instanceof KeyboardEvent) menu.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  const stageUrl = (next: number | undefined) => (next === undefined ? base : `${base}?stage=${next}`);
  /** A counter card is a link; once hydrated it filters the table in place. */
  const pick = (next: number | undefined) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (next === stage) return;
    window.history.pushState(null, '', stageUrl(next));
    setStage(next);
  };

  const archive = async () => {
    setArchiveBusy(true);
    try {
      await api(`vacancy/${vacancy.id}`, { method: 'DELETE' });
      window.location.assign(href('/recruiter'));
    } catch (failure) {
      console.warn('[vacancy] archive failed', failure);
      setArchiveBusy(false);
      setArchiving(false);
      setActionError(errorKey(failure));
    }
  };

  const number = numberFormat(props.locale);
  const average = new Intl.NumberFormat(props.locale === 'ru' ? 'ru-RU' : 'en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const dateTime = new Intl.DateTimeFormat(props.locale === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: props.timeZone });
  const col = (key: string) => t(`candidates_list.col.${key}`);
  const published = vacancy.status === 1;

  return (
    <div className="cl-page">
      <header className="card cl-header">
        <div className="cl-title">
          <h1>{vacancy.positionName}</h1>
          <p className="cl-meta">
            <span className={`badge cl-status cl-status-${vacancy.status}`} data-testid="vacancy-status">{t(`vacancy.status.${vacancy.status}`)}</span>
            <span>{[vacancy.city, vacancy.salary].filter(Boolean).join(' · ')}</span>
          </p>
        </div>
        <div className="cl-actions" role="group" aria-label={t('candidates_list.actions')}>
          {props.canWrite && (
            <button type="button" className="btn btn-secondary cl-archive" disabled={!hydrated} onClick={() => setArchiving(true)}>
              {t('vacancy.archive')}
            </button>
          )}
          <a className="btn btn-secondary" href={href(`/vacancy/preview/${vacancy.id}`)}>{t('vacancy.about')}</a>
          {props.counts.finalist > 0 && <a className="btn btn-secondary" href={href(`/vacancy/finalists/${vacancy.id}`)}>{t('vacancy.compare_finalists')}</a>}
          <a className="btn btn-secondary" href={href(`/vacancy/analytics/${vacancy.id}`)}>{t('vacancy.analytics')}</a>
          {props.canWrite && published && <a className="btn btn-secondary" href={href(`/vacancy/shortlist/${vacancy.id}`)}>{t('vacancy.send_to_customer')}</a>}
          {props.canWrite && <a className="btn btn-secondary" href={href(`/recruiter/vacancy/edit/${vacancy.id}`)}>{t('vacancy.edit')}</a>}
          {props.canWrite && published && (
            <details className="cl-add" ref={addMenu}>
              <summary className="btn">
                {t('candidates_list.add_candidate')}
                <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round"><path d="m6 9 6 6 6-6" /></svg>
              </summary>
              <ul className="cl-add-menu">
                <li><a href={href(`/vacancy/candidates-all/${vacancy.id}`)}>{t('candidates_list.add_from_database')}</a></li>
                <li><a href={href(`/candidates/new?vacancyId=${encodeURIComponent(vacancy.id)}`)}>{t('candidates_list.add_new')}</a></li>
              </ul>
            </details>
          )}
        </div>
      </header>
      {actionError && <p className="form-error" role="alert">{t(actionError)}</p>}

      <nav className="cl-counters" aria-label={t('candidates_list.counters')}>
        {COUNTERS.map((counter) => (
          <a
            key={counter.key}
            className={`cl-counter cl-counter-${counter.key}`}
            href={stageUrl(counter.stage)}
            aria-current={counter.stage === stage ? 'true' : undefined}
            onClick={pick(counter.stage)}
          >
            <span className="cl-counter-label">{t(`candidates_list.counter.${counter.key}`)}</span>{' '}
            <span className="cl-counter-value">{number.format(props.counts[counter.key])}</span>
          </a>
        ))}
      </nav>

      <section className="card cl-list" aria-labelledby="cl-table-title">
        <h2 id="cl-table-title" className="visually-hidden">{t('candidates_list.table_label')}</h2>
        {list.items.length > 0 ? (
          <div className="cl-table-wrap">
            <table className="cl-table" ref={tableEnd} aria-busy={list.loading} aria-describedby="cl-shown">
              <thead>
                <tr>
                  <th scope="col">
                    {selectable && <input type="checkbox" className="bulk-row cl-select" checked={bulk.allOnPage} disabled={!hydrated} onChange={bulk.togglePage} aria-label={t('bulk.select_page')} />}
                    {col('candidate')}
                  </th>
                  <th scope="col">{col('position')}</th>
                  <th scope="col">{col('stage')}</th>
                  <th scope="col">{col('priority')}</th>
                  <th scope="col">{col('score')}</th>
                  <th scope="col">{col('timer')}</th>
                  <th scope="col">{col('city')}</th>
                  <th scope="col" className="num">{col('salary')}</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((row) => (
                  <tr key={row.id} data-candidate={row.id}>
                    <th scope="row" className="cl-person">
                      {/* in the person's cell: the table keeps its columns, and on a phone the card its corner */}
                      {/* one line: a name that wraps wraps beside the box, not under it */}
                      <span className="cl-person-line">
                        {selectable && <input type="checkbox" className="bulk-row cl-select" checked={bulk.has(row.id)} disabled={!hydrated} onChange={() => bulk.toggle(row.id)} aria-label={t('bulk.select_row', { name: `${row.name} ${row.surname}` })} />}
                        <a href={href(`/candidates/${row.id}/${vacancy.id}`)}>
                          <Avatar image={row.image} name={row.name} surname={row.surname} />
                          <span>{`${row.name} ${row.surname}`}</span>
                        </a>
                      </span>
                    </th>
                    <td data-label={col('position')} className="cl-position">{row.positionName || t('candidates_list.not_given')}</td>
                    <td data-label={col('stage')}>
                      <span className={`cl-stage cl-stage-${row.stage}`}>{t(`candidate.stage.${row.stage}`)}</span>
                    </td>
                    <td data-label={col('priority')}>
                      <span className={`cl-priority cl-priority-${row.priority}`}>{t(`candidate.priority.${row.priority}`)}</span>
                    </td>
                    <td data-label={col('score')} className="cl-score">
                      {row.average !== null ? (
                        <span title={t('candidates_list.score', { average: average.format(row.average), count: row.ratingsCount })}>
                          <span aria-hidden="true" className="cl-star">★</span> {average.format(row.average)} <span className="cl-score-count">({row.ratingsCount})</span>
                        </span>
                      ) : (
                        <span title={t('candidates_list.no_score')}>{t('candidates_list.not_given')}</span>
                      )}
                    </td>
                    <td data-label={col('timer')}>
                      <time
                        dateTime={row.stageChangedAt}
                        // the date in the reader's saved zone; the title waits for the island as before
                        title={hydrated ? t('candidates_list.timer_since', { date: dateTime.format(new Date(row.stageChangedAt)) }) : undefined}
                      >
                        {timerText(t, row.stageChangedAt, now)}
                      </time>
                    </td>
                    <td data-label={col('city')}>{row.city?.name ?? t('candidates_list.not_given')}</td>
                    <td data-label={col('salary')} className="num cl-salary">{salaryText(t, props.locale, row.salary, row.salaryTo)}</td>
                  </tr>
                ))}
                {list.loading && (
                  <tr className="cl-loading">
                    <td colSpan={8}><span role="status">{t('app.loading')}</span></td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        ) : list.loading ? (
          <p className="cl-empty" role="status">{t('app.loading')}</p>
        ) : list.error ? null : (
          <div className="cl-empty">
            <p>{stage === undefined ? t('candidates_list.empty_vacancy') : t('candidates_list.empty_stage')}</p>
            {stage !== undefined && <a className="btn btn-secondary" href={base} onClick={pick(undefined)}>{t('candidates_list.show_all')}</a>}
          </div>
        )}
        {list.error && (
          <p className="form-error cl-error" role="alert">
            {t(list.error)}{' '}
            <button type="button" className="btn-link" onClick={list.retry}>{t('app.refresh')}</button>
          </p>
        )}
        {list.items.length > 0 && (
          <p id="cl-shown" className="cl-shown">{t(list.exact ? 'candidates_list.shown' : 'candidates_list.shown_at_least', { shown: number.format(list.items.length), total: number.format(list.total) })}</p>
        )}
        {selectable && bulk.any && (
          <Suspense fallback={null}>
            <LazyBulkBar
              t={t}
              locale={props.locale}
              vacancy={vacancy}
              filter={stage === undefined ? {} : { stage: String(stage) }}
              ids={bulk.ids}
              all={bulk.all}
              allOnPage={bulk.allOnPage}
              onSelectPage={bulk.togglePage}
              loaded={list.items.length}
              total={list.total}
              exact={list.exact}
              onSelectAll={bulk.selectAll}
              onClear={bulk.clear}
              onDone={() => {
                // the counters and the stages changed: the page comes again from the server
                window.location.reload();
              }}
            />
          </Suspense>
        )}
      </section>

      {archiving && (
        <AlertModal
          tone="warning"
          title={t('vacancy.archive_title')}
          text={t('vacancy.archive_text')}
          confirmLabel={t('vacancy.archive')}
          cancelLabel={t('vacancy.cancel')}
          busy={archiveBusy}
          onConfirm={archive}
          onCancel={cancelArchive}
        />
      )}
    </div>
  );
}

export default island(VacancyCandidates);

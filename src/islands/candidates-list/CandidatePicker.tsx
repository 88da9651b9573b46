import { Suspense, useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { api, errorKey } from '../../lib/client/api.ts';
import type { CandidateCard, Page } from '../../lib/schemas/candidate.ts';
import { SORTS } from '../../lib/candidate-sorts.ts';
import { AGE_MAX, SALARY_MAX, SCHEDULES } from '../../lib/vacancy-values.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { useRestoreTyped } from '../shared/restore-typed.ts';
import { MessageModal } from '../shared/modals.tsx';
import { CityInput, type CityValue } from '../shared/CityInput.tsx';
import { Avatar } from './Avatar.tsx';
import { salaryText } from './format.ts';
import { activeFilters, DEFAULT_FILTER, filterUrl, fromForm, rangeProblem, toParams, type DatabaseFilter } from './filter.ts';
import { PAGE_SIZE } from './limits.ts';
import { useInfiniteScroll, usePagedList } from './paging.ts';
import { LazyBulkBar, useBulkSelection } from './selection.ts';
import './candidates-list.css';
import './candidate-picker.css';

interface Props extends IslandProps {
  /** The vacancy to add to; without one the page is the space's database (the Candidates section). */
  vacancy?: { id: string; positionName: string; published: boolean };
  /** The filter read from the page URL. */
  filter: DatabaseFilter;
  /** Page 1 of the database for `filter`, without the vacancy's candidates, as the server rendered it. */
  initial: Page<ShownCard>;
}

/** What a card shows of a candidate (`shownFields`). */
export const CARD_FIELDS = ['id', 'name', 'surname', 'image', 'age', 'positionName', 'salary', 'salaryTo', 'city'] as const;
type ShownCard = Pick<CandidateCard, (typeof CARD_FIELDS)[number]>;

/** The panel's fields as typed. */
interface FormValues {
  search: string;
  positionName: string;
  salaryFrom: string;
  salaryTo: string;
  ageFrom: string;
  ageTo: string;
  schedule: number[];
  sort: string;
}

const toForm = (filter: DatabaseFilter): FormValues => ({
  search: filter.search ?? '',
  positionName: filter.positionName ?? '',
  salaryFrom: filter.salaryFrom?.toString() ?? '',
  salaryTo: filter.salaryTo?.toString() ?? '',
  ageFrom: filter.ageFrom?.toString() ?? '',
  ageTo: filter.ageTo?.toString() ?? '',
  schedule: filter.schedule,
  sort: filter.sort,
});
const cityOf = (filter: DatabaseFilter): CityValue => ({ id: filter.city, name: filter.city !== undefined ? (filter.cityName ?? '') : '' });

/**
 * The space's candidate database with its filter panel; the filter lives in the page URL. With a
 * vacancy it adds candidates to it (SPEC.md §2 Add candidates to vacancy): the cards toggle
 * selection, the button shows the selected count, and those already on the vacancy never show.
 * Without one (the Candidates section) each card opens the candidate's profile.
 */
function CandidatePicker(props: Props) {
  const { t, href } = useT(props);
  const hydrated = useHydrated();
  const { vacancy } = props;
  const id = useId();
  const base = href(vacancy ? `/vacancy/candidates-all/${vacancy.id}` : '/candidates');
  const newHref = href(vacancy ? `/candidates/new?vacancyId=${encodeURIComponent(vacancy.id)}` : '/candidates/new');
  const [rangeErrors, setRangeErrors] = useState<{ salary?: string; age?: string }>({});
  const [filter, setFilter] = useState(props.filter);
  const [values, setValues] = useState(() => toForm(props.filter));
  useRestoreTyped(`${id}-form`, values, (typed) => setValues((current) => ({ ...current, ...typed })));
  const [city, setCity] = useState(() => cityOf(props.filter));
  const [panelOpen, setPanelOpen] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string>();
  const [added, setAdded] = useState<number>();
  const cards = useRef<HTMLUListElement>(null);
  const closeAdded = useCallback(() => setAdded(undefined), []);

  const load = useCallback(
    (page: number, query: string, signal: AbortSignal) =>
      api<Page<CandidateCard>>('candidates', {
        query: { ...Object.fromEntries(new URLSearchParams(query)), ...(vacancy ? { excludeVacancyId: vacancy.id } : {}), page, limit: PAGE_SIZE, lng: props.locale },
        signal,
      }),
    [vacancy, props.locale],
  );
  const query = toParams(filter, { forApi: true }).toString();
  const list = usePagedList<ShownCard>(props.initial, query, load);
  useInfiniteScroll(cards, list.more, list.loading, list.loadMore, list.items.length);
  // the database's bulk actions (docs/decisions/0030); the vacancy's picker selects on its own
  const bulk = useBulkSelection(query, list.items);

  const show = (next: DatabaseFilter) => {
    setFilter(next);
    setValues(toForm(next));
    setCity(cityOf(next));
  };

  // the URL as the filter writes it: what the server dropped as invalid goes from it too
  useEffect(() => {
    const url = filterUrl(window.location.pathname, props.filter);
    if (url !== window.location.pathname + window.location.search) window.history.replaceState(window.history.state, '', url);
  }, [props.filter]);

  // every change of the filter, by the person or by back and forward
  const changes = useRef(0);
  // back and forward move through earlier filters
  useEffect(() => {
    // the URL is read back with zod, which the list does not need until then; a change made
    // while it loads wins, and without it (a dropped line) the server renders the URL's list
    const onPop = () => {
      const change = ++changes.current;
      import('./filter-url.ts')
        .then(({ parseFilter }) => change === changes.current && show(parseFilter(new URLSearchParams(window.location.search))))
        .catch(() => change === changes.current && window.location.reload());
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const apply = (next: DatabaseFilter) => {
    changes.current++;
    const url = filterUrl(window.location.pathname, next);
    if (url !== window.location.pathname + window.location.search) window.history.pushState(null, '', url);
    setFilter(next);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    // without JavaScript the form reloads the page with the same fields in its query
    event.preventDefault();
    // a range the server would refuse or that would find nobody is explained beside it instead of applied
    const salary = rangeProblem(values.salaryFrom, values.salaryTo, SALARY_MAX);
    const age = rangeProblem(values.ageFrom, values.ageTo, AGE_MAX);
    const found = {
      salary: salary && (salary === 'order' ? 'candidates_list.salary_order' : 'candidates_list.salary_bounds'),
      age: age && (age === 'order' ? 'candidates_list.age_order' : 'candidates_list.age_bounds'),
    };
    setRangeErrors(found);
    if (found.salary || found.age) return;
    apply(fromForm(values, city));
    setPanelOpen(false);
  };
  const onReset = () => {
    setRangeErrors({});
    show(DEFAULT_FILTER);
    apply(DEFAULT_FILTER);
  };
  const set = (key: keyof FormValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));
  const toggleSchedule = (schedule: number) =>
    setValues((v) => ({ ...v, schedule: v.schedule.includes(schedule) ? v.schedule.filter((s) => s !== schedule) : [...v.schedule, schedule] }));

  const rangeError = (key: 'salary' | 'age') =>
    rangeErrors[key] && (
      <p id={`${id}-${key}-order`} className="field-error cp-range-error" role="alert">
        {t(rangeErrors[key])}
      </p>
    );

  const toggle = (candidateId: string) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (!next.delete(candidateId)) next.add(candidateId);
      return next;
    });

  const add = async () => {
    // SPEC.md §2: with nothing selected the button does nothing
    if (!vacancy || selected.size === 0 || adding) return;
    const ids = [...selected];
    setAdding(true);
    setAddError(undefined);
    try {
      const answer = await api<{ added: number }>('candidates/vacancy', { method: 'POST', body: { vacancyId: vacancy.id, candidatesIds: ids } });
      setSelected(new Set());
      setAdded(answer.added);
      list.removeAndRefresh(ids);
    } catch (failure) {
      console.warn('[candidates] adding failed', failure);
      setAddError(errorKey(failure));
    } finally {
      setAdding(false);
    }
  };

  const active = activeFilters(filter);
  const narrowed = active - (filter.sort !== DEFAULT_FILTER.sort ? 1 : 0) > 0;
  const count = selected.size;
  const field = (name: string) => `${id}-${name}`;

  return (
    <div className="cp-page">
      <header className="cp-header">
        {vacancy && (
          <a className="cp-back" href={href(`/vacancy/candidates/${vacancy.id}`)}>
            <span aria-hidden="true">← </span>
            {t('candidates_list.to_vacancy')}: {vacancy.positionName}
          </a>
        )}
        <div className="cp-heading">
          <h1>{t('candidates_list.database_heading')}</h1>
          <p className="cp-total" data-testid="candidates-total" aria-live="polite">
            {list.loading && list.items.length === 0
              ? t('app.loading')
              : list.exact
                ? t('candidates_list.total', { count: list.total })
                : t('candidates_list.total_at_least', { total: new Intl.NumberFormat(props.locale).format(list.total) })}
          </p>
          <a className="btn btn-secondary cp-new" href={newHref}>
            <span aria-hidden="true">+ </span>
            {t('candidates_list.add_new')}
          </a>
        </div>
      </header>

      <div className="cp-body">
        <aside className={`card cp-filters${panelOpen ? ' open' : ''}`} aria-labelledby={field('filters')}>
          <h2 id={field('filters')} className="cp-filters-title">{t('candidates_list.filters')}</h2>
          <button type="button" className="btn btn-secondary cp-filters-toggle" aria-expanded={panelOpen} aria-controls={field('form')} disabled={!hydrated} onClick={() => setPanelOpen((o) => !o)}>
            {active ? t('candidates_list.filters_active', { count: active }) : t('candidates_list.filters')}
          </button>
          <form id={field('form')} className="cp-form" method="get" action={base} onSubmit={onSubmit} role="search" aria-label={t('candidates_list.filters')} noValidate>
            <div className="field">
              <label htmlFor={field('search')}>{t('candidates_list.search')}</label>
              <input id={field('search')} type="search" name="search" value={values.search} onChange={set('search')} placeholder={t('candidates_list.search_placeholder')} aria-describedby={field('search-hint')} maxLength={300} autoComplete="off" />
              <p id={field('search-hint')} className="field-hint">{t('candidates_list.search_hint')}</p>
            </div>
            <div className="field">
              <label htmlFor={field('position')}>{t('candidate.field.position_name')}</label>
              <input id={field('position')} type="text" name="positionName" value={values.positionName} onChange={set('positionName')} maxLength={300} autoComplete="off" />
            </div>
            <fieldset className="cp-range" aria-describedby={rangeErrors.salary ? `${id}-salary-order` : undefined}>
              <legend>{t('candidates_list.salary')}</legend>
              <div className="field">
                <label htmlFor={field('salary-from')}>{t('candidates_list.from')}</label>
                <input id={field('salary-from')} type="number" name="salaryFrom" min={0} max={SALARY_MAX} step={1000} inputMode="numeric" value={values.salaryFrom} onChange={set('salaryFrom')} />
              </div>
              <div className="field">
                <label htmlFor={field('salary-to')}>{t('candidates_list.to')}</label>
                <input id={field('salary-to')} type="number" name="salaryTo" min={0} max={SALARY_MAX} step={1000} inputMode="numeric" value={values.salaryTo} onChange={set('salaryTo')} aria-invalid={rangeErrors.salary ? true : undefined} />
              </div>
              {rangeError('salary')}
            </fieldset>
            <CityInput t={t} locale={props.locale} value={city} onChange={setCity} />
            <fieldset className="cp-range" aria-describedby={rangeErrors.age ? `${id}-age-order` : undefined}>
              <legend>{t('candidates_list.age')}</legend>
              <div className="field">
                <label htmlFor={field('age-from')}>{t('candidates_list.from')}</label>
                <input id={field('age-from')} type="number" name="ageFrom" min={0} max={AGE_MAX} inputMode="numeric" value={values.ageFrom} onChange={set('ageFrom')} />
              </div>
              <div className="field">
                <label htmlFor={field('age-to')}>{t('candidates_list.to')}</label>
                <input id={field('age-to')} type="number" name="ageTo" min={0} max={AGE_MAX} inputMode="numeric" value={values.ageTo} onChange={set('ageTo')} aria-invalid={rangeErrors.age ? true : undefined} />
              </div>
              {rangeError('age')}
            </fieldset>
            <fieldset className="cp-schedule">
              <legend>{t('candidate.field.schedule')}</legend>
              {SCHEDULES.map((schedule) => (
                <label key={schedule} className="cp-check">
                  <input type="checkbox" name="schedule" value={schedule} checked={values.schedule.includes(schedule)} onChange={() => toggleSchedule(schedule)} />
                  {t(`vacancy.schedule.${schedule}`)}
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor={field('sort')}>{t('candidates_list.sort')}</label>
              <select
                id={field('sort')}
                name="sort"
                value={values.sort}
                onChange={(event) => {
                  // a new order applies at once, with the fields as they stand
                  const next = { ...values, sort: event.target.value };
                  setValues(next);
                  apply(fromForm(next, city));
                }}
              >
                {SORTS.map((sort) => (
                  <option key={sort} value={sort}>{t(`candidates_list.sort_option.${sort}`)}</option>
                ))}
              </select>
            </div>
            <div className="cp-form-actions">
              <button type="button" className="btn btn-secondary" onClick={onReset} disabled={!hydrated}>{t('candidates_list.reset')}</button>
              <button type="submit" className="btn">{t('candidates_list.apply')}</button>
            </div>
          </form>
        </aside>

        <section className="cp-results" aria-labelledby={field('cards')} aria-busy={list.loading}>
          <h2 id={field('cards')} className="visually-hidden">{t('candidates_list.cards_label')}</h2>
          {list.items.length > 0 && (
            <ul className="cp-cards" ref={cards}>
              {list.items.map((candidate) => {
                const pressed = selected.has(candidate.id);
                const body = (
                  <>
                    <Avatar image={candidate.image} name={candidate.name} surname={candidate.surname} size={56} />
                    <span className="cp-card-body">
                      <span className="cp-name">{`${candidate.name} ${candidate.surname}`}</span>
                      {candidate.age !== null && <span className="cp-age">{t('candidate.age', { count: candidate.age })}</span>}
                      {candidate.positionName && <span className="cp-position">{candidate.positionName}</span>}
                      <span className="cp-facts">
                        {candidate.city && <span className="cp-city">{candidate.city.name}</span>}
                        <span className="cp-salary">{salaryText(t, props.locale, candidate.salary, candidate.salaryTo)}</span>
                      </span>
                    </span>
                  </>
                );
                return (
                  <li key={candidate.id}>
                    {!vacancy ? (
                      <>
                        <a className="cp-card" href={href(`/candidates/${candidate.id}/-`)}>
                          {body}
                        </a>
                        <input
                          type="checkbox"
                          className="bulk-row"
                          checked={bulk.has(candidate.id)}
                          disabled={!hydrated}
                          onChange={() => bulk.toggle(candidate.id)}
                          aria-label={t('bulk.select_row', { name: `${candidate.name} ${candidate.surname}` })}
                        />
                      </>
                    ) : vacancy.published ? (
                      <button type="button" className="cp-card" aria-pressed={pressed} disabled={!hydrated} onClick={() => toggle(candidate.id)}>
                        {body}
                        <span className="cp-tick" aria-hidden="true">
                          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round"><path d="m5 12 5 5 9-10" /></svg>
                        </span>
                      </button>
                    ) : (
                      <div className="cp-card">{body}</div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {list.loading ? (
            <p className="cl-empty cp-loading" role="status">{t('app.loading')}</p>
          ) : (
            list.items.length === 0 && !list.error && (
              <div className="cl-empty">
                <p>{narrowed ? t('candidates_list.empty_filtered') : t('candidates_list.empty_database')}</p>
                {narrowed ? (
                  <a className="btn btn-secondary" href={base} onClick={(event) => { event.preventDefault(); onReset(); }}>{t('candidates_list.reset')}</a>
                ) : (
                  <a className="btn" href={newHref}>{t('candidates_list.add_new')}</a>
                )}
              </div>
            )
          )}
          {!list.loading && !list.more && !list.exact && list.items.length > 0 && (
            // only a text search stops paging while its count is a lower bound: at its depth, whose size that count is (docs/decisions/0033)
            <p className="cl-empty cp-depth" role="status">{t('candidates_list.depth_reached', { total: new Intl.NumberFormat(props.locale).format(list.total) })}</p>
          )}
          {list.error && (
            <p className="form-error cl-error" role="alert">
              {t(list.error)}{' '}
              <button type="button" className="btn-link" onClick={list.retry}>{t('app.refresh')}</button>
            </p>
          )}
          {!vacancy && bulk.any && (
            <Suspense fallback={null}>
              <LazyBulkBar
                t={t}
                locale={props.locale}
                filter={Object.fromEntries(new URLSearchParams(query))}
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
                  bulk.clear();
                  list.removeAndRefresh([]);
                }}
              />
            </Suspense>
          )}
          {vacancy && <div className="cp-bar">
            {vacancy.published ? (
              <>
                <p className="cp-selected" aria-live="polite">{count ? t('candidates_list.selected', { count }) : t('candidates_list.add_hint')}</p>
                {count > 0 && (
                  <button type="button" className="btn-link" onClick={() => setSelected(new Set())}>{t('candidates_list.clear_selection')}</button>
                )}
                {addError && <p className="field-error" role="alert">{t(addError)}</p>}
                <button type="button" className="btn cp-add" aria-disabled={count === 0 || adding ? 'true' : undefined} disabled={!hydrated} onClick={add}>
                  {t('candidates_list.add_selected', { count })}
                </button>
              </>
            ) : (
              <p className="cp-unpublished" role="note">
                <strong>{t('candidates_list.not_published_title')}.</strong> {t('error.vacancy.not_published')}
              </p>
            )}
          </div>}
        </section>
      </div>


      {vacancy && added !== undefined && (
        <MessageModal
          title={t('candidates_list.added', { count: added })}
          text={
            <>
              {t('candidates_list.added_text', { count: added })}{' '}
              <a href={href(`/vacancy/candidates/${vacancy.id}`)}>{t('candidates_list.open_vacancy')}</a>
            </>
          }
          closeLabel={t('app.close')}
          onClose={closeAdded}
        />
      )}
    </div>
  );
}

export default island(CandidatePicker);

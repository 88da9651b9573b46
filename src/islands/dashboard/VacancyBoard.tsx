import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent, type SubmitEvent } from 'react';
import { api, errorKey } from '../../lib/client/api.ts';
import { numberFormat } from '../../lib/numbers.ts';
import type { VacancyListItem } from '../../lib/schemas/vacancy.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { useRestoreTyped } from '../shared/restore-typed.ts';
import type { CustomerOption, ModalFilter } from './FilterModal.tsx';
import { whenIdle } from '../shared/when-idle.ts';

// the filter dialog (a form with the city search) loads on idle or when opened, not with the board
const filterModal = () => import('./FilterModal.tsx');
whenIdle(filterModal);
const FilterModal = lazy(() => filterModal().then((m) => ({ default: m.FilterModal })));
// reading a filter from the URL (back and forward) needs the schema: on idle too
whenIdle(() => import('./filter-parse.ts'));
import { VacancyTable, type BoardVacancy } from './VacancyTable.tsx';
import { useDebounced } from '../shared/useDebounced.ts';
import { activeFilters, DEBOUNCE_MS, DEFAULT_FILTER, filterUrl, MIN_SEARCH, PERIODS, toParams, type DashboardFilter } from './filter.ts';
import './dashboard.css';

interface Props extends IslandProps {
  /** The list the server rendered for `filter`. */
  initial: BoardVacancy[];
  /** The filter read from the page URL. */
  filter: DashboardFilter;
  /** The space's registered customers, for the filter's customer select. */
  customers: CustomerOption[];
  /** Whether the space has any vacancy at all, whatever its status. */
  hasAny: boolean;
  /** Where the reader invites a customer (the profile's list): a vacancy needs a registered one. */
  inviteHref?: string;
  /** The reader's saved zone, for the vacancies' dates. */
  timeZone: string;
}

type HistoryMode = 'push' | 'replace';

/**
 * The dashboard's vacancy list: period chips, the boolean search box, the filter dialog and the
 * table. The filter lives in the page URL, so a filtered list can be reloaded and shared; the
 * server renders the same list for that URL before this island wakes up.
 */
function VacancyBoard(props: Props) {
  const { t, href } = useT(props);
  const hydrated = useHydrated();
  const base = href('/recruiter');
  const [filter, setFilter] = useState(props.filter);
  const [vacancies, setVacancies] = useState<BoardVacancy[]>(props.initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [dialog, setDialog] = useState(false);
  const [searchText, setSearchText] = useState(props.filter.search ?? '');
  useRestoreTyped('vacancy-search-form', { search: searchText }, (typed) => setSearchText(typed.search ?? ''));
  const typed = useDebounced(searchText, DEBOUNCE_MS);

  // every change of the filter, by the person or by back and forward: a URL read late (its
  // parser comes on idle or with the first popstate) must not undo a change made meanwhile
  const changes = useRef(0);
  const apply = (next: DashboardFilter, mode: HistoryMode = 'push') => {
    changes.current++;
    const url = filterUrl(window.location.pathname, next);
    if (url !== window.location.pathname + window.location.search) {
      window.history[mode === 'push' ? 'pushState' : 'replaceState'](null, '', url);
    }
    setFilter(next);
  };

  // the URL as the filter writes it: an invalid or default value the server ignored is dropped
  useEffect(() => {
    const url = filterUrl(window.location.pathname, props.filter);
    if (url !== window.location.pathname + window.location.search) window.history.replaceState(window.history.state, '', url);
  }, [props.filter]);

  // back and forward move through earlier filters
  useEffect(() => {
    const onPop = () => {
      const change = ++changes.current;
      import('./filter-parse.ts')
        .then(({ parseFilter }) => {
          if (change !== changes.current) return;
          const next = parseFilter(new URLSearchParams(window.location.search), props.customers);
          setFilter(next);
          setSearchText(next.search ?? '');
        })
        // without the parser (a dropped line) the server renders the list of the URL
        .catch(() => change === changes.current && window.location.reload());
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [props.customers]);

  // the search applies from 3 characters; with fewer it searches nothing
  useEffect(() => {
    const search = typed.trim().length >= MIN_SEARCH ? typed.trim() : undefined;
    if (search !== filter.search) apply({ ...filter, search }, 'replace');
    // only a settled change of the text applies, not a change of the filter around it
  }, [typed]);

  const query = toParams(filter, { forApi: true }).toString();
  const loaded = useRef(query);
  useEffect(() => {
    if (query === loaded.current) {
      setBusy(false);
      return;
    }
    const controller = new AbortController();
    setBusy(true);
    setError(undefined);
    api<VacancyListItem[]>('vacancy', { query: { ...Object.fromEntries(new URLSearchParams(query)), lng: props.locale }, signal: controller.signal })
      .then((list) => {
        loaded.current = query;
        setVacancies(list);
        setBusy(false);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[vacancies] list failed', failure);
        setError(errorKey(failure));
        setBusy(false);
      });
    return () => controller.abort();
  }, [query, props.locale]);

  const onSearch = (event: SubmitEvent<HTMLFormElement>) => {
    // Enter applies at once; without JavaScript the form reloads the page with ?search=
    event.preventDefault();
    const search = searchText.trim().length >= MIN_SEARCH ? searchText.trim() : undefined;
    if (search !== filter.search) apply({ ...filter, search }, 'replace');
  };

  /** A link to another filter that, once hydrated, changes the list in place. */
  const follow = (next: DashboardFilter, then?: () => void) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    apply(next);
    then?.();
  };
  const clearSearch = () => setSearchText('');

  const onModal = (modal: ModalFilter) => {
    setDialog(false);
    apply({ ...filter, ...modal });
  };

  const number = numberFormat(props.locale);
  const count = activeFilters(filter);
  const customer = props.customers.find((c) => c.id === filter.customer);
  const chips: { key: keyof DashboardFilter; label: string }[] = [];
  if (filter.positionName) chips.push({ key: 'positionName', label: `${t('vacancy.field.position_name')}: ${filter.positionName}` });
  if (filter.city !== undefined) chips.push({ key: 'city', label: `${t('vacancy.field.city')}: ${filter.cityName ?? filter.city}` });
  if (filter.salaryFrom !== undefined) chips.push({ key: 'salaryFrom', label: `${t('vacancy.field.salary_from')}: ${number.format(filter.salaryFrom)}` });
  if (filter.salaryTo !== undefined) chips.push({ key: 'salaryTo', label: `${t('vacancy.field.salary_to')}: ${number.format(filter.salaryTo)}` });
  if (customer) chips.push({ key: 'customer', label: `${t('dashboard.customer')}: ${`${customer.name} ${customer.surname}`.trim()}` });
  const onlyStatus = filter.period === 'all' && filter.search === undefined && chips.length === 0;
  const hidden = [...toParams(filter)].filter(([key]) => key !== 'search');

  return (
    <section className="card vacancies" aria-labelledby="vacancies-title">
      <header className="vacancies-header">
        <h2 id="vacancies-title">{t('vacancy.vacancies')}</h2>
        <span className={`badge status-${filter.status}`} data-testid="status-shown" title={t('dashboard.status')}>
          {t(`vacancy.statuses.${filter.status}`)}
        </span>
        <div className="vacancies-actions">
          <button
            type="button"
            className="icon-btn filter-btn"
            aria-haspopup="dialog"
            aria-label={count ? t('dashboard.filters_active', { count }) : t('dashboard.filters')}
            title={t('dashboard.filters')}
            onClick={() => setDialog(true)}
            disabled={!hydrated}
          >
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
              <path d="M3 4h18l-7 8.5V19l-4 2v-8.5z" />
            </svg>
            {count > 0 && <span className="filter-count" aria-hidden="true">{count}</span>}
          </button>
          <a className="icon-btn" href={href('/recruiter/vacancy/add')} aria-label={t('dashboard.add')} title={t('dashboard.add')}>
            <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
              <path d="M12 5v14M5 12h14" />
            </svg>
          </a>
        </div>
      </header>

      <div className="vacancies-toolbar">
        <nav className="period-chips" aria-label={t('dashboard.period_label')}>
          {PERIODS.map((period) => {
            const next = { ...filter, period };
            return (
              <a key={period} className="chip" href={filterUrl(base, next)} aria-current={period === filter.period ? 'true' : undefined} onClick={follow(next)}>
                {t(`dashboard.period.${period}`)}
              </a>
            );
          })}
        </nav>
        <form id="vacancy-search-form" className="vacancy-search" role="search" action={base} method="get" onSubmit={onSearch}>
          {hidden.map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <label className="visually-hidden" htmlFor="vacancy-search">{t('dashboard.search_label')}</label>
          <input
            id="vacancy-search"
            type="search"
            name="search"
            value={searchText}
            placeholder={t('dashboard.search_placeholder')}
            aria-describedby="vacancy-search-hint"
            maxLength={300}
            autoComplete="off"
            onChange={(event) => setSearchText(event.target.value)}
          />
          <p id="vacancy-search-hint" className="field-hint">{t('dashboard.search_hint')}</p>
        </form>
      </div>

      {chips.length > 0 && (
        <ul className="active-filters" aria-label={t('dashboard.active_filters')}>
          {chips.map((chip) => (
            <li key={chip.key} className="chip chip-filter">
              <span>{chip.label}</span>
              <button
                type="button"
                aria-label={t('dashboard.remove_filter', { name: chip.label })}
                disabled={!hydrated}
                onClick={() => apply({ ...filter, [chip.key]: undefined, ...(chip.key === 'city' ? { cityName: undefined } : {}) })}
              >
                ×
              </button>
            </li>
          ))}
          <li>
            <a className="btn-link" href={base} onClick={follow(DEFAULT_FILTER, clearSearch)}>{t('dashboard.reset_filters')}</a>
          </li>
        </ul>
      )}

      <p id="vacancies-found" className="vacancies-found" aria-live="polite">
        {busy ? t('app.loading') : vacancies.length > 0 ? t('dashboard.found', { count: vacancies.length }) : ''}
      </p>
      {error && <p className="form-error" role="alert">{t(error)}</p>}

      {vacancies.length > 0 ? (
        <VacancyTable t={t} locale={props.locale} timeZone={props.timeZone} href={href} vacancies={vacancies} busy={busy} />
      ) : !props.hasAny ? (
        <div className="vacancies-empty">
          <p>{t('dashboard.empty_none')}</p>
          {props.customers.length === 0 && props.inviteHref && (
            <p data-testid="need-customer">
              {t('dashboard.need_customer')} <a href={props.inviteHref}>{t('dashboard.invite_customer')}</a>
            </p>
          )}
          <a className="btn" href={href('/recruiter/vacancy/add')}>{t('dashboard.create_first')}</a>
        </div>
      ) : onlyStatus ? (
        <div className="vacancies-empty">
          <p>{t('dashboard.empty_status', { status: t(`vacancy.status.${filter.status}`) })}</p>
        </div>
      ) : (
        <div className="vacancies-empty">
          <p>{t('dashboard.empty_filtered')}</p>
          <a className="btn btn-secondary" href={base} onClick={follow(DEFAULT_FILTER, clearSearch)}>{t('dashboard.reset_filters')}</a>
        </div>
      )}

      {dialog && (
        <Suspense fallback={null}>
          <FilterModal t={t} locale={props.locale} filter={filter} customers={props.customers} onApply={onModal} onClose={() => setDialog(false)} />
        </Suspense>
      )}
    </section>
  );
}

export default island(VacancyBoard);

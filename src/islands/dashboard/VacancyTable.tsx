import type { Locale, T } from '../../lib/i18n/index.ts';
import type { VacancyListItem } from '../../lib/schemas/vacancy.ts';
import { formatDate } from '../../lib/dates.ts';
import { numberFormat } from '../../lib/numbers.ts';

/**
 * What a row shows of a vacancy. The board's first list travels in the page as island props,
 * so it carries only this, not the customers and every stage's count of the API's item (issue
 * 12: the dashboard's HTML within one round trip); the API's items fit it as they are.
 */
export interface BoardVacancy {
  id: string;
  positionName: string;
  quantity: number;
  createdAt: string;
  city: { name: string } | null;
  salary: number | null;
  salaryTo: number | null;
  counts: Pick<VacancyListItem['counts'], 'all' | 'finalist' | 'hired'>;
}

export function toBoardVacancy({ id, positionName, quantity, createdAt, city, salary, salaryTo, counts }: VacancyListItem): BoardVacancy {
  return { id, positionName, quantity, createdAt, city: city && { name: city.name }, salary, salaryTo, counts: { all: counts.all, finalist: counts.finalist, hired: counts.hired } };
}

interface Props {
  t: T;
  locale: Locale;
  /** The reader's saved zone: the server's HTML and the first render agree in any browser. */
  timeZone: string;
  href: (path: string) => string;
  vacancies: BoardVacancy[];
  busy: boolean;
}

/** The vacancy list: each name links to its candidates (the funnel); the counters are the funnel's real numbers. */
export function VacancyTable({ t, locale, timeZone, href, vacancies, busy }: Props) {
  const number = numberFormat(locale);
  const salary = (v: BoardVacancy) =>
    v.salary === null
      ? null
      : v.salaryTo !== null
      ? t('vacancy.salary_range', { from: number.format(v.salary), to: number.format(v.salaryTo) })
      : t('vacancy.salary_from_only', { from: number.format(v.salary) });
  const columns = {
    quantity: t('vacancy.field.quantity'),
    candidates: t('dashboard.col.candidates'),
    finalists: t('dashboard.col.finalists'),
    hired: t('dashboard.col.hired'),
  };
  return (
    <div className="vacancy-table-wrap">
      <table className="vacancy-table" aria-busy={busy} aria-describedby="vacancies-found">
        <thead>
          <tr>
            <th scope="col">{t('dashboard.col.vacancy')}</th>
            <th scope="col" className="num">{columns.quantity}</th>
            <th scope="col" className="num">{columns.candidates}</th>
            <th scope="col" className="num">{columns.finalists}</th>
            <th scope="col" className="num">{columns.hired}</th>
          </tr>
        </thead>
        <tbody>
          {vacancies.map((v) => (
            <tr key={v.id}>
              <th scope="row" className="vacancy-name">
                <a href={href(`/vacancy/candidates/${v.id}`)}>{v.positionName}</a>
                <span className="vacancy-meta">
                  {v.city && <span>{v.city.name}</span>}
                  {v.salary !== null && <span>{salary(v)}</span>}
                  <time dateTime={v.createdAt}>{formatDate(v.createdAt, locale, timeZone)}</time>
                </span>
              </th>
              <td className="num" data-label={columns.quantity}>{v.quantity}</td>
              <td className="num" data-label={columns.candidates}>{number.format(v.counts.all)}</td>
              <td className="num" data-label={columns.finalists}>{number.format(v.counts.finalist)}</td>
              <td className="num" data-label={columns.hired}>{number.format(v.counts.hired)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useId } from 'react';
import { Controller, useForm } from '../shared/form.ts';
import type { Locale, T } from '../../lib/i18n/index.ts';
import { SALARY_MAX, VACANCY_STATUS, type VacancyStatus } from '../../lib/vacancy-values.ts';
import { FormModal } from '../shared/modals.tsx';
import { Field } from '../shared/Field.tsx';
import { CityInput, type CityValue } from '../shared/CityInput.tsx';
import { DEFAULT_FILTER, MIN_SEARCH, type DashboardFilter } from './filter.ts';

export interface CustomerOption {
  id: string;
  name: string;
  surname: string;
}

/** What the modal edits: everything of the filter but the period and the search box. */
export type ModalFilter = Pick<DashboardFilter, 'positionName' | 'city' | 'cityName' | 'salaryFrom' | 'salaryTo' | 'customer' | 'status'>;

interface FormValues {
  positionName: string;
  city: CityValue;
  salaryFrom: string;
  salaryTo: string;
  customer: string;
  status: string;
}

const STATUSES = [VACANCY_STATUS.PUBLISHED, VACANCY_STATUS.DRAFT, VACANCY_STATUS.ARCHIVED] as const;
const EMPTY: FormValues = { positionName: '', city: { name: '' }, salaryFrom: '', salaryTo: '', customer: 'all', status: String(DEFAULT_FILTER.status) };

/** A salary box as a number: empty, blank and non-numbers are no number. */
const amount = (text: string): number | undefined => {
  const n = text.trim() === '' ? NaN : Number(text);
  return Number.isNaN(n) ? undefined : n;
};

interface Props {
  t: T;
  locale: Locale;
  filter: DashboardFilter;
  customers: CustomerOption[];
  onApply: (filter: ModalFilter) => void;
  onClose: () => void;
}

/** The filter dialog of the vacancy list (SPEC.md §2): empty boxes filter nothing. */
export function FilterModal({ t, locale, filter, customers, onApply, onClose }: Props) {
  const id = useId();
  const { register, control, handleSubmit, reset, getValues, formState } = useForm<FormValues>({
    defaultValues: {
      positionName: filter.positionName ?? '',
      city: { id: filter.city, name: filter.city !== undefined ? (filter.cityName ?? '') : '' },
      salaryFrom: filter.salaryFrom === undefined ? '' : String(filter.salaryFrom),
      salaryTo: filter.salaryTo === undefined ? '' : String(filter.salaryTo),
      customer: filter.customer ?? 'all',
      status: String(filter.status),
    },
  });
  const { errors } = formState;
  // the server takes whole amounts from 0 to SALARY_MAX and refuses the rest: said here, not sent
  const valid = (text: string) => {
    if (!text.trim()) return true;
    const n = amount(text);
    if (n === undefined) return 'validation.number_invalid';
    return (Number.isInteger(n) && n >= 0 && n <= SALARY_MAX) || 'dashboard.salary_bounds';
  };

  // empty, undefined and NaN values are dropped, so they never reach the URL or the API
  const submit = handleSubmit((values) => {
    const positionName = values.positionName.trim();
    onApply({
      positionName: positionName || undefined,
      city: values.city.id,
      cityName: values.city.id !== undefined ? values.city.name : undefined,
      salaryFrom: amount(values.salaryFrom),
      salaryTo: amount(values.salaryTo),
      customer: values.customer && values.customer !== 'all' ? values.customer : undefined,
      status: Number(values.status) as VacancyStatus,
    });
  });

  return (
    <FormModal title={t('dashboard.filter_title')} onClose={onClose}>
      <form className="filter-form" onSubmit={submit} noValidate>
        <Field
          label={t('vacancy.field.position_name')}
          type="text"
          error={errors.positionName?.message && t(errors.positionName.message)}
          {...register('positionName', { validate: (v) => !v.trim() || v.trim().length >= MIN_SEARCH || 'dashboard.min_chars' })}
        />
        <Controller
          control={control}
          name="city"
          rules={{ validate: (v) => !v.name.trim() || v.id !== undefined || 'dashboard.city_pick' }}
          render={({ field, fieldState }) => (
            <CityInput t={t} locale={locale} value={field.value} onChange={field.onChange} error={fieldState.error?.message && t(fieldState.error.message)} />
          )}
        />
        <div className="filter-salary">
          <Field
            label={t('vacancy.field.salary_from')}
            type="number"
            inputMode="numeric"
            min={0}
            max={SALARY_MAX}
            step={1000}
            error={errors.salaryFrom?.message && t(errors.salaryFrom.message)}
            {...register('salaryFrom', { validate: valid })}
          />
          <Field
            label={t('vacancy.field.salary_to')}
            type="number"
            inputMode="numeric"
            min={0}
            max={SALARY_MAX}
            step={1000}
            error={errors.salaryTo?.message && t(errors.salaryTo.message)}
            {...register('salaryTo', {
              validate: (text) => {
                const own = valid(text);
                if (own !== true) return own;
                const [from, to] = [amount(getValues('salaryFrom')), amount(text)];
                return from === undefined || to === undefined || to >= from || 'dashboard.salary_order';
              },
            })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-customer`}>{t('dashboard.customer')}</label>
          <select id={`${id}-customer`} {...register('customer')}>
            <option value="all">{t('dashboard.customer_all')}</option>
            {customers.map((c) => (
              <option key={c.id} value={c.id}>{`${c.name} ${c.surname}`.trim()}</option>
            ))}
          </select>
        </div>
        <fieldset className="status-cards">
          <legend className="label">{t('dashboard.status')}</legend>
          {STATUSES.map((status) => (
            <label key={status} className="status-card">
              <input type="radio" value={String(status)} {...register('status')} />
              <span>{t(`vacancy.status.${status}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="modal-actions">
          <button type="button" className="btn-link filter-reset" onClick={() => reset(EMPTY)}>
            {t('dashboard.reset')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('vacancy.cancel')}
          </button>
          <button type="submit" className="btn">
            {t('dashboard.apply')}
          </button>
        </div>
      </form>
    </FormModal>
  );
}

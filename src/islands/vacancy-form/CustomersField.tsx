import { useId, type Ref } from 'react';
import type { T } from '../../lib/i18n/index.ts';
import { LabelText } from '../shared/Field.tsx';
import { checkAll, makeMain, toggleCustomer, type CustomerChoice } from './customers.ts';

export interface CustomerOption {
  id: string;
  name: string;
  surname: string;
  email?: string;
  /** Invited, not registered yet: they see the vacancy once they register. */
  invited?: boolean;
}

interface Props {
  t: T;
  options: CustomerOption[];
  value: CustomerChoice;
  onChange: (choice: CustomerChoice) => void;
  /** A link to the profile, where customers are invited, when there are none. */
  profileHref: string;
  customersError?: string;
  mainError?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The space's registered customers as a checklist, with a star marking the main one. */
export function CustomersField({ t, options, value, onChange, profileHref, customersError, ref, ...props }: Props) {
  // with no customer chosen, 'Please select customers' says it all
  const mainError = customersError ? undefined : props.mainError;
  const id = useId();
  const all = options.map((o) => o.id);
  const allChecked = all.length > 0 && all.every((c) => value.customers.includes(c));
  const errorIds = [customersError ? `${id}-error` : '', mainError ? `${id}-main-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset className="field customers" aria-describedby={errorIds}>
      <legend className="label">
        <LabelText label={t('vacancy.field.customers')} required />
      </legend>
      {options.length === 0 ? (
        <p className="field-hint">
          {t('vacancy.no_customers')} <a href={profileHref}>{t('vacancy.to_profile')}</a>
        </p>
      ) : (
        <>
          <label className="check check-all">
            <input ref={ref} type="checkbox" checked={allChecked} onChange={(e) => onChange(checkAll(value, all, e.target.checked))} />
            <span>{t('vacancy.field.check_all')}</span>
          </label>
          <ul className="customer-list">
            {options.map((customer) => {
              const name = `${customer.name} ${customer.surname}`.trim() || customer.email || '';
              const checked = value.customers.includes(customer.id);
              const main = checked && value.mainCustomer === customer.id;
              return (
                <li key={customer.id} className={main ? 'is-main' : undefined}>
                  <label className="check">
                    <input type="checkbox" checked={checked} onChange={(e) => onChange(toggleCustomer(value, customer.id, e.target.checked))} />
                    <span className="customer-name">
                      <span>{name}</span>
                      {customer.email && name !== customer.email && <span className="customer-email">{customer.email}</span>}
                      {customer.invited && <span className="customer-email">{t('vacancy.invited')}</span>}
                    </span>
                  </label>
                  {main && <span className="badge">{t('vacancy.main')}</span>}
                  <button
                    type="button"
                    className="star"
                    aria-pressed={main}
                    aria-label={t('vacancy.make_main', { name })}
                    title={t('vacancy.field.main_customer')}
                    disabled={!checked}
                    onClick={() => onChange(makeMain(value, customer.id))}
                  >
                    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
                      <path d="M12 2.5l2.9 6.2 6.6.7-5 4.5 1.4 6.6L12 17.2l-5.9 3.3 1.4-6.6-5-4.5 6.6-.7z" />
                    </svg>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {customersError && <p id={`${id}-error`} className="field-error" role="alert">{customersError}</p>}
      {mainError && <p id={`${id}-main-error`} className="field-error" role="alert">{mainError}</p>}
    </fieldset>
  );
}

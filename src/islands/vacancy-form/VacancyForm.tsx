import { useId, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { useController, useForm, type Resolver } from '../shared/form.ts';
import { api } from '../../lib/client/api.ts';
import type { Locale, T } from '../../lib/i18n/index.ts';
import type { SoftSkillDto, VacancyDto, VacancyInput, VacancyOutput } from '../../lib/schemas/vacancy.ts';
import { JOB_EXPERIENCE, POSITION_TYPES, SCHEDULES, VACANCY_STATUS } from '../../lib/vacancy-values.ts';
import { AlertModal } from '../shared/modals.tsx';
import { applyServerError } from '../shared/forms.ts';
import { lazyResolver } from '../shared/lazy-resolver.ts';
import { CityInput } from '../shared/CityInput.tsx';
import { TagInput } from '../shared/TagInput.tsx';
import { Field, RequiredNote, SelectField, TextAreaField } from '../shared/Field.tsx';
import { SoftSkillsField } from './SoftSkillsField.tsx';
import { CustomersField, type CustomerOption } from './CustomersField.tsx';

/** The fields the server may report errors on (the schema's keys). */
const FIELDS = [
  'positionType',
  'positionName',
  'quantity',
  'departmentName',
  'hardSkills',
  'jobExperience',
  'softSkills',
  'exceptionalRequirements',
  'country',
  'cityId',
  'address',
  'salary',
  'salaryTo',
  'schedule',
  'bonus',
  'customers',
  'mainCustomer',
  'comment',
] as const;

/** The fields that are plain inputs, selects and text areas. */
type PlainField = Exclude<(typeof FIELDS)[number], 'hardSkills' | 'softSkills' | 'cityId' | 'customers' | 'mainCustomer' | 'country'>;

type Status = typeof VACANCY_STATUS.PUBLISHED | typeof VACANCY_STATUS.DRAFT;

export interface VacancyFormProps {
  t: T;
  locale: Locale;
  href: (path: string) => string;
  hydrated: boolean;
  softSkills: SoftSkillDto[];
  customers: CustomerOption[];
  /** The vacancy being edited; none for a new one. */
  vacancy?: VacancyDto;
  /** The comment field: on a new vacancy it becomes the first comment. */
  withComment: boolean;
  /** What changes, asked before editing a published vacancy: posted with the saved edit. */
  editComment?: string;
}

/** Publishing checks every rule; a draft only needs its position name (issue 11). */
const schemas = () => import('../../lib/schemas/vacancy.ts');
const publishResolver = lazyResolver<VacancyInput, VacancyOutput>(() => schemas().then((m) => m.VacancySchema));
const draftResolver = lazyResolver(() => schemas().then((m) => m.DraftVacancySchema)) as unknown as Resolver<VacancyInput, unknown, VacancyOutput>;

/** What the form starts with: empty for a new vacancy, the vacancy's values when editing. */
function defaultsOf(v: VacancyDto | undefined): VacancyInput {
  return {
    positionType: v?.positionType != null ? String(v.positionType) : '',
    positionName: v?.positionName ?? '',
    quantity: v ? String(v.quantity) : '1',
    departmentName: v?.departmentName ?? '',
    hardSkills: v?.hardSkills ?? [],
    jobExperience: v?.jobExperience != null ? String(v.jobExperience) : '',
    softSkills: v?.softSkills.map((s) => s.id) ?? [],
    exceptionalRequirements: v?.exceptionalRequirements ?? '',
    country: 'ru',
    cityId: v?.cityId ?? '',
    address: v?.address ?? '',
    salary: v?.salary != null ? String(v.salary) : '',
    salaryTo: v?.salaryTo != null ? String(v.salaryTo) : '',
    schedule: v?.schedule != null ? String(v.schedule) : '',
    bonus: v?.bonus ?? '',
    customers: v?.customers.map((c) => c.id) ?? [],
    mainCustomer: v?.mainCustomer ?? '',
    comment: '',
    status: v?.status === VACANCY_STATUS.PUBLISHED ? VACANCY_STATUS.PUBLISHED : VACANCY_STATUS.DRAFT,
  };
}

/** The vacancy form of SPEC.md §2 in its two columns; saves as a draft or published. */
export function VacancyForm({ t, locale, href, hydrated, softSkills, customers, vacancy, withComment, editComment }: VacancyFormProps) {
  const switchId = useId();
  const [formError, setFormError] = useState<string>();
  // the status saved: a draft is shown among the drafts, where the dashboard's default (published) does not list it
  const [saved, setSaved] = useState<Status>();
  /** Where "Continue" goes: a published vacancy's own page, where candidates are added next; a draft's list. */
  const [next, setNext] = useState<string>();
  const [cityName, setCityName] = useState(vacancy?.city?.name ?? '');
  // SPEC.md §2: a salary without an upper bound is a fixed one
  const [fixed, setFixed] = useState(vacancy ? vacancy.salary != null && vacancy.salaryTo == null : false);
  // the button pressed picks the rules the values are checked by
  const submitting = useRef<Status>(VACANCY_STATUS.DRAFT);
  // the server's HTML already shows the values: a slow line sees the filled form before React
  const [initial] = useState(() => defaultsOf(vacancy));
  const { register, handleSubmit, setError, setValue, clearErrors, control, formState } = useForm<VacancyInput, unknown, VacancyOutput>({
    resolver: (values, context, options) =>
      (submitting.current === VACANCY_STATUS.DRAFT ? draftResolver : publishResolver)({ ...values, status: submitting.current }, context, options),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const hardSkills = useController({ control, name: 'hardSkills' });
  const soft = useController({ control, name: 'softSkills' });
  const city = useController({ control, name: 'cityId' });
  const chosen = useController({ control, name: 'customers' });
  const main = useController({ control, name: 'mainCustomer' });
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const field = (name: PlainField) => ({ ...register(name), defaultValue: initial[name] as string | undefined });

  const send = async (values: VacancyOutput, status: Status) => {
    setFormError(undefined);
    const body = { ...values, status, salaryTo: fixed ? undefined : values.salaryTo, comment: withComment ? values.comment : editComment };
    try {
      const answer = vacancy ? await api<VacancyDto>(`vacancy/${vacancy.id}`, { method: 'PUT', body }) : await api<VacancyDto>('vacancy', { method: 'POST', body });
      setNext(status === VACANCY_STATUS.DRAFT ? `/recruiter?status=${VACANCY_STATUS.DRAFT}` : `/vacancy/candidates/${answer.id}`);
      setSaved(status);
    } catch (error) {
      setFormError(applyServerError(error, setError, FIELDS));
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    // which of the two buttons was pressed decides the status
    const submitter = event.submitter as HTMLButtonElement | null;
    const status: Status = submitter?.value === String(VACANCY_STATUS.PUBLISHED) ? VACANCY_STATUS.PUBLISHED : VACANCY_STATUS.DRAFT;
    submitting.current = status;
    clearErrors();
    void handleSubmit((values) => send(values, status))(event);
  };

  // Enter in a field would press the first button, 'Save as draft', and quietly unpublish a
  // published vacancy: in this long form only the buttons submit
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  };

  const toggleFixed = () => {
    const next = !fixed;
    setFixed(next);
    if (next) {
      setValue('salaryTo', '', { shouldDirty: true });
      clearErrors('salaryTo');
    }
  };

  const publishLabel = !vacancy ? t('vacancy.create') : vacancy.status === VACANCY_STATUS.PUBLISHED ? t('vacancy.save') : t('vacancy.publish');
  const hardSkillsError = errors.hardSkills?.message ?? (Array.isArray(errors.hardSkills) ? errors.hardSkills.find(Boolean)?.message : undefined);

  return (
    <>
      <form className="vacancy-form" onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
        {formError && <p className="form-error" role="alert">{t(formError)}</p>}
        <RequiredNote>{t('vacancy.required_note')}</RequiredNote>
        <div className="vf-columns">
          <div className="vf-col card">
            <SelectField label={t('vacancy.field.position_type')} required error={message(errors.positionType?.message)} {...field('positionType')}>
              <option value="">{t('vacancy.choose')}</option>
              {POSITION_TYPES.map((n) => (
                <option key={n} value={n}>{t(`vacancy.position_type.${n}`)}</option>
              ))}
            </SelectField>
            <Field label={t('vacancy.field.position_name')} required type="text" maxLength={200} error={message(errors.positionName?.message)} {...field('positionName')} />
            <Field label={t('vacancy.field.quantity')} required type="text" inputMode="numeric" error={message(errors.quantity?.message)} {...field('quantity')} />
            <Field label={t('vacancy.field.department_name')} type="text" maxLength={200} error={message(errors.departmentName?.message)} {...field('departmentName')} />
            <TagInput
              label={t('vacancy.field.hard_skills')}
              required
              hint={t('vacancy.field.hard_skills_hint')}
              removeLabel={(skill) => t('vacancy.remove_skill', { skill })}
              ref={hardSkills.field.ref}
              value={hardSkills.field.value}
              onChange={hardSkills.field.onChange}
              onBlur={hardSkills.field.onBlur}
              error={message(hardSkillsError)}
            />
            <SelectField label={t('vacancy.field.job_experience')} required error={message(errors.jobExperience?.message)} {...field('jobExperience')}>
              <option value="">{t('vacancy.choose')}</option>
              {JOB_EXPERIENCE.map((n) => (
                <option key={n} value={n}>{t(`vacancy.job_experience.${n}`)}</option>
              ))}
            </SelectField>
            <SoftSkillsField
              t={t}
              locale={locale}
              skills={softSkills}
              ref={soft.field.ref}
              value={(soft.field.value as number[]).map(Number)}
              onChange={soft.field.onChange}
              error={message(errors.softSkills?.message)}
            />
            <TextAreaField label={t('vacancy.field.exceptional_requirements')} maxLength={2000} error={message(errors.exceptionalRequirements?.message)} {...field('exceptionalRequirements')} />
          </div>

          <div className="vf-col card">
            <SelectField label={t('vacancy.field.country')} disabled value="ru" onChange={() => undefined}>
              <option value="ru">{t('vacancy.country.ru')}</option>
            </SelectField>
            <CityInput
              t={t}
              locale={locale}
              required
              ref={city.field.ref}
              value={{ id: city.field.value !== '' && city.field.value != null ? Number(city.field.value) : undefined, name: cityName }}
              onChange={(next) => {
                setCityName(next.name);
                city.field.onChange(next.id ?? '');
              }}
              onBlur={city.field.onBlur}
              error={message(errors.cityId?.message)}
            />
            <Field label={t('vacancy.field.address')} required type="text" maxLength={300} autoComplete="off" error={message(errors.address?.message)} {...field('address')} />
            <div className={`salary${fixed ? ' salary-fixed' : ''}`}>
              <Field label={t(fixed ? 'vacancy.field.salary' : 'vacancy.field.salary_from')} required type="text" inputMode="numeric" error={message(errors.salary?.message)} {...field('salary')} />
              {!fixed && <Field label={t('vacancy.field.salary_to')} type="text" inputMode="numeric" error={message(errors.salaryTo?.message)} {...field('salaryTo')} />}
            </div>
            <div className="switch-row">
              <button type="button" id={switchId} role="switch" className="switch" aria-checked={fixed} onClick={toggleFixed}>
                <span className="switch-knob" aria-hidden="true" />
              </button>
              <label htmlFor={switchId}>{t('vacancy.field.salary_fixed')}</label>
            </div>
            <SelectField label={t('vacancy.field.schedule')} required error={message(errors.schedule?.message)} {...field('schedule')}>
              <option value="">{t('vacancy.choose')}</option>
              {SCHEDULES.map((n) => (
                <option key={n} value={n}>{t(`vacancy.schedule.${n}`)}</option>
              ))}
            </SelectField>
            <TextAreaField label={t('vacancy.field.bonus')} maxLength={2000} error={message(errors.bonus?.message)} {...field('bonus')} />
            <CustomersField
              t={t}
              ref={chosen.field.ref}
              options={customers}
              value={{ customers: chosen.field.value, mainCustomer: main.field.value }}
              onChange={(next) => {
                chosen.field.onChange(next.customers);
                main.field.onChange(next.mainCustomer);
              }}
              profileHref={href('/profile')}
              customersError={message(errors.customers?.message ?? errors.customers?.root?.message)}
              mainError={message(errors.mainCustomer?.message)}
            />
            {withComment && <TextAreaField label={t('vacancy.field.comment')} maxLength={2000} error={message(errors.comment?.message)} {...field('comment')} />}
          </div>
        </div>
        {editComment && <p className="form-note vf-pending">{t('vacancy.comment_pending', { text: editComment })}</p>}
        <div className="vf-actions">
          <button type="submit" name="status" value={VACANCY_STATUS.DRAFT} className="btn btn-secondary" disabled={!hydrated || isSubmitting}>
            {t('vacancy.save_draft')}
          </button>
          <button type="submit" name="status" value={VACANCY_STATUS.PUBLISHED} className="btn" disabled={!hydrated || isSubmitting}>
            {publishLabel}
          </button>
        </div>
      </form>
      {saved !== undefined && (
        <AlertModal
          tone="success"
          title={t(vacancy ? 'vacancy.edit_success' : saved === VACANCY_STATUS.DRAFT ? 'vacancy.draft_success' : 'vacancy.new_success')}
          confirmLabel={t('vacancy.continue')}
          onConfirm={() => window.location.assign(href(next ?? '/recruiter'))}
        />
      )}
    </>
  );
}

import { useId } from 'react';
import { useController, useFieldArray, type Control, type FieldErrors, type UseFormRegister } from '../shared/form.ts';
import type { Locale, T } from '../../lib/i18n/index.ts';
import type { CandidateInput, CandidateOutput } from '../../lib/schemas/candidate.ts';
import { Field, SelectField, TextAreaField } from '../shared/Field.tsx';
import { DateField } from '../shared/DateField.tsx';
import { LEVELS, emptyEducation, emptyJob, emptyLanguage, type Job } from './values.ts';

/** The groups' inputs take their values from `fields`, so the server's HTML already shows them. */
export interface GroupProps {
  t: T;
  control: Control<CandidateInput, unknown, CandidateOutput>;
  register: UseFormRegister<CandidateInput>;
  errors: FieldErrors<CandidateInput>;
  /** Adding and removing wait for React, like every button of an island. */
  hydrated: boolean;
}

const message = (t: T, key: string | undefined) => (key ? t(key) : undefined);

/** A group's own error (too many entries, say), wherever react-hook-form put it. */
function listError(t: T, error: { message?: string; root?: { message?: string } } | undefined) {
  return message(t, error?.message ?? error?.root?.message);
}

/** The group's legend (its accessible name, so a direct child of the fieldset) and its remove button. */
function GroupHeader({ t, title, removeLabel, hydrated, onRemove }: { t: T; title: string; removeLabel: string; hydrated: boolean; onRemove: () => void }) {
  return (
    <>
      <legend>{title}</legend>
      <button type="button" className="btn-link cf-remove" aria-label={removeLabel} disabled={!hydrated} onClick={onRemove}>
        {t('candidate_form.remove')}
      </button>
    </>
  );
}

interface JobProps extends Omit<GroupProps, 'hydrated' | 'errors'> {
  locale: Locale;
  index: number;
  item: Job;
  errors: FieldErrors<Job> | undefined;
}

/**
 * One job. Its fields register in the order they show: react-hook-form focuses the first
 * invalid field in registration order, and the months come before the company.
 */
function JobItem({ t, locale, control, register, errors, index, item }: JobProps) {
  const { field: from } = useController({ control, name: `jobExperience.${index}.from` });
  const { field: to } = useController({ control, name: `jobExperience.${index}.to` });
  const current = to.value === null;
  return (
    <>
      <div className="cf-pair">
        <DateField
          t={t}
          locale={locale}
          mode="month"
          label={t('candidate.field.from')}
          required
          ref={from.ref}
          value={from.value}
          onChange={from.onChange}
          onBlur={from.onBlur}
          error={message(t, errors?.from?.message)}
        />
        <DateField
          t={t}
          locale={locale}
          mode="month"
          label={t('candidate.field.to')}
          required={!current}
          ref={to.ref}
          value={to.value}
          onChange={to.onChange}
          onBlur={to.onBlur}
          disabled={current}
          // an empty end of a finished job: the schema only knows the date is not valid
          error={message(t, errors?.to?.message && to.value === '' ? 'candidate_form.job_to_required' : errors?.to?.message)}
        />
      </div>
      <label className="check cf-current">
        <input type="checkbox" checked={current} onChange={(e) => to.onChange(e.target.checked ? null : '')} />
        {t('candidate.field.current_job')}
      </label>
      <Field
        label={t('candidate.field.company_name')}
        required
        type="text"
        maxLength={200}
        defaultValue={item.companyName}
        error={message(t, errors?.companyName?.message)}
        {...register(`jobExperience.${index}.companyName`)}
      />
      <TextAreaField
        label={t('candidate.field.company_info')}
        rows={2}
        maxLength={500}
        defaultValue={item.companyInfo}
        error={message(t, errors?.companyInfo?.message)}
        {...register(`jobExperience.${index}.companyInfo`)}
      />
      <Field
        label={t('candidate.field.position_name')}
        required
        type="text"
        maxLength={200}
        defaultValue={item.positionName}
        error={message(t, errors?.positionName?.message)}
        {...register(`jobExperience.${index}.positionName`)}
      />
      <TextAreaField
        label={t('candidate.field.position_description')}
        maxLength={4000}
        defaultValue={item.positionDescription}
        error={message(t, errors?.positionDescription?.message)}
        {...register(`jobExperience.${index}.positionDescription`)}
      />
    </>
  );
}

/** Job experience: months from and to, or 'current job' (`to: null`), company, position, duties. */
export function JobsField({ t, locale, control, register, errors, hydrated }: GroupProps & { locale: Locale }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'jobExperience' });
  const headingId = useId();
  return (
    <section className="cf-section card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('candidate.field.job_experience')}</h2>
      {fields.length === 0 && <p className="cf-empty">{t('candidate_form.no_jobs')}</p>}
      {fields.map((item, index) => (
        <fieldset key={item.id} className="cf-group">
          <GroupHeader
            t={t}
            title={t('candidate_form.job_n', { n: index + 1 })}
            removeLabel={t('candidate_form.remove_job', { n: index + 1 })}
            hydrated={hydrated}
            onRemove={() => remove(index)}
          />
          <JobItem t={t} locale={locale} control={control} register={register} errors={errors.jobExperience?.[index]} index={index} item={item} />
        </fieldset>
      ))}
      {listError(t, errors.jobExperience) && <p className="field-error" role="alert">{listError(t, errors.jobExperience)}</p>}
      <button type="button" className="btn btn-secondary cf-add" disabled={!hydrated} onClick={() => append(emptyJob())}>
        {t('candidate_form.add_job')}
      </button>
    </section>
  );
}

/** Education: year, institution, description. */
export function EducationField({ t, control, register, errors, hydrated }: GroupProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'education' });
  const headingId = useId();
  return (
    <section className="cf-section card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('candidate.field.education')}</h2>
      {fields.length === 0 && <p className="cf-empty">{t('candidate_form.no_education')}</p>}
      {fields.map((item, index) => {
        const n = index + 1;
        const itemErrors = errors.education?.[index];
        return (
          <fieldset key={item.id} className="cf-group">
            <GroupHeader t={t} title={t('candidate_form.education_n', { n })} removeLabel={t('candidate_form.remove_education', { n })} hydrated={hydrated} onRemove={() => remove(index)} />
            <div className="cf-year">
              <Field
                label={t('candidate.field.year')}
                required
                type="text"
                inputMode="numeric"
                maxLength={4}
                defaultValue={String(item.year)}
                error={message(t, itemErrors?.year?.message)}
                {...register(`education.${index}.year`)}
              />
            </div>
            <Field
              label={t('candidate.field.institution')}
              required
              type="text"
              maxLength={300}
              defaultValue={item.name}
              error={message(t, itemErrors?.name?.message)}
              {...register(`education.${index}.name`)}
            />
            <TextAreaField
              label={t('candidate.field.description')}
              rows={3}
              maxLength={1000}
              defaultValue={item.description}
              error={message(t, itemErrors?.description?.message)}
              {...register(`education.${index}.description`)}
            />
          </fieldset>
        );
      })}
      {listError(t, errors.education) && <p className="field-error" role="alert">{listError(t, errors.education)}</p>}
      <button type="button" className="btn btn-secondary cf-add" disabled={!hydrated} onClick={() => append(emptyEducation())}>
        {t('candidate_form.add_education')}
      </button>
    </section>
  );
}

/** Languages: the language and its level (CEFR or native). */
export function LanguagesField({ t, control, register, errors, hydrated }: GroupProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'langs' });
  const headingId = useId();
  return (
    <section className="cf-section card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('candidate.field.langs')}</h2>
      {fields.length === 0 && <p className="cf-empty">{t('candidate_form.no_langs')}</p>}
      {fields.map((item, index) => {
        const n = index + 1;
        const itemErrors = errors.langs?.[index];
        // a level stored by other means (an API client) stays choosable instead of being lost
        const extra = item.level && !(LEVELS as readonly string[]).includes(item.level) ? item.level : undefined;
        return (
          <fieldset key={item.id} className="cf-group">
            <GroupHeader t={t} title={t('candidate_form.lang_n', { n })} removeLabel={t('candidate_form.remove_lang', { n })} hydrated={hydrated} onRemove={() => remove(index)} />
            <div className="cf-pair">
              <Field
                label={t('candidate.field.lang')}
                required
                type="text"
                maxLength={60}
                defaultValue={item.lang}
                error={message(t, itemErrors?.lang?.message)}
                {...register(`langs.${index}.lang`)}
              />
              <SelectField label={t('candidate.field.level')} required defaultValue={item.level} error={message(t, itemErrors?.level?.message)} {...register(`langs.${index}.level`)}>
                <option value="">{t('vacancy.choose')}</option>
                {LEVELS.map((code) => (
                  <option key={code} value={code}>
                    {t(`candidate_form.level.${code}`)}
                  </option>
                ))}
                {extra && <option value={extra}>{extra}</option>}
              </SelectField>
            </div>
          </fieldset>
        );
      })}
      {listError(t, errors.langs) && <p className="field-error" role="alert">{listError(t, errors.langs)}</p>}
      <button type="button" className="btn btn-secondary cf-add" disabled={!hydrated} onClick={() => append(emptyLanguage())}>
        {t('candidate_form.add_lang')}
      </button>
    </section>
  );
}

import { useEffect, useId, useState, type ComponentType } from 'react';
import { useController, useForm } from '../shared/form.ts';
import { ApiError, api, errorKey } from '../../lib/client/api.ts';
import type { CandidateDto, CandidateInput, CandidateOutput } from '../../lib/schemas/candidate.ts';
import { lazyResolver } from '../shared/lazy-resolver.ts';
import type { DuplicatesProps } from './Duplicates.tsx';
import { SCHEDULES } from '../../lib/vacancy-values.ts';
import { resumeUrl, uploadUrl } from '../../lib/schemas/upload.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { Field, RequiredNote } from '../shared/Field.tsx';
import { AlertModal, MessageModal } from '../shared/modals.tsx';
import { applyServerError } from '../shared/forms.ts';
import { CityInput } from '../shared/CityInput.tsx';
import { TagInput } from '../shared/TagInput.tsx';
import { FileField } from '../shared/FileField.tsx';
import { useObjectUrl } from '../shared/useObjectUrl.ts';
import { DateField } from '../shared/DateField.tsx';
import { EducationField, JobsField, LanguagesField } from './Groups.tsx';
import { RESUME_ACCEPT, defaultsOf, type EditableCandidate, type Education, type Job, type Language, isResumeName, knownErrorPaths, namesFromFileName } from './values.ts';
import './candidate-form.css';

const resolver = lazyResolver<CandidateInput, CandidateOutput>(() => import('../../lib/schemas/candidate.ts').then((m) => m.CandidateSchema));

interface Props extends IslandProps {
  /** The candidate being edited; none for a new one. */
  candidate?: EditableCandidate;
  /** A new candidate also goes onto this published vacancy. */
  vacancy?: { id: string; name: string };
  /** Where saving (or cancelling) leads, without the locale prefix. */
  done: string;
}

type Names = { name: string; surname: string };

/** What candidates/parse-resume answers (server/resume-import.ts ParseAnswer). */
interface Parsed {
  draft: { name: string; original: string };
  fields: Partial<Record<SimpleField, string>> & {
    salaryCurrency?: string;
    city?: { id: number; name: string };
    jobExperience?: Job[];
    education?: Education[];
    langs?: Language[];
  };
  unreadable?: string;
}
type SimpleField = 'name' | 'surname' | 'email' | 'phone' | 'positionName' | 'salary' | 'salaryTo';
const SIMPLE: SimpleField[] = ['name', 'surname', 'email', 'phone', 'positionName', 'salary', 'salaryTo'];
/** The fields a résumé fills, by the `candidate.field.*` key of their label. */
const LABEL = { name: 'name', surname: 'surname', email: 'email', phone: 'phone', positionName: 'position_name', salary: 'salary_from', salaryTo: 'salary_to', cityId: 'city', jobExperience: 'job_experience', education: 'education', langs: 'langs' };


/**
 * The candidate form (issue 5; DECISIONS.md "Candidate funnel"): every field of the Candidate
 * entity, job experience, education and languages as repeatable groups, a photo and a resume.
 * The candidate is saved first (POST or PUT), then the files go to `candidates/photo` and
 * `candidates/resume`, which need the candidate's id. A new candidate can start from a resume
 * file (docs/decisions/0023): the server reads it and proposes the fields, which fill the empty
 * ones, each marked for checking; the stored file (a draft) is attached on save. Should the
 * server not answer, the name and surname are guessed from the file's name.
 */
function CandidateForm(props: Props) {
  const { t, href } = useT(props);
  const hydrated = useHydrated();
  const { candidate, vacancy, done } = props;
  // ids for the section headings and the schedule error
  const uid = useId();
  // once created, a failed upload must not create the candidate twice: later saves update it
  const [createdId, setCreatedId] = useState<string>();
  const id = candidate?.id ?? createdId;
  const [initial] = useState(() => defaultsOf(candidate));
  const [cityName, setCityName] = useState(candidate?.city?.name ?? '');
  const [photo, setPhoto] = useState<File>();
  const [photoUrl, setPhotoUrl] = useState<string | null>(candidate?.image ? uploadUrl(candidate.image) : null);
  const preview = useObjectUrl(photo);
  const [resume, setResume] = useState<File>();
  const [storedResume, setStoredResume] = useState(candidate?.resume ? { url: resumeUrl(candidate.id), name: candidate.resumeName ?? t('candidate.field.resume') } : undefined);
  const [prefilled, setPrefilled] = useState<Names>();
  // the résumé the server stored while reading it: attached by name on save, not sent again
  const [draft, setDraft] = useState<Parsed['draft']>();
  const [reading, setReading] = useState(false);
  const [fromResume, setFromResume] = useState<{ filled: (keyof typeof LABEL)[]; values: Partial<Record<SimpleField, string>>; currency?: string; unreadable?: string }>();
  const [fileErrors, setFileErrors] = useState<{ photo?: string; resume?: string; start?: string }>({});
  const [uploadFailed, setUploadFailed] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [saved, setSaved] = useState(false);

  const { register, handleSubmit, setError, setValue, getValues, watch, control, formState } = useForm<CandidateInput, unknown, CandidateOutput>({
    resolver,
    defaultValues: initial,
  });
  const { errors, isSubmitting, isSubmitted } = formState;
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  const field = (name: SimpleField) => ({
    ...register(name),
    defaultValue: (initial[name] ?? '') as string,
    hint: fromResume?.filled.includes(name)
      ? (name === 'salary' || name === 'salaryTo') && fromResume.currency && fromResume.currency !== 'RUB'
        ? t('candidate_form.from_resume.check_currency', { currency: fromResume.currency })
        : t('candidate_form.from_resume.check')
      : undefined,
  });
  // registered in the order they show: react-hook-form focuses the first invalid field in this order
  const nameInput = field('name');
  const surnameInput = field('surname');
  const { field: dob } = useController({ control, name: 'dob' });
  const { field: city } = useController({ control, name: 'cityId' });
  const emailInput = field('email');
  const phoneInput = field('phone');
  const positionInput = field('positionName');
  const salaryInput = field('salary');
  const salaryToInput = field('salaryTo');
  const { field: schedule } = useController({ control, name: 'schedule' });
  const { field: skills } = useController({ control, name: 'skills' });
  const chosen = schedule.value ?? [];

  // the duplicate warning (docs/decisions/0029) loads after the form, off its first load; a
  // warning that fails to load is no reason to stop anyone saving
  const [Duplicates, setDuplicates] = useState<ComponentType<DuplicatesProps>>();
  useEffect(() => {
    import('./Duplicates.tsx').then((m) => setDuplicates(() => m.default), () => {});
  }, []);

  const guessNames = (file: File) => {
    const guess = namesFromFileName(file.name);
    if (!guess) return setPrefilled(undefined);
    // only empty names, or the ones guessed from an earlier file: never what the recruiter typed
    const filled: Partial<Names> = {};
    for (const key of ['name', 'surname'] as const) {
      const current = getValues(key).trim();
      if (!current || current === prefilled?.[key]) {
        setValue(key, guess[key], { shouldDirty: true, shouldValidate: isSubmitted });
        filled[key] = guess[key];
      }
    }
    setPrefilled(filled.name || filled.surname ? guess : undefined);
  };

  /** Fills what the résumé proposes into fields that are empty, or still hold an earlier résumé's value. */
  const fill = (answer: Parsed, file: File) => {
    const { fields } = answer;
    // no name in the text (a scan, an old .doc): perhaps the file's name has it
    if (!fields.name && !fields.surname) guessNames(file);
    const filled: (keyof typeof LABEL)[] = [];
    const values: Partial<Record<SimpleField, string>> = {};
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    for (const key of SIMPLE) {
      const value = fields[key];
      const current = String(getValues(key) ?? '').trim();
      if (value && (!current || current === fromResume?.values[key])) {
        setValue(key, value, options);
        filled.push(key);
        values[key] = value;
      }
    }
    if (fields.city && (getValues('cityId') === '' || getValues('cityId') == null)) {
      setCityName(fields.city.name);
      setValue('cityId', fields.city.id, options);
      filled.push('cityId');
    }
    for (const key of ['jobExperience', 'education', 'langs'] as const) {
      const list = fields[key];
      if (list?.length && !(getValues(key) ?? []).length) {
        setValue(key, list, options);
        filled.push(key);
      }
    }
    setFromResume({ filled, values, currency: fields.salaryCurrency, unreadable: answer.unreadable });
  };

  const pickResume = async (file: File, fromStart: boolean) => {
    setResume(file);
    setDraft(undefined);
    setFileErrors((e) => ({ ...e, resume: undefined }));
    if (!fromStart) return;
    setPrefilled(undefined);
    setFromResume(undefined);
    setReading(true);
    try {
      const body = new FormData();
      body.append('file', file);
      body.append('lang', props.locale);
      const answer = await api<Parsed>('candidates/parse-resume', { method: 'POST', body });
      setDraft(answer.draft);
      fill(answer, file);
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('[parse] resume', error);
      // a refused file is said at once; otherwise the file is still attached on save
      if (error instanceof ApiError && (error.status === 413 || error.status === 415 || error.status === 400)) {
        setResume(undefined);
        setFileErrors((e) => ({ ...e, start: errorKey(error) }));
      } else guessNames(file);
    } finally {
      setReading(false);
    }
  };

  const checkResume = (file: File) => (isResumeName(file.name) ? undefined : 'error.upload.not_a_resume');

  /** Uploads the chosen files; answers the first failure's key. */
  const upload = async (candidateId: string): Promise<string | undefined> => {
    let failed: string | undefined;
    const send = async (path: string, file: File) => {
      const body = new FormData();
      body.append('candidateId', candidateId);
      body.append('file', file);
      return api<{ image?: string; resume?: string; resumeName?: string }>(path, { method: 'POST', body });
    };
    const sendDraft = (name: string) => {
      const body = new FormData();
      body.append('candidateId', candidateId);
      body.append('draft', name);
      return api<{ resume?: string; resumeName?: string }>('candidates/resume', { method: 'POST', body });
    };
    if (photo) {
      try {
        const { image } = await send('candidates/photo', photo);
        setPhotoUrl(image ? uploadUrl(image) : null);
        setPhoto(undefined);
      } catch (error) {
        if (!(error instanceof ApiError)) console.error('[upload] photo', error);
        failed ??= errorKey(error);
        setFileErrors((e) => ({ ...e, photo: errorKey(error) }));
      }
    }
    if (resume) {
      try {
        const answer = draft ? await sendDraft(draft.name) : await send('candidates/resume', resume);
        setStoredResume({ url: resumeUrl(candidateId), name: answer.resumeName ?? resume.name });
        setResume(undefined);
        setDraft(undefined);
      } catch (error) {
        if (!(error instanceof ApiError)) console.error('[upload] resume', error);
        failed ??= errorKey(error);
        setFileErrors((e) => ({ ...e, resume: errorKey(error) }));
      }
    }
    return failed;
  };

  const onSubmit = async (values: CandidateOutput) => {
    setFormError(undefined);
    setFileErrors({});
    let candidateId = id;
    try {
      if (candidateId) await api<CandidateDto>(`candidates/${candidateId}`, { method: 'PUT', body: values });
      else {
        const created = await api<CandidateDto>('candidates', { method: 'POST', body: { ...values, vacancyId: vacancy?.id } });
        candidateId = created.id;
        setCreatedId(created.id);
      }
    } catch (error) {
      const fields = error instanceof ApiError ? knownErrorPaths(error.body.errors) : [];
      setFormError(applyServerError(error, setError, fields));
      return;
    }
    const failed = await upload(candidateId);
    if (failed) setUploadFailed(failed);
    else setSaved(true);
  };

  const shownPhoto = preview ?? photoUrl;
  const initials = `${initial.name.charAt(0)}${initial.surname.charAt(0)}`.toUpperCase();

  return (
    <>
      {!candidate && (
        <section className="cf-section cf-start card" aria-labelledby={`${uid}-start`}>
          <h2 id={`${uid}-start`}>{t('candidate_form.from_resume.title')}</h2>
          <p className="cf-lead">{t('candidate_form.from_resume.text')}</p>
          <FileField
            t={t}
            disabled={!hydrated}
            label={t('candidate_form.from_resume.label')}
            buttonLabel={t('candidate_form.choose_resume')}
            accept={RESUME_ACCEPT}
            hint={t('candidate_form.resume_hint')}
            tooLargeKey="error.upload.resume_too_large"
            check={checkResume}
            error={message(fileErrors.start)}
            onPick={(file) => {
              setFileErrors((e) => ({ ...e, start: undefined }));
              void pickResume(file, true);
            }}
          >
            {resume && <span className="file-name">{resume.name}</span>}
          </FileField>
          <div role="status">
            {reading && <p className="form-note">{t('candidate_form.from_resume.reading')}</p>}
            {!reading && fromResume && resume && (
              <p className="form-note cf-prefilled">
                {fromResume.unreadable
                  ? t(fromResume.unreadable === 'busy' ? 'candidate_form.from_resume.busy' : 'candidate_form.from_resume.unreadable')
                  : fromResume.filled.length > 0
                    ? t('candidate_form.from_resume.parsed', { fields: fromResume.filled.map((key) => t(`candidate.field.${LABEL[key]}`)).join(', ') })
                    : t('candidate_form.from_resume.nothing')}
              </p>
            )}
            {!reading && prefilled && resume && (
              <p className="form-note cf-prefilled">{t('candidate_form.from_resume.filled', { name: prefilled.name, surname: prefilled.surname })}</p>
            )}
          </div>
        </section>
      )}

      <form className="candidate-form" onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate>
        {formError && (
          <p className="form-error" role="alert">
            {t(formError)}
          </p>
        )}

        <section className="cf-section card" aria-labelledby={`${uid}-main`}>
          <h2 id={`${uid}-main`}>{t('candidate_form.section.main')}</h2>
          <RequiredNote>{t('candidate_form.required_note')}</RequiredNote>
          <div className="cf-grid">
            <Field label={t('candidate.field.name')} required type="text" maxLength={100} autoComplete="off" error={message(errors.name?.message)} {...nameInput} />
            <Field label={t('candidate.field.surname')} required type="text" maxLength={100} autoComplete="off" error={message(errors.surname?.message)} {...surnameInput} />
            <DateField
              t={t}
              locale={props.locale}
              mode="date"
              label={t('candidate.field.dob')}
              ref={dob.ref}
              value={dob.value}
              onChange={(value) => dob.onChange(value || null)}
              onBlur={dob.onBlur}
              error={message(errors.dob?.message)}
            />
            <CityInput
              t={t}
              locale={props.locale}
              ref={city.ref}
              value={{ id: city.value !== '' && city.value != null ? Number(city.value) : undefined, name: cityName }}
              onChange={(next) => {
                setCityName(next.name);
                city.onChange(next.id ?? '');
              }}
              onBlur={city.onBlur}
              error={message(errors.cityId?.message)}
            />
            <Field label={t('candidate.field.email')} type="email" maxLength={254} autoComplete="off" error={message(errors.email?.message)} {...emailInput} />
            <Field label={t('candidate.field.phone')} type="tel" maxLength={40} autoComplete="off" error={message(errors.phone?.message)} {...phoneInput} />
            {Duplicates && <Duplicates {...props} id={id} watch={watch} dob={dob.value} />}
            <div className="cf-wide">
              <Field label={t('candidate.field.position_name')} type="text" maxLength={200} error={message(errors.positionName?.message)} {...positionInput} />
            </div>
            <Field label={t('candidate.field.salary_from')} type="text" inputMode="numeric" error={message(errors.salary?.message)} {...salaryInput} />
            <Field label={t('candidate.field.salary_to')} type="text" inputMode="numeric" error={message(errors.salaryTo?.message)} {...salaryToInput} />
            <fieldset className="field cf-wide" aria-describedby={errors.schedule ? `${uid}-error` : undefined}>
              <legend className="label">{t('candidate.field.schedule')}</legend>
              <div className="cf-chips">
                {SCHEDULES.map((n, index) => (
                  <label key={n} className={`cf-chip${chosen.includes(n) ? ' cf-chip-on' : ''}`}>
                    <input
                      ref={index === 0 ? schedule.ref : undefined}
                      type="checkbox"
                      checked={chosen.includes(n)}
                      // kept in the order of the list, whatever order they were ticked in
                      onChange={(e) => schedule.onChange(e.target.checked ? SCHEDULES.filter((s) => s === n || chosen.includes(s)) : chosen.filter((s) => s !== n))}
                    />
                    <span>{t(`vacancy.schedule.${n}`)}</span>
                  </label>
                ))}
              </div>
              {errors.schedule && (
                <p id={`${uid}-error`} className="field-error" role="alert">
                  {t(errors.schedule.message ?? 'validation.invalid')}
                </p>
              )}
            </fieldset>
            <div className="cf-wide">
              <TagInput
                label={t('candidate.field.skills')}
                hint={t('candidate_form.skills_hint')}
                removeLabel={(skill) => t('candidate_form.remove_skill', { skill })}
                listLabel={t('candidate.field.skills')}
                ref={skills.ref}
                value={skills.value ?? []}
                onChange={skills.onChange}
                onBlur={skills.onBlur}
                error={message(errors.skills?.message ?? (Array.isArray(errors.skills) ? errors.skills.find(Boolean)?.message : undefined))}
              />
            </div>
          </div>
        </section>

        <JobsField t={t} locale={props.locale} control={control} register={register} errors={errors} hydrated={hydrated} />
        <EducationField t={t} control={control} register={register} errors={errors} hydrated={hydrated} />
        <LanguagesField t={t} control={control} register={register} errors={errors} hydrated={hydrated} />

        <section className="cf-section card" aria-labelledby={`${uid}-files`}>
          <h2 id={`${uid}-files`}>{t('candidate_form.section.files')}</h2>
          <div className="cf-files">
            <div className="cf-photo">
              {shownPhoto ? (
                <img className="cf-avatar" src={shownPhoto} alt="" width="96" height="96" />
              ) : (
                <span className="cf-avatar cf-avatar-empty" aria-hidden="true">
                  {initials || (
                    <svg width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
                      <circle cx="12" cy="8" r="4" />
                      <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
                    </svg>
                  )}
                </span>
              )}
              <FileField
                t={t}
                disabled={!hydrated}
                label={t('candidate.field.photo')}
                buttonLabel={t(shownPhoto ? 'upload.change_photo' : 'upload.choose_photo')}
                accept="image/*"
                hint={t('candidate_form.photo_hint')}
                error={message(fileErrors.photo)}
                tooLargeKey="error.upload.image_too_large"
                onPick={(file) => {
                  setPhoto(file);
                  setFileErrors((e) => ({ ...e, photo: undefined }));
                }}
              >
                {photo && (
                  <span className="file-name">
                    {photo.name}
                    <button type="button" className="tag-remove" aria-label={t('candidate_form.remove_file', { name: photo.name })} onClick={() => setPhoto(undefined)}>
                      ×
                    </button>
                  </span>
                )}
              </FileField>
            </div>
            <FileField
              t={t}
              disabled={!hydrated}
              label={t('candidate.field.resume')}
              buttonLabel={t('candidate_form.choose_resume')}
              accept={RESUME_ACCEPT}
              hint={t('candidate_form.resume_hint')}
              error={message(fileErrors.resume)}
              tooLargeKey="error.upload.resume_too_large"
              check={checkResume}
              onPick={(file) => void pickResume(file, false)}
            >
              {resume ? (
                <span className="file-name">
                  {t('candidate_form.resume_chosen', { name: resume.name })}
                  <button type="button" className="tag-remove" aria-label={t('candidate_form.remove_file', { name: resume.name })} onClick={() => {
                      setResume(undefined);
                      setDraft(undefined);
                    }}>
                    ×
                  </button>
                </span>
              ) : (
                storedResume && (
                  <a className="file-name" href={storedResume.url} download>
                    {storedResume.name}
                  </a>
                )
              )}
            </FileField>
          </div>
        </section>

        <div className="cf-actions">
          <a className="btn btn-secondary" href={href(done)}>
            {t('candidate_form.cancel')}
          </a>
          <button type="submit" className="btn" disabled={!hydrated || isSubmitting}>
            {t(id ? 'candidate_form.save' : 'candidate_form.create')}
          </button>
        </div>
      </form>

      {uploadFailed && (
        <MessageModal
          title={t('candidate_form.upload_failed_title')}
          text={
            <>
              {t(uploadFailed)}
              <br />
              {t('candidate_form.upload_failed_text')}
            </>
          }
          closeLabel={t('app.close')}
          onClose={() => setUploadFailed(undefined)}
        />
      )}
      {saved && (
        <AlertModal
          tone="success"
          title={t(candidate ? 'candidate_form.saved' : 'candidate_form.created')}
          text={vacancy && !candidate ? t('candidate_form.added_to_vacancy', { name: vacancy.name }) : undefined}
          confirmLabel={t('candidate_form.continue')}
          // a new candidate of the database (on no vacancy) opens on their own profile
          onConfirm={() => window.location.assign(href(!candidate && !vacancy && id ? `/candidates/${id}/-` : done))}
        />
      )}
    </>
  );
}

export default island(CandidateForm);

import { useId, useState } from 'react';
import { useForm } from '../shared/form.ts';
import type { ProfileInput } from '../../lib/schemas/user.ts';
import { lazyResolver } from '../shared/lazy-resolver.ts';
import { api } from '../../lib/client/api.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated, useTypedBeforeHydration } from '../shared/hydrated.ts';
import { Field } from '../shared/Field.tsx';
import { Modal } from '../shared/Modal.tsx';
import { PhotoInput, uploadPhoto } from '../shared/PhotoInput.tsx';
import { applyServerError } from '../shared/forms.ts';

const schemas = () => import('../../lib/schemas/user.ts');
const profileResolver = lazyResolver<ProfileInput, ProfileInput>(() => schemas().then((m) => m.ProfileSchema));
const companyResolver = lazyResolver<ProfileInput, ProfileInput>(() => schemas().then((m) => m.CompanyProfileSchema));

interface Props extends IslandProps {
  isCompany: boolean;
  /** Where 'Continue' leads: the new user's home. */
  home: string;
  initial: { name: string; surname: string; companyName: string };
}

function ProfileStepForm(props: Props) {
  const hydrated = useHydrated();
  const { t, href } = useT(props);
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState(false);
  const [photo, setPhoto] = useState<File>();
  const formId = useId();
  const typed = useTypedBeforeHydration(formId, props.initial);
  const { register, handleSubmit, setError, formState } = useForm<ProfileInput>({
    // a company's name is checked with the others: every missing field shows at once
    resolver: props.isCompany ? companyResolver : profileResolver,
    defaultValues: typed,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      if (photo) await uploadPhoto(photo);
      await api('users/profile', { method: 'PUT', body: { ...values, settings: { lang: props.locale } } });
      setDone(true);
    } catch (error) {
      setFormError(applyServerError(error, setError, ['name', 'surname', 'companyName']));
    }
  });
  const proceed = () => window.location.assign(href(props.home));

  return (
    <>
      <form id={formId} onSubmit={onSubmit} noValidate>
        {formError && <p className="form-error" role="alert">{t(formError)}</p>}
        <Field label={t('auth.name')} autoComplete="given-name" error={errors.name?.message && t(errors.name.message)} {...register('name')} />
        <Field label={t('auth.surname')} autoComplete="family-name" error={errors.surname?.message && t(errors.surname.message)} {...register('surname')} />
        {props.isCompany && (
          <Field label={t('auth.company_name')} autoComplete="organization" error={errors.companyName?.message && t(errors.companyName.message)} {...register('companyName')} />
        )}
        <PhotoInput t={t} onChange={setPhoto} disabled={!hydrated} />
        <button className="btn btn-block" type="submit" disabled={!hydrated || isSubmitting}>
          {t('auth.done')}
        </button>
      </form>
      {done && (
        <Modal
          kind="alert"
          tone="success"
          title={t('auth.registration_success')}
          onClose={proceed}
          actions={
            <button type="button" className="btn" onClick={proceed}>
              {t('auth.continue')}
            </button>
          }
        />
      )}
    </>
  );
}

export default island(ProfileStepForm);

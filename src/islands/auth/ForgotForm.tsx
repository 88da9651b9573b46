import { useId, useState } from 'react';
import { useForm } from '../shared/form.ts';
import { lazyResolver } from '../shared/lazy-resolver.ts';
import { api } from '../../lib/client/api.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated, useTypedBeforeHydration } from '../shared/hydrated.ts';
import { Field } from '../shared/Field.tsx';
import { applyServerError } from '../shared/forms.ts';

interface ForgotInput {
  email: string;
}

const resolver = lazyResolver<ForgotInput, ForgotInput>(() => import('../../lib/schemas/auth.ts').then((m) => m.ForgotPasswordSchema));


/** "Forgot password": the address, then the same "on its way" whether it has an account or not. */
function ForgotForm(props: IslandProps) {
  const hydrated = useHydrated();
  const { t } = useT(props);
  const formId = useId();
  const [formError, setFormError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const typed = useTypedBeforeHydration(formId, { email: '' });
  const { register, handleSubmit, setError, formState } = useForm<ForgotInput>({ resolver, defaultValues: typed });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await api('auth/password/forgot', { method: 'POST', body: { email: values.email, settings: { lang: props.locale } } });
      setSentTo(values.email);
    } catch (error) {
      setFormError(applyServerError(error, setError, ['email']));
    }
  });

  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      {formError && <p className="form-error" role="alert">{t(formError)}</p>}
      {sentTo ? (
        <p className="form-note" role="status">{t('auth.forgot_sent', { email: sentTo })}</p>
      ) : (
        <p>{t('auth.forgot_text')}</p>
      )}
      <Field label={t('auth.email')} type="email" autoComplete="email" error={errors.email?.message && t(errors.email.message)} {...register('email')} />
      <button className="btn btn-block" type="submit" disabled={!hydrated || isSubmitting}>
        {t(sentTo ? 'auth.forgot_again' : 'auth.forgot_submit')}
      </button>
    </form>
  );
}

export default island(ForgotForm);

import { useId, useState } from 'react';
import { useForm } from '../shared/form.ts';
import type { ResetPasswordInput } from '../../lib/schemas/auth.ts';
import { lazyResolver } from '../shared/lazy-resolver.ts';
import { api } from '../../lib/client/api.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { Field } from '../shared/Field.tsx';
import { applyServerError } from '../shared/forms.ts';

const resolver = lazyResolver<ResetPasswordInput, ResetPasswordInput>(() => import('../../lib/schemas/auth.ts').then((m) => m.ResetPasswordSchema));

interface Props extends IslandProps {
  /** The address and token of the mailed link. */
  email: string;
  token: string;
}

/** The mailed link's page: a new password, then a way to log in with it. */
function ResetForm(props: Props) {
  const hydrated = useHydrated();
  const { t, href } = useT(props);
  const formId = useId();
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordInput>({
    resolver,
    defaultValues: { email: props.email, token: props.token, password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await api('auth/password/reset', { method: 'POST', body: values });
      setDone(true);
    } catch (error) {
      setFormError(applyServerError(error, setError, ['password']));
    }
  });

  if (done) {
    return (
      <>
        <p className="form-note" role="status">{t('auth.reset_done')}</p>
        <a className="btn btn-block" href={href('/auth/login')}>{t('auth.to_login')}</a>
      </>
    );
  }
  // a link that no longer works is said above the form, with the way to a new one
  const linkGone = formError === 'error.user.reset_link_invalid' || errors.token?.message;
  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      {linkGone ? (
        <p className="form-error" role="alert">
          {t('error.user.reset_link_invalid')} <a href={href('/auth/forgot')}>{t('auth.forgot_again')}</a>
        </p>
      ) : (
        formError && <p className="form-error" role="alert">{t(formError)}</p>
      )}
      <p>{t('auth.reset_for', { email: props.email })}</p>
      <Field
        label={t('auth.reset_password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.password_hint')}
        error={errors.password?.message && t(errors.password.message)}
        {...register('password')}
      />
      <button className="btn btn-block" type="submit" disabled={!hydrated || isSubmitting}>
        {t('auth.reset_submit')}
      </button>
    </form>
  );
}

export default island(ResetForm);

import { useId, useState } from 'react';
import { useForm } from '../shared/form.ts';
import type { LoginInput, LoginOutput } from '../../lib/schemas/auth.ts';
import { lazyResolver } from '../shared/lazy-resolver.ts';
import { api } from '../../lib/client/api.ts';
import { setToken } from '../../lib/stores/auth.ts';
import { localizedPath, type Locale } from '../../lib/i18n/index.ts';
import type { UserDto } from '../../lib/schemas/user.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated, useTypedBeforeHydration } from '../shared/hydrated.ts';
import { homeOf } from '../../lib/routes.ts';
import { Field } from '../shared/Field.tsx';
import { applyServerError } from '../shared/forms.ts';

const resolver = lazyResolver<LoginInput, LoginOutput>(() => import('../../lib/schemas/auth.ts').then((m) => m.LoginSchema));

interface Props extends IslandProps {
  /** Where the guard stopped the visitor, followed after login. */
  from?: string;
}

function LoginForm(props: Props) {
  const hydrated = useHydrated();
  const { t, href } = useT(props);
  const formId = useId();
  const [formError, setFormError] = useState<string>();
  // what was typed before the island took over is kept
  const typed = useTypedBeforeHydration(formId, { email: '', password: '', remember: true });
  const { register, handleSubmit, setError, formState } = useForm<LoginInput, unknown, LoginOutput>({
    resolver,
    defaultValues: typed,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    let grant: { accessToken: string; tokenExpires: number };
    try {
      grant = await api('auth/email/login', { method: 'POST', body: values });
    } catch (error) {
      setFormError(applyServerError(error, setError, ['email', 'password']));
      return;
    }
    setToken(grant.accessToken, grant.tokenExpires);
    try {
      const user = await api<UserDto>('users/profile');
      window.location.assign(localizedPath(props.from ?? homeOf(user.role), user.settings.lang as Locale));
    } catch (error) {
      console.error('[auth] profile fetch after login failed', error);
      window.location.assign(href('/error'));
    }
  });

  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      {formError && <p className="form-error" role="alert">{t(formError)}</p>}
      <Field label={t('auth.email')} type="email" autoComplete="email" error={errors.email?.message && t(errors.email.message)} {...register('email')} />
      <Field label={t('auth.password')} type="password" autoComplete="current-password" error={errors.password?.message && t(errors.password.message)} {...register('password')} />
      <div className="login-row">
        <label className="check">
          <input type="checkbox" defaultChecked={typed.remember} {...register('remember')} /> {t('auth.remember')}
        </label>
        <a href={href('/auth/forgot')}>{t('auth.forgot_link')}</a>
      </div>
      <button className="btn btn-block" type="submit" disabled={!hydrated || isSubmitting}>
        {t('auth.login_submit')}
      </button>
    </form>
  );
}

export default island(LoginForm);

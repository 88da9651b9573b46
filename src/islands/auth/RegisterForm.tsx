import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterSchema, SELF_ROLES, type RegisterInput, type RegisterOutput } from '../../lib/schemas/auth.ts';
import { api } from '../../lib/client/api.ts';
import { setToken } from '../../lib/stores/auth.ts';
import { localizedPath } from '../../lib/i18n/index.ts';
import type { UserDto } from '../../lib/schemas/user.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated } from '../shared/hydrated.ts';
import { Field } from '../shared/Field.tsx';
import { applyServerError } from '../shared/forms.ts';

interface Props extends IslandProps {
  /** From an invite link: the invited address. */
  email?: string;
}

function RegisterForm(props: Props) {
  const hydrated = useHydrated();
  const { t, href } = useT(props);
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState, watch } = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { email: props.email ?? '', password: '', role: 'company', settings: { lang: props.locale } },
  });
  const { errors, isSubmitting } = formState;
  const role = watch('role');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const grant = await api<{ accessToken: string; tokenExpires: number }>('auth/email/register', {
        method: 'POST',
        body: { ...values, settings: { lang: props.locale } },
      });
      setToken(grant.accessToken, grant.tokenExpires);
    } catch (error) {
      setFormError(applyServerError(error, setError, ['email', 'password', 'role']));
      return;
    }
    try {
      const user = await api<UserDto | null>('users/profile');
      window.location.assign(user ? localizedPath('/auth/register/verify', user.settings.lang) : href('/error'));
    } catch {
      window.location.assign(href('/error'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      {formError && <p className="form-error" role="alert">{t(formError)}</p>}
      <fieldset className="roles">
        <legend className="label">{t('auth.role_label')}</legend>
        {SELF_ROLES.map((name) => (
          <label key={name} className={`role-card${role === name ? ' selected' : ''}`}>
            <input type="radio" value={name} {...register('role')} />
            <span className="role-name">{t(`auth.role.${name}`)}</span>
            <span className="role-description">{t(`auth.role.${name}_description`)}</span>
          </label>
        ))}
        {errors.role?.message && <p className="field-error" role="alert">{t(errors.role.message)}</p>}
      </fieldset>
      <Field label={t('auth.email')} type="email" autoComplete="email" error={errors.email?.message && t(errors.email.message)} {...register('email')} />
      <Field
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.password_hint')}
        error={errors.password?.message && t(errors.password.message)}
        {...register('password')}
      />
      <button className="btn btn-block" type="submit" disabled={!hydrated || isSubmitting}>
        {t('auth.register_submit')}
      </button>
    </form>
  );
}

export default island(RegisterForm);

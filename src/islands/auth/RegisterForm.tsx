import { useId, useState } from 'react';
import { useForm } from '../shared/form.ts';
import type { RegisterInput, RegisterOutput } from '../../lib/schemas/auth.ts';
import { SELF_ROLES } from '../../lib/roles.ts';
import { lazyResolver } from '../shared/lazy-resolver.ts';
import { api } from '../../lib/client/api.ts';
import { setToken } from '../../lib/stores/auth.ts';
import { localizedPath } from '../../lib/i18n/index.ts';
import type { UserDto } from '../../lib/schemas/user.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated, useTypedBeforeHydration } from '../shared/hydrated.ts';
import { Field } from '../shared/Field.tsx';
import { applyServerError } from '../shared/forms.ts';
import './register-form.css';

const resolver = lazyResolver<RegisterInput, RegisterOutput>(() => import('../../lib/schemas/auth.ts').then((m) => m.RegisterSchema));

interface Props extends IslandProps {
  /** From an invite link: the invited address. */
  email?: string;
  /** The invite the link names: its role and company replace the role choice. */
  invite?: { email: string; role: 'recruiter' | 'customer'; company: string | null; inviter: string };
  /** The link's token: sent with the registration, it joins exactly that invite. */
  inviteToken?: string;
}

function RegisterForm(props: Props) {
  const hydrated = useHydrated();
  const { t, href } = useT(props);
  const formId = useId();
  const [formError, setFormError] = useState<string>();
  const { invite } = props;
  // a role picked or an address typed before the island took over is kept
  const typed = useTypedBeforeHydration(formId, { email: invite?.email ?? props.email ?? '', password: '', role: invite?.role ?? 'company' });
  const { register, handleSubmit, setError, formState, watch } = useForm<RegisterInput, unknown, RegisterOutput>({
    resolver,
    defaultValues: { ...typed, role: invite?.role ?? (typed.role as RegisterInput['role']), settings: { lang: props.locale } },
  });
  const { errors, isSubmitting } = formState;
  const role = watch('role');

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const grant = await api<{ accessToken: string; tokenExpires: number }>('auth/email/register', {
        method: 'POST',
        body: {
          ...values,
          ...(invite && props.inviteToken ? { invite: props.inviteToken } : {}),
          // the browser's zone (docs/decisions/0018), read here rather than through lib/time-zone.ts, whose
          // shared chunk cost this page 0.7 KB gzip; the server keeps its default for a name it does not know
          settings: { lang: props.locale, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        },
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
    <form id={formId} onSubmit={onSubmit} noValidate>
      {formError && <p className="form-error" role="alert">{t(formError)}</p>}
      {invite ? (
        <div className="invite-offer" role="note">
          <p>
            {invite.company
              ? t('auth.invited_to', { inviter: invite.inviter, company: invite.company, role: t(`auth.role.${invite.role}`) })
              : t('auth.invited_as', { inviter: invite.inviter, role: t(`auth.role.${invite.role}`) })}
          </p>
          <input type="hidden" value={invite.role} {...register('role')} />
          <p className="role-card selected">
            <span className="role-name">{t(`auth.role.${invite.role}`)}</span>
            <span className="role-description">{t(`auth.role.${invite.role}_description`)}</span>
          </p>
        </div>
      ) : (
        <fieldset className="roles">
          <legend className="label">{t('auth.role_label')}</legend>
          {SELF_ROLES.map((name) => (
            <label key={name} className={`role-card${role === name ? ' selected' : ''}`}>
              <input type="radio" value={name} defaultChecked={typed.role === name} {...register('role')} />
              <span className="role-name">{t(`auth.role.${name}`)}</span>
              <span className="role-description">{t(`auth.role.${name}_description`)}</span>
            </label>
          ))}
          {errors.role?.message && <p className="field-error" role="alert">{t(errors.role.message)}</p>}
        </fieldset>
      )}
      <Field
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        defaultValue={invite?.email ?? typed.email}
        // the invite is for this address: another one would not join it
        readOnly={Boolean(invite)}
        error={errors.email?.message && t(errors.email.message)}
        {...register('email')}
      />
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

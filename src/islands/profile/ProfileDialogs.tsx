/**
 * The profile's dialogs, loaded when the browser is idle after the page came up or when one is
 * opened, whichever is first: the card itself works without react-hook-form and zod (issue 12).
 */
import { useState } from 'react';
import { useForm } from '../shared/form.ts';
import { zodResolver } from '../shared/zod-resolver.ts';
import * as z from 'zod/mini';
import { ApiError, api, errorKey } from '../../lib/client/api.ts';
import { patchUser, setUser } from '../../lib/stores/user.ts';
import { LOCALES, type Locale } from '../../lib/i18n/index.ts';
import { CodeSchema, EmailSchema } from '../../lib/schemas/common.ts';
import { PasswordChangeSchema, ProfileSchema, type EmailChangeInput, type PasswordChangeInput, type ProfileInput, type UserDto } from '../../lib/schemas/user.ts';
import { Field, SelectField } from '../shared/Field.tsx';
import { AlertModal, FormModal } from '../shared/modals.tsx';
import { applyServerError } from '../shared/forms.ts';
import { PhotoInput, uploadPhoto } from '../shared/PhotoInput.tsx';
import type { T } from '../../lib/i18n/index.ts';
import { canonicalZone, zoneLabel, zoneOffset } from '../../lib/time-zone.ts';

function FormError({ t, error }: { t: T; error?: string }) {
  return error ? <p className="form-error" role="alert">{t(error)}</p> : null;
}

function Actions({ t, busy, onCancel, submitLabel }: { t: T; busy: boolean; onCancel: () => void; submitLabel?: string }) {
  return (
    <div className="modal-actions">
      <button type="button" className="btn btn-secondary" onClick={onCancel}>{t('profile.cancel')}</button>
      <button type="submit" className="btn" disabled={busy}>{submitLabel ?? t('profile.save')}</button>
    </div>
  );
}

export function InfoDialog({ t, user, onClose, onDone }: { t: T; user: UserDto; onClose: () => void; onDone: (lang: Locale) => void }) {
  const [formError, setFormError] = useState<string>();
  const [file, setFile] = useState<File>();
  const { register, handleSubmit, setError, formState, reset } = useForm<ProfileInput>({
    resolver: zodResolver(ProfileSchema),
    defaultValues: { name: user.name, surname: user.surname, settings: { lang: user.settings.lang } },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      if (file) patchUser({ image: await uploadPhoto(file) });
      const updated = await api<UserDto>('users/profile', { method: 'PUT', body: { ...values, companyName: undefined } });
      setUser(updated);
      reset();
      onDone(updated.settings.lang);
    } catch (error) {
      setFormError(applyServerError(error, setError, ['name', 'surname']));
    }
  });

  return (
    <FormModal title={t('profile.edit_info')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <FormError t={t} error={formError} />
        <Field label={t('auth.name')} autoComplete="given-name" error={errors.name?.message && t(errors.name.message)} {...register('name')} />
        <Field label={t('auth.surname')} autoComplete="family-name" error={errors.surname?.message && t(errors.surname.message)} {...register('surname')} />
        <SelectField label={t('profile.language')} {...register('settings.lang')}>
          {LOCALES.map((code) => <option key={code} value={code}>{t(`profile.lang_${code}`)}</option>)}
        </SelectField>
        <PhotoInput t={t} onChange={setFile} />
        <Actions t={t} busy={isSubmitting} onCancel={onClose} />
      </form>
    </FormModal>
  );
}

export function EmailDialog({ t, current, onClose, onSent }: { t: T; current: string; onClose: () => void; onSent: (email: string) => void }) {
  const [formError, setFormError] = useState<string>();
  const schema = z.object({
    email: EmailSchema.check(z.refine((value) => value !== current, 'validation.email_same')),
    password: z.string().check(z.minLength(1, 'validation.password_required')),
  });
  const { register, handleSubmit, setError, formState, reset } = useForm<EmailChangeInput>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFormError(undefined);
    try {
      await api('users/profile/email', { method: 'POST', body: { email, password } });
      reset();
      onSent(email);
    } catch (error) {
      setFormError(applyServerError(error, setError, ['email', 'password']));
    }
  });
  return (
    <FormModal title={t('profile.edit_email')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <FormError t={t} error={formError} />
        <Field label={t('profile.new_email')} type="email" autoComplete="email" error={errors.email?.message && t(errors.email.message)} {...register('email')} />
        <Field label={t('profile.old_password')} type="password" autoComplete="current-password" hint={t('profile.password_to_confirm')} error={errors.password?.message && t(errors.password.message)} {...register('password')} />
        <Actions t={t} busy={isSubmitting} onCancel={onClose} submitLabel={t('profile.send_code')} />
      </form>
    </FormModal>
  );
}

export function EmailCodeDialog({ t, email, onClose }: { t: T; email: string; onClose: () => void }) {
  const [formError, setFormError] = useState<string>();
  const schema = z.object({ code: CodeSchema });
  const { register, handleSubmit, setError, formState, reset } = useForm<z.input<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(undefined);
    try {
      const { newEmail } = await api<{ newEmail: string }>('users/profile/email/verify', { method: 'POST', body: { code } });
      patchUser({ email: newEmail });
      reset();
      onClose();
    } catch (error) {
      setFormError(applyServerError(error, setError, ['code']));
    }
  });
  return (
    <FormModal title={t('profile.confirm_email')} onClose={onClose}>
      <p>{t('auth.verify_notice', { email })}</p>
      <form onSubmit={onSubmit} noValidate>
        <FormError t={t} error={formError} />
        <Field label={t('auth.code')} kind="code" error={errors.code?.message && t(errors.code.message)} {...register('code')} />
        <Actions t={t} busy={isSubmitting} onCancel={onClose} submitLabel={t('auth.verify_submit')} />
      </form>
    </FormModal>
  );
}

export function PasswordDialog({ t, onClose, onDone }: { t: T; onClose: () => void; onDone: () => void }) {
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState, reset } = useForm<PasswordChangeInput>({ resolver: zodResolver(PasswordChangeSchema), defaultValues: { oldPassword: '', newPassword: '' } });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      await api('users/profile/password', { method: 'PUT', body: values });
      reset();
      onDone();
    } catch (error) {
      setFormError(applyServerError(error, setError, ['oldPassword', 'newPassword']));
    }
  });
  return (
    <FormModal title={t('profile.edit_password')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <FormError t={t} error={formError} />
        <Field label={t('profile.old_password')} type="password" autoComplete="current-password" error={errors.oldPassword?.message && t(errors.oldPassword.message)} {...register('oldPassword')} />
        <Field label={t('profile.new_password')} type="password" autoComplete="new-password" hint={t('auth.password_hint')} error={errors.newPassword?.message && t(errors.newPassword.message)} {...register('newPassword')} />
        <Actions t={t} busy={isSubmitting} onCancel={onClose} />
      </form>
    </FormModal>
  );
}

export function CompanyDialog({ t, user, onClose }: { t: T; user: UserDto; onClose: () => void }) {
  const [formError, setFormError] = useState<string>();
  const schema = z.object({ companyName: z.string().check(z.trim(), z.minLength(1, 'validation.company_required'), z.maxLength(200, 'validation.too_long')) });
  const { register, handleSubmit, setError, formState, reset } = useForm<z.input<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { companyName: user.companyName ?? '' } });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async ({ companyName }) => {
    setFormError(undefined);
    try {
      // the company edit resends name, surname and language with it (SPEC.md §7)
      const updated = await api<UserDto>('users/profile', { method: 'PUT', body: { name: user.name, surname: user.surname, settings: user.settings, companyName } });
      setUser(updated);
      reset();
      onClose();
    } catch (error) {
      setFormError(applyServerError(error, setError, ['companyName']));
    }
  });
  return (
    <FormModal title={t('profile.edit_company')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <FormError t={t} error={formError} />
        <Field label={t('auth.company_name')} autoComplete="organization" error={errors.companyName?.message && t(errors.companyName.message)} {...register('companyName')} />
        <Actions t={t} busy={isSubmitting} onCancel={onClose} />
      </form>
    </FormModal>
  );
}

/** `company`: the space's owner is told what becomes of the space. */
export function DeleteDialog({ t, company, onClose, onDeleted }: { t: T; company: boolean; onClose: () => void; onDeleted: () => void }) {
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const confirm = async () => {
    // Enter in the field while a try is under way would send a second one
    if (busy) return;
    setError(undefined);
    if (!password) return setPasswordError('validation.password_required');
    setPasswordError(undefined);
    setBusy(true);
    try {
      await api('users/profile', { method: 'DELETE', body: { password } });
      onDeleted();
    } catch (failure) {
      const onField = failure instanceof ApiError ? failure.body.errors?.password : undefined;
      if (onField) setPasswordError(onField);
      else setError(errorKey(failure));
      setBusy(false);
    }
  };
  return (
    <AlertModal
      tone="warning"
      title={t('profile.delete_title')}
      text={error ? t(error) : t(company ? 'profile.delete_text_company' : 'profile.delete_text')}
      confirmLabel={t('profile.delete_confirm')}
      cancelLabel={t('profile.cancel')}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {/* Enter in the field confirms too: a form of one field submits on it */}
      <form onSubmit={(event) => (event.preventDefault(), void confirm())} noValidate>
        <Field
          label={t('profile.old_password')}
          type="password"
          autoComplete="current-password"
          hint={t('profile.password_to_confirm')}
          error={passwordError && t(passwordError)}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </form>
    </AlertModal>
  );
}

/** Every zone the browser knows, by offset then place, the saved one among them whatever it is. */
function zoneOptions(saved: string, place: (zone: string) => string): { zone: string; label: string; offset: string }[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = [...new Set([...known, 'UTC', saved])].filter((zone) => canonicalZone(zone) !== null);
  const minutes = (offset: string) => {
    const match = /([+-])(\d{2}):(\d{2})/.exec(offset);
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  };
  return zones
    .map((zone) => ({ zone, offset: zoneOffset(zone), place: place(zone) }))
    .sort((a, b) => minutes(a.offset) - minutes(b.offset) || a.place.localeCompare(b.place))
    .map(({ zone, offset, place }) => ({ zone, offset, label: place ? `(${offset}) ${place}` : offset }));
}

export interface ZoneDialogProps {
  t: T;
  user: UserDto;
  device?: string;
  /** A zone's place in the page's language (lib/i18n/zone-places.ts, loaded with the dialog). */
  place: (zone: string) => string;
  onClose: () => void;
}

export function ZoneDialog({ t, user, device, place, onClose }: ZoneDialogProps) {
  const [zone, setZone] = useState(user.settings.timeZone);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [options] = useState(() => zoneOptions(user.settings.timeZone, place));
  const save = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      // the profile edit resends name and surname with it (SPEC.md §7)
      await api<UserDto>('users/profile', { method: 'PUT', body: { name: user.name, surname: user.surname, settings: { lang: user.settings.lang, timeZone: zone } } });
      // every time on the page was rendered in the old zone: the page comes again in the new one
      window.location.reload();
    } catch (failure) {
      setError(errorKey(failure));
      setBusy(false);
    }
  };
  return (
    <FormModal title={t('profile.edit_time_zone')} onClose={onClose}>
      <form onSubmit={save} noValidate>
        <SelectField label={t('profile.time_zone')} value={zone} onChange={(e) => setZone(e.target.value)} error={error && t(error)}>
          {options.map((option) => (
            <option key={option.zone} value={option.zone}>{option.label}</option>
          ))}
        </SelectField>
        {device && device !== zone && (
          <p>
            <button type="button" className="btn-link" onClick={() => setZone(device)}>{t('profile.time_zone_use_device', { zone: zoneLabel(device, undefined, place(device)) })}</button>
          </p>
        )}
        <Actions t={t} busy={busy} onCancel={onClose} />
      </form>
    </FormModal>
  );
}

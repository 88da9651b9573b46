/** The invite dialog, loaded on idle or when opened: the lists work without react-hook-form. */
import { useState } from 'react';
import { useForm } from '../shared/form.ts';
import { api } from '../../lib/client/api.ts';
import type { InviteDto, InviteInput, InviteOutput } from '../../lib/schemas/user.ts';
import type { T } from '../../lib/i18n/index.ts';
import { ROLE } from '../../lib/roles.ts';
import { Field } from '../shared/Field.tsx';
import { FormModal } from '../shared/modals.tsx';
import { applyServerError } from '../shared/forms.ts';
import { lazyResolver } from '../shared/lazy-resolver.ts';

const inviteResolver = lazyResolver<InviteInput, InviteOutput>(() => import('../../lib/schemas/user.ts').then((m) => m.InviteSchema));

interface Props {
  t: T;
  role: 'recruiter' | 'customer';
  /** The lists' entries: an address invited before is replaced by a new invite (SPEC.md §4), and the dialog says so first. */
  entries: InviteDto[];
  onClose: () => void;
  onSent: (entry: InviteDto) => void;
}

export default function InviteDialog({ t, role, entries, onClose, onSent }: Props) {
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState, reset, watch } = useForm<InviteInput, unknown, InviteOutput>({
    resolver: inviteResolver,
    defaultValues: { email: '', name: '', surname: '', role },
  });
  const { errors, isSubmitting } = formState;
  const typed = String(watch('email') ?? '').trim().toLowerCase();
  // an open invitation of the address: sending replaces it, and its link stops working
  const earlier = typed ? entries.find((e) => !e.id && e.email.toLowerCase() === typed) : undefined;
  const onSubmit = handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      // the role travels as an extra field beside the three the form shows
      const entry = await api<InviteDto>('users/invite', { method: 'POST', body: { ...values, role } });
      reset();
      onSent(entry);
    } catch (error) {
      setFormError(applyServerError(error, setError, ['email', 'name', 'surname']));
    }
  });
  return (
    <FormModal title={t(role === 'recruiter' ? 'profile.invite_recruiter' : 'profile.invite_customer')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        {formError && <p className="form-error" role="alert">{t(formError)}</p>}
        <Field
          label={t('auth.email')}
          type="email"
          hint={earlier && t(earlier.role === (role === 'recruiter' ? ROLE.RECRUITER : ROLE.CUSTOMER) ? 'profile.invite_replaces' : 'profile.invite_replaces_role', { role: t(`invite.role_${earlier.role === ROLE.RECRUITER ? 'recruiter' : 'customer'}`) })}
          error={errors.email?.message && t(errors.email.message)}
          {...register('email')}
        />
        <Field label={t('auth.name')} error={errors.name?.message && t(errors.name.message)} {...register('name')} />
        <Field label={t('auth.surname')} error={errors.surname?.message && t(errors.surname.message)} {...register('surname')} />
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>{t('profile.cancel')}</button>
          <button type="submit" className="btn" disabled={isSubmitting}>{t('profile.send_invite')}</button>
        </div>
      </form>
    </FormModal>
  );
}

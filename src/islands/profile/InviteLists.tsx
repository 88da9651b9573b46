import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { api, errorKey } from '../../lib/client/api.ts';
import { $invites, addInvite } from '../../lib/stores/user.ts';
import { formatDate } from '../../lib/dates.ts';
import { ROLE } from '../../lib/schemas/auth.ts';
import { InviteSchema, type InviteDto, type InviteInput, type InviteOutput } from '../../lib/schemas/user.ts';
import type { T } from '../../lib/i18n/index.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { Field } from '../shared/Field.tsx';
import { FormModal, MessageModal } from '../shared/modals.tsx';
import { applyServerError } from '../shared/forms.ts';

type ListRole = 'recruiter' | 'customer';

interface Props extends IslandProps {
  /** The reader's saved zone (docs/decisions/0011). */
  timeZone: string;
  /** Which lists this person sees: company both, recruiter the customers. */
  lists: ListRole[];
  initial: InviteDto[];
}

function InviteLists(props: Props) {
  const { t } = useT(props);
  const stored = useStore($invites);
  const [hydrated, setHydrated] = useState(false);
  const invites = hydrated ? stored : props.initial;
  const [inviting, setInviting] = useState<ListRole>();
  const [sent, setSent] = useState(false);
  const [resending, setResending] = useState<string>();
  const [resendError, setResendError] = useState<string>();

  useEffect(() => {
    $invites.set(props.initial);
    setHydrated(true);
  }, [props.initial]);

  const refresh = async () => {
    try {
      $invites.set(await api<InviteDto[]>('users/invite'));
    } catch (error) {
      console.error('[invites] refresh failed', error);
    }
  };

  /** An invite whose mail was not delivered is sent again as it was. */
  const sendAgain = async (entry: InviteDto) => {
    setResending(entry.email);
    try {
      await api<InviteDto>('users/invite', { method: 'POST', body: { email: entry.email, name: entry.name, surname: entry.surname, role: entry.role } });
      await refresh();
      setSent(true);
    } catch (error) {
      setResendError(errorKey(error));
    } finally {
      setResending(undefined);
    }
  };

  return (
    <>
      {props.lists.map((list) => {
        const role = list === 'recruiter' ? ROLE.RECRUITER : ROLE.CUSTOMER;
        const entries = invites.filter((i) => i.role === role);
        const titleId = `invites-${list}`;
        return (
          <section key={list} className="card invites" aria-labelledby={titleId}>
            <header className="invites-header">
              <h2 id={titleId}>{t(list === 'recruiter' ? 'profile.my_recruiters' : 'profile.my_customers')}</h2>
              <button type="button" className="icon-btn" aria-label={t(list === 'recruiter' ? 'profile.invite_recruiter' : 'profile.invite_customer')} onClick={() => setInviting(list)} disabled={!hydrated}>
                +
              </button>
            </header>
            {entries.length === 0 ? (
              <p className="empty">{t('profile.list_empty')}</p>
            ) : (
              <ul className="invite-list">
                {entries.map((entry) => (
                  <li key={entry.email}>
                    <div className="invite-who">
                      <strong>{`${entry.name} ${entry.surname}`}</strong>
                      <span className="muted">{entry.email}</span>
                    </div>
                    {!entry.id && entry.mail === 'failed' ? (
                      <span className="invite-state">
                        <span className="badge badge-danger" title={t('profile.not_delivered_hint', { email: entry.email })}>
                          {t('profile.not_delivered')}
                        </span>
                        <button type="button" className="btn-link" onClick={() => void sendAgain(entry)} disabled={!hydrated || resending === entry.email}>
                          {t('profile.send_again')}
                        </button>
                      </span>
                    ) : (
                      <span className={entry.id ? 'badge' : 'badge badge-muted'}>{t(entry.id ? 'profile.registered' : 'profile.invited')}</span>
                    )}
                    <time dateTime={entry.createdAt} className="muted">{formatDate(entry.createdAt, props.locale, props.timeZone)}</time>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {inviting && (
        <InviteDialog
          t={t}
          role={inviting}
          onClose={() => setInviting(undefined)}
          onSent={(entry) => {
            addInvite(entry);
            setInviting(undefined);
            setSent(true);
            void refresh();
          }}
        />
      )}
      {sent && <MessageModal title={t('profile.invite_sent')} closeLabel={t('app.close')} onClose={() => setSent(false)} />}
      {resendError && <MessageModal title={t('auth.error_title')} text={t(resendError)} closeLabel={t('app.close')} onClose={() => setResendError(undefined)} />}
    </>
  );
}

function InviteDialog({ t, role, onClose, onSent }: { t: T; role: ListRole; onClose: () => void; onSent: (entry: InviteDto) => void }) {
  const [formError, setFormError] = useState<string>();
  const { register, handleSubmit, setError, formState, reset } = useForm<InviteInput, unknown, InviteOutput>({
    resolver: zodResolver(InviteSchema),
    defaultValues: { email: '', name: '', surname: '', role },
  });
  const { errors, isSubmitting } = formState;
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
        <Field label={t('auth.email')} type="email" error={errors.email?.message && t(errors.email.message)} {...register('email')} />
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

export default island(InviteLists);

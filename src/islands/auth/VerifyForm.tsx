import { useId, useState } from 'react';
import { useForm } from '../shared/form.ts';
import { api, errorKey } from '../../lib/client/api.ts';
import { removeToken } from '../../lib/stores/auth.ts';
import { island } from '../shared/island.tsx';
import { useT, type IslandProps } from '../shared/i18n.ts';
import { useHydrated, useTypedBeforeHydration } from '../shared/hydrated.ts';
import { Field } from '../shared/Field.tsx';
import { Modal } from '../shared/Modal.tsx';
import { applyServerError } from '../shared/forms.ts';
import { lazyResolver } from '../shared/lazy-resolver.ts';
import './verify-form.css';

type CodeForm = { code: string };
const resolver = lazyResolver<CodeForm, CodeForm>(() => import('../../lib/schemas/auth.ts').then((m) => m.CodeFormSchema));

interface Props extends IslandProps {
  email: string;
  /** The newest code mail: sent, waiting for the mail server, or given up on. */
  mail: 'sent' | 'queued' | 'failed';
}

const NOTICE = { sent: 'auth.verify_notice', queued: 'auth.verify_pending', failed: 'auth.verify_failed' } as const;

function VerifyForm(props: Props) {
  const hydrated = useHydrated();
  const { t, href } = useT(props);
  const formId = useId();
  const [formError, setFormError] = useState<string>();
  const [resendError, setResendError] = useState<string>();
  const [resent, setResent] = useState(false);
  const typed = useTypedBeforeHydration(formId, { code: '' });
  const { register, handleSubmit, setError, clearErrors, formState, reset } = useForm<CodeForm>({
    resolver,
    defaultValues: typed,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(undefined);
    try {
      await api('auth/verify/email', { method: 'POST', body: { email: props.email, code, settings: { lang: props.locale } } });
      reset();
      window.location.assign(href('/auth/register/profile'));
    } catch (error) {
      setFormError(applyServerError(error, setError, ['code']));
    }
  });

  const resend = async () => {
    setResent(false);
    // a new code is on its way: the old one's 'Wrong code' no longer applies
    clearErrors();
    setFormError(undefined);
    try {
      await api('auth/verify/email/resend', { method: 'POST', body: { email: props.email, settings: { lang: props.locale } } });
      setResent(true);
    } catch (error) {
      setResendError(errorKey(error));
    }
  };

  const logout = async () => {
    await api('auth/logout', { method: 'POST' }).catch(() => undefined);
    removeToken();
    window.location.assign(href('/'));
  };

  return (
    <>
      <p role={props.mail === 'sent' ? undefined : 'status'} data-testid="verify-notice">
        {t(NOTICE[props.mail] ?? NOTICE.sent, { email: props.email })}
      </p>
      <form id={formId} onSubmit={onSubmit} noValidate>
        {formError && <p className="form-error" role="alert">{t(formError)}</p>}
        {resent && <p className="form-note" role="status">{t('auth.resent')}</p>}
        <Field label={t('auth.code')} kind="code" error={errors.code?.message && t(errors.code.message)} {...register('code')} />
        <button className="btn btn-block" type="submit" disabled={!hydrated || isSubmitting}>
          {t('auth.verify_submit')}
        </button>
      </form>
      <div className="verify-links">
        <button type="button" className="btn-link" onClick={resend} disabled={!hydrated}>
          {t('auth.resend')}
        </button>
        <button type="button" className="btn-link" onClick={logout} disabled={!hydrated}>
          {t('auth.logout')}
        </button>
      </div>
      {resendError && (
        <Modal
          kind="message"
          title={t('auth.error_title')}
          onClose={() => setResendError(undefined)}
          actions={
            <button type="button" className="btn" onClick={() => setResendError(undefined)}>
              {t('app.close')}
            </button>
          }
        >
          <p>{t(resendError)}</p>
        </Modal>
      )}
    </>
  );
}

export default island(VerifyForm);

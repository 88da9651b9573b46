import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Modal } from './Modal.tsx';

/** A message with one button (SPEC.md §2, modal kind 'message'). */
export function MessageModal({ title, text, closeLabel, onClose }: { title: string; text?: ReactNode; closeLabel: string; onClose: () => void }) {
  return (
    <Modal kind="message" title={title} onClose={onClose} actions={<button type="button" className="btn" onClick={onClose}>{closeLabel}</button>}>
      {text && <p>{text}</p>}
    </Modal>
  );
}

/** A success or warning alert; with `cancelLabel` it asks for confirmation. */
export function AlertModal(props: {
  title: string;
  text?: ReactNode;
  tone: 'success' | 'warning';
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
  /** What the confirmation asks for besides the click (the account deletion's password). */
  children?: ReactNode;
}) {
  const close = props.onCancel ?? props.onConfirm;
  return (
    <Modal
      kind="alert"
      tone={props.tone}
      title={props.title}
      onClose={close}
      actions={
        <>
          {props.cancelLabel && (
            <button type="button" className="btn btn-secondary" onClick={close}>
              {props.cancelLabel}
            </button>
          )}
          <button type="button" className={`btn${props.tone === 'warning' ? ' btn-danger' : ''}`} onClick={props.onConfirm} disabled={props.busy}>
            {props.confirmLabel}
          </button>
        </>
      }
    >
      {props.text && <p>{props.text}</p>}
      {props.children}
    </Modal>
  );
}

/** A dialog holding a form; the form brings its own fields and submit button. */
export function FormModal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal kind="form" title={title} onClose={onClose}>
      {children}
    </Modal>
  );
}

/** A dialog asking for a comment (a required text), with optional extra actions. */
export function CommentModal(props: {
  title: string;
  label: string;
  submitLabel: string;
  requiredMessage: string;
  text?: ReactNode;
  extraActions?: ReactNode;
  onSubmit: (comment: string) => Promise<void> | void;
  onClose: () => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setError(props.requiredMessage);
    setBusy(true);
    try {
      await props.onSubmit(value.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal kind="comment" title={props.title} onClose={props.onClose}>
      {props.text && <p>{props.text}</p>}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={id}>{props.label}</label>
          <textarea id={id} rows={5} value={value} onChange={(e) => setValue(e.target.value)} aria-invalid={error ? true : undefined} />
          {error && <p className="field-error" role="alert">{error}</p>}
        </div>
        <div className="modal-actions">
          {props.extraActions}
          <button type="submit" className="btn" disabled={busy}>
            {props.submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

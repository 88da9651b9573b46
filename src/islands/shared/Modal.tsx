import { useEffect, useId, useRef, type ReactNode } from 'react';

export type ModalKind = 'message' | 'alert' | 'form' | 'comment' | 'personal-data';

interface Props {
  kind: ModalKind;
  title: string;
  /** success or warning, for alerts */
  tone?: 'success' | 'warning';
  children?: ReactNode;
  actions?: ReactNode;
  onClose: () => void;
}

/** One dialog for every modal kind: focus moves in, Escape and the backdrop close it. */
export function Modal({ kind, title, tone, children, actions, onClose }: Props) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('button, input, select, textarea, a[href]')?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);
  return (
    <div className="modal-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={ref} className={`modal modal-${kind}${tone ? ` modal-${tone}` : ''}`} role={kind === 'alert' ? 'alertdialog' : 'dialog'} aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
        {actions && <div className="modal-actions">{actions}</div>}
      </div>
    </div>
  );
}

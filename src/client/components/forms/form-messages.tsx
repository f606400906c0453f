import messages from './form-messages.module.css';

/** A failure, announced at once and shown in red (the login error must be red: docs/product.md#login). */
export function ErrorMessage({ id, children }: { id?: string; children: string | null }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className={messages.error}>
      {children}
    </p>
  );
}

/** A success or progress note, announced politely. The region stays in place so that its changes are read. */
export function StatusMessage({ children }: { children: string | null }) {
  return (
    <p role="status" className={children ? messages.success : messages.emptyStatus}>
      {children}
    </p>
  );
}

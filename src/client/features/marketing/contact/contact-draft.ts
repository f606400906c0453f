/** The contact form's draft, and the mail it becomes: pure, so every rule is tested without a browser. */
export interface ContactDraft {
  name: string;
  email: string;
  message: string;
}

export const emptyDraft: ContactDraft = { name: '', email: '', message: '' };

/** All three fields are required; blanks do not count. */
export function isDraftComplete(draft: ContactDraft): boolean {
  return draft.name.trim() !== '' && draft.email.trim() !== '' && draft.message.trim() !== '';
}

/**
 * The `mailto:` link that opens the visitor's mail app with the message prepared: subject
 * 'New Inquiry from {name}' and a body listing name, email and message.
 * Lines end in CRLF, as RFC 6068 asks of a mailto body.
 */
export function contactMailto(draft: ContactDraft, to: string): string {
  const name = draft.name.trim();
  const subject = `New Inquiry from ${name}`;
  const body = [`Name: ${name}`, `Email: ${draft.email.trim()}`, '', 'Message:', draft.message.trim()].join('\r\n');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

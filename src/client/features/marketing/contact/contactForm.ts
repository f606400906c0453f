/** The contact form's state: an explicit reducer, tested as a pure function (design.md). */
export interface ContactDraft {
  name: string;
  email: string;
  message: string;
}

export interface ContactFormState {
  draft: ContactDraft;
  /** Whether the success message shows. */
  showSuccess: boolean;
  /** Counts submissions, so that each one restarts the success message's timer. */
  submissions: number;
}

export type ContactFormAction =
  | { type: 'change'; field: keyof ContactDraft; value: string }
  | { type: 'submit' }
  | { type: 'cancel' }
  | { type: 'hideMessage' };

export const emptyDraft: ContactDraft = { name: '', email: '', message: '' };

export const initialContactFormState: ContactFormState = { draft: emptyDraft, showSuccess: false, submissions: 0 };

/** All three fields are required (product spec, section 5); blanks do not count. */
export function isDraftComplete(draft: ContactDraft): boolean {
  return draft.name.trim() !== '' && draft.email.trim() !== '' && draft.message.trim() !== '';
}

export function contactFormReducer(state: ContactFormState, action: ContactFormAction): ContactFormState {
  switch (action.type) {
    case 'change':
      return { ...state, draft: { ...state.draft, [action.field]: action.value } };
    case 'submit':
      // The mail app has the message now: clear the fields and say so.
      if (!isDraftComplete(state.draft)) return state;
      return { draft: emptyDraft, showSuccess: true, submissions: state.submissions + 1 };
    case 'cancel':
      return { ...state, draft: emptyDraft };
    case 'hideMessage':
      return state.showSuccess ? { ...state, showSuccess: false } : state;
  }
}

/**
 * The `mailto:` link that opens the visitor's mail app with the message prepared: subject
 * 'New Inquiry from {name}' and a body listing name, email and message (product spec, 4 and 7).
 * Lines end in CRLF, as RFC 6068 asks of a mailto body.
 */
export function contactMailto(draft: ContactDraft, to: string): string {
  const name = draft.name.trim();
  const subject = `New Inquiry from ${name}`;
  const body = [`Name: ${name}`, `Email: ${draft.email.trim()}`, '', 'Message:', draft.message.trim()].join('\r\n');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

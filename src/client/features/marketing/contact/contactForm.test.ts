import { contactFormReducer, contactMailto, emptyDraft, initialContactFormState, isDraftComplete, type ContactFormState } from './contactForm';

const filled: ContactFormState = {
  ...initialContactFormState,
  draft: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'We need a new website.' },
};

describe('contactFormReducer', () => {
  it('starts empty, with no message shown', () => {
    expect(initialContactFormState).toEqual({ draft: { name: '', email: '', message: '' }, showSuccess: false, submissions: 0 });
  });

  it('changes one field and leaves the others', () => {
    const state = contactFormReducer(initialContactFormState, { type: 'change', field: 'email', value: 'a@b.example' });
    expect(state.draft).toEqual({ name: '', email: 'a@b.example', message: '' });
    expect(initialContactFormState.draft).toEqual(emptyDraft);
  });

  it('on submit clears the fields and shows the message, counting the submission', () => {
    const state = contactFormReducer(filled, { type: 'submit' });
    expect(state).toEqual({ draft: emptyDraft, showSuccess: true, submissions: 1 });
    expect(contactFormReducer(state, { type: 'submit' })).toBe(state);
  });

  it('ignores a submit while a required field is blank or only spaces', () => {
    for (const field of ['name', 'email', 'message'] as const) {
      const state = { ...filled, draft: { ...filled.draft, [field]: '   ' } };
      expect(contactFormReducer(state, { type: 'submit' })).toBe(state);
    }
  });

  it('counts every submission, so each restarts the message timer', () => {
    const once = contactFormReducer(filled, { type: 'submit' });
    const again = contactFormReducer({ ...once, draft: filled.draft }, { type: 'submit' });
    expect(again.submissions).toBe(2);
    expect(again.showSuccess).toBe(true);
  });

  it('on cancel clears the fields', () => {
    expect(contactFormReducer(filled, { type: 'cancel' }).draft).toEqual(emptyDraft);
  });

  it('hides the message, and does nothing when it is already hidden', () => {
    const shown = contactFormReducer(filled, { type: 'submit' });
    expect(contactFormReducer(shown, { type: 'hideMessage' })).toEqual({ ...shown, showSuccess: false });
    expect(contactFormReducer(initialContactFormState, { type: 'hideMessage' })).toBe(initialContactFormState);
  });
});

describe('isDraftComplete', () => {
  it('needs name, email and message', () => {
    expect(isDraftComplete(filled.draft)).toBe(true);
    expect(isDraftComplete(emptyDraft)).toBe(false);
    expect(isDraftComplete({ ...filled.draft, message: '\n' })).toBe(false);
  });
});

describe('contactMailto', () => {
  it("addresses the agency with subject 'New Inquiry from {name}' and a body listing name, email and message", () => {
    const url = new URL(contactMailto({ name: 'Zoë & Co', email: 'zoe@example.com', message: 'Hello?\nLine two = 100%' }, 'hello@agency.example'));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('hello@agency.example');
    expect(url.searchParams.get('subject')).toBe('New Inquiry from Zoë & Co');
    expect(url.searchParams.get('body')).toBe('Name: Zoë & Co\r\nEmail: zoe@example.com\r\n\r\nMessage:\r\nHello?\nLine two = 100%');
  });

  it('URL-encodes every character that would break the link', () => {
    const url = contactMailto({ name: 'A&B?', email: 'x@example.com', message: '#1 + 2 = 3' }, 'hello@agency.example');
    const query = url.slice(url.indexOf('?') + 1);
    expect(query).not.toMatch(/[ #+\n]/);
    expect(query.split('&')).toHaveLength(2);
    expect(query).toContain('subject=New%20Inquiry%20from%20A%26B%3F');
  });
});

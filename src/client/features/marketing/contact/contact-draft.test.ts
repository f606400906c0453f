import { contactMailto, emptyDraft, isDraftComplete } from './contact-draft';

const filled = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'We need a new website.' };

describe('isDraftComplete', () => {
  it('needs name, email and message', () => {
    expect(isDraftComplete(filled)).toBe(true);
    expect(isDraftComplete(emptyDraft)).toBe(false);
    expect(isDraftComplete({ ...filled, message: '\n' })).toBe(false);
  });

  it('does not count a field of spaces', () => {
    for (const field of ['name', 'email', 'message'] as const) expect(isDraftComplete({ ...filled, [field]: '   ' })).toBe(false);
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

  it('trims the fields it lists', () => {
    const url = new URL(contactMailto({ name: '  Ada ', email: ' ada@example.com ', message: '\nHi\n' }, 'hello@agency.example'));
    expect(url.searchParams.get('subject')).toBe('New Inquiry from Ada');
    expect(url.searchParams.get('body')).toBe('Name: Ada\r\nEmail: ada@example.com\r\n\r\nMessage:\r\nHi');
  });
});

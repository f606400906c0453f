import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTACT_SUCCESS_MS } from '../../../../shared/constants';
import { siteDefaults } from '../../../../shared/site-content/defaults';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import ContactPage from './contact-page';

// The Settings a fresh site publishes.
const site = siteDefaults.settings;

const success = 'Your message has been prepared — check your email app.';

describe('ContactPage', () => {
  let open: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    // jsdom cannot hand a mailto: link to a mail app; record what the page asks for instead.
    open = jest.spyOn(window, 'open').mockImplementation(() => null);
  });

  afterEach(() => {
    open.mockRestore();
    jest.useRealTimers();
  });

  function setup() {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { store, unmount } = renderWithApp(<ContactPage />, { path: '/contact' });
    const fields = {
      name: screen.getByLabelText('Name'),
      email: screen.getByLabelText('Email'),
      message: screen.getByLabelText('Message'),
    };
    return { user, fields, store, unmount };
  }

  it('has required name, e-mail-typed email and message fields, and the two buttons', () => {
    const { fields } = setup();
    for (const field of Object.values(fields)) expect(field).toBeRequired();
    expect(fields.email).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Send Message' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('type', 'button');
    expect(document.title).toBe(`Contact | ${site.name}`);
  });

  it('opens a prepared mail to the agency, clears the fields and shows the message for 5000 ms', async () => {
    const { user, fields } = setup();
    await user.type(fields.name, 'Maria Okafor');
    await user.type(fields.email, 'maria@bakery.example');
    await user.type(fields.message, 'We would like an online order form.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(open).toHaveBeenCalledTimes(1);
    const url = new URL(open.mock.calls[0][0] as string);
    expect(url.protocol + url.pathname).toBe(`mailto:${site.email}`);
    expect(url.searchParams.get('subject')).toBe('New Inquiry from Maria Okafor');
    expect(url.searchParams.get('body')).toBe('Name: Maria Okafor\r\nEmail: maria@bakery.example\r\n\r\nMessage:\r\nWe would like an online order form.');

    for (const field of Object.values(fields)) expect(field).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent(success);
    act(() => jest.advanceTimersByTime(CONTACT_SUCCESS_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent(success);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('does not send while a required field is empty', async () => {
    const { user, fields } = setup();
    await user.type(fields.name, 'Maria');
    await user.type(fields.message, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(open).not.toHaveBeenCalled();
    expect(fields.name).toHaveValue('Maria');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('Cancel clears the fields without sending', async () => {
    const { user, fields } = setup();
    await user.type(fields.name, 'Tom');
    await user.type(fields.email, 'tom@example.com');
    await user.type(fields.message, 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    for (const field of Object.values(fields)) expect(field).toHaveValue('');
    expect(open).not.toHaveBeenCalled();
  });

  it('keeps the form in the store, as Redux DevTools shows it', async () => {
    const { user, fields, store } = setup();
    await user.type(fields.name, 'Maria');
    await user.type(fields.email, 'maria@bakery.example');
    expect(store.getState().contactForm).toMatchObject({ draft: { name: 'Maria', email: 'maria@bakery.example', message: '' }, status: 'idle', sends: 0 });
    await user.type(fields.message, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(store.getState().contactForm).toMatchObject({ draft: { name: '', email: '', message: '' }, status: 'sent', sends: 1 });
    act(() => jest.advanceTimersByTime(CONTACT_SUCCESS_MS));
    expect(store.getState().contactForm?.status).toBe('idle');
  });

  it('restarts the 5 seconds on a second submission', async () => {
    const { user, fields } = setup();
    const send = async (name: string) => {
      await user.type(fields.name, name);
      await user.type(fields.email, 'a@example.com');
      await user.type(fields.message, 'Hi');
      await user.click(screen.getByRole('button', { name: 'Send Message' }));
    };
    await send('First');
    act(() => jest.advanceTimersByTime(CONTACT_SUCCESS_MS - 1000));
    await send('Second');
    act(() => jest.advanceTimersByTime(CONTACT_SUCCESS_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent(success);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('does not show the message again to a visitor who left within the 5 seconds', async () => {
    const { user, fields, store, unmount } = setup();
    await user.type(fields.name, 'Maria');
    await user.type(fields.email, 'maria@bakery.example');
    await user.type(fields.message, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    unmount();
    expect(store.getState().contactForm?.status).toBe('idle');
  });

  it('offers e-mail, phone and WhatsApp from the site configuration', () => {
    setup();
    expect(screen.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    expect(screen.getByRole('link', { name: site.phone })).toHaveAttribute('href', `tel:${site.phoneInternational}`);
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', `https://wa.me/${site.whatsapp}`);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { inApp } from '../../../../../test/support/render-with-app';
import type { RuntimeConfig } from '../../../lib/runtime-config';
import { makeStore } from '../../../lib/store/store';
import { ContactForm } from './contact-form';
import { selectContactDraft } from './contact-form-slice';

const AGENCY = 'hello@agency.test';

function page(config: RuntimeConfig) {
  const store = makeStore({ apiBaseUrl: 'http://api.test' });
  return { store, ui: inApp(<ContactForm to={AGENCY} />, { path: '/contact', store, config }) };
}

// The page's script arrives after the first paint: a visitor on a slow phone may type into the
// server's form before React takes it over. What they typed must stay, in the fields and in the form's state.
describe.each([
  ['mailto', { siteUrl: 'https://agency.test', apiBaseUrl: '', contactDelivery: 'mailto' as const }],
  ['server', { siteUrl: 'https://agency.test', apiBaseUrl: '', contactDelivery: 'server' as const }],
])('the contact form (%s) typed into before hydration', (_delivery, config) => {
  it('keeps what was typed, and takes it into its state', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(page(config).ui);
    const typedEarly = (label: string, value: string) => {
      const field = screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
      field.value = value;
    };
    typedEarly('Name', 'Maria Okafor');
    typedEarly('Message', 'We would like an online order form.');

    const { store, ui } = page(config);
    render(ui, { container, hydrate: true });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'maria@bakery.example');

    expect(screen.getByLabelText('Name')).toHaveValue('Maria Okafor');
    expect(screen.getByLabelText('Message')).toHaveValue('We would like an online order form.');
    expect(selectContactDraft(store.getState())).toEqual({ name: 'Maria Okafor', email: 'maria@bakery.example', message: 'We would like an online order form.' });
  });
});

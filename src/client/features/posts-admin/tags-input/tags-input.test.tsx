import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TagsInput } from './tags-input';

function Harness({ initial = [], suggestions = [], onSubmit = () => {} }: { initial?: string[]; suggestions?: string[]; onSubmit?: () => void }) {
  const [tags, setTags] = useState<readonly string[]>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TagsInput tags={tags} onChange={setTags} suggestions={suggestions} />
      <output data-testid="tags">{tags.join('|')}</output>
      <button type="submit">Send</button>
    </form>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Tags' });
const chosen = () => screen.getByTestId('tags').textContent;

it('adds a tag on Enter, without sending the form, and on a comma', async () => {
  const onSubmit = jest.fn();
  render(<Harness onSubmit={onSubmit} />);
  await userEvent.type(input(), 'React{Enter}');
  expect(chosen()).toBe('React');
  expect(input()).toHaveValue('');
  expect(onSubmit).not.toHaveBeenCalled();
  await userEvent.type(input(), 'Web design,Search');
  expect(chosen()).toBe('React|Web design');
  expect(input()).toHaveValue('Search');
  const chips = screen.getByRole('list', { name: 'Tags of this post' });
  expect(within(chips).getAllByRole('listitem').map((chip) => chip.firstChild!.textContent)).toEqual(['React', 'Web design']);
  expect(within(chips).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Remove tag React', 'Remove tag Web design']);
});

it('makes a pasted list several tags, and adds what is left in the field when it loses focus', async () => {
  render(<Harness />);
  await userEvent.click(input());
  await userEvent.paste('SEO, Performance ,  Accessibility');
  expect(chosen()).toBe('SEO|Performance');
  expect(input()).toHaveValue('Accessibility');
  await userEvent.tab();
  expect(chosen()).toBe('SEO|Performance|Accessibility');
});

it('removes a tag by its button, and the last one by Backspace in the empty field', async () => {
  render(<Harness initial={['React', 'SEO', 'Hosting']} />);
  await userEvent.click(screen.getByRole('button', { name: 'Remove tag SEO' }));
  expect(chosen()).toBe('React|Hosting');
  await userEvent.type(input(), 'ab{Backspace}{Backspace}');
  expect(chosen()).toBe('React|Hosting');
  await userEvent.type(input(), '{Backspace}');
  expect(chosen()).toBe('React');
  expect(screen.queryByRole('button', { name: 'Remove tag Hosting' })).toBeNull();
});

it('keeps a tag the post already has once, whatever its case', async () => {
  render(<Harness initial={['React']} />);
  await userEvent.type(input(), 'react{Enter}');
  expect(chosen()).toBe('React');
  expect(screen.queryByRole('alert')).toBeNull();
});

it('refuses an 11th tag with a message, keeping the name typed', async () => {
  render(<Harness initial={Array.from({ length: 10 }, (_, i) => `Tag ${i + 1}`)} />);
  expect(screen.getByText(/\(10 of 10 used\)/)).toBeInTheDocument();
  await userEvent.type(input(), 'Eleventh{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent('A post takes at most 10 tags. Remove one to add “Eleventh”.');
  expect(input()).toHaveValue('Eleventh');
  expect(input()).toHaveAttribute('aria-invalid', 'true');
  expect(input()).toHaveAccessibleDescription(/A post takes at most 10 tags/);
  expect(chosen()).toBe(Array.from({ length: 10 }, (_, i) => `Tag ${i + 1}`).join('|'));

  // Room made, the same name goes in and the message goes.
  await userEvent.click(screen.getByRole('button', { name: 'Remove tag Tag 1' }));
  await userEvent.type(input(), '{Enter}');
  expect(chosen()).toMatch(/\|Eleventh$/);
  expect(screen.queryByRole('alert')).toBeNull();
});

it('refuses a name over 40 characters, and one without a letter or digit', async () => {
  render(<Harness />);
  await userEvent.type(input(), `${'x'.repeat(41)}{Enter}`);
  expect(screen.getByRole('alert')).toHaveTextContent('A tag is at most 40 characters; this one has 41.');
  expect(chosen()).toBe('');
  await userEvent.clear(input());
  await userEvent.type(input(), `${'x'.repeat(40)}{Enter}`);
  expect(chosen()).toBe('x'.repeat(40));
  await userEvent.type(input(), '!?{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent('"!?" needs at least one letter or digit');
});

it('offers the tags in use that the post does not have, and adds one picked from the list', async () => {
  render(<Harness initial={['React']} suggestions={['React', 'SEO', 'Hosting']} />);
  const list = document.getElementById(input().getAttribute('list')!)!;
  expect(list.tagName).toBe('DATALIST');
  expect([...list.querySelectorAll('option')].map((option) => option.value)).toEqual(['SEO', 'Hosting']);
  // The browser fills the field with the option, as no keystroke would.
  fireEvent.change(input(), { target: { value: 'Hosting' } });
  expect(chosen()).toBe('React|Hosting');
  expect(input()).toHaveValue('');
  // Typed letter by letter, a suggestion's name waits for Enter like any other.
  await userEvent.type(input(), 'SEO');
  expect(chosen()).toBe('React|Hosting');
  expect(input()).toHaveValue('SEO');
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { FormatToolbar, useFormatShortcuts } from './index';

/** A textarea the way the post editor holds one: controlled, with the toolbar and the shortcuts on it. */
function Editor({ initial, onChange }: { initial: string; onChange: (text: string) => void }) {
  const [text, setText] = useState(initial);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const change = (next: string) => {
    setText(next);
    onChange(next);
  };
  useFormatShortcuts(textarea, change);
  return (
    <>
      <FormatToolbar textarea={textarea} onChange={change} />
      <label htmlFor="body">Body</label>
      <textarea id="body" ref={textarea} value={text} onChange={(event) => setText(event.target.value)} />
    </>
  );
}

function setup(initial: string, selection: [number, number]) {
  const onChange = jest.fn();
  render(<Editor initial={initial} onChange={onChange} />);
  const textarea = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Body' });
  textarea.focus();
  textarea.setSelectionRange(...selection);
  return { onChange, textarea, user: userEvent.setup() };
}

const NAMES = ['Bold', 'Italic', 'Heading', 'Link', 'Bulleted list', 'Numbered list', 'Quote', 'Code'];

describe('FormatToolbar', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('is a toolbar named Formatting that controls the textarea, with a named button per action', () => {
    setup('', [0, 0]);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    expect(toolbar).toHaveAttribute('aria-controls', 'body');
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(NAMES);
    for (const button of buttons) expect(button).toHaveAttribute('type', 'button');
  });

  it('names the shortcuts in the tooltips, with Ctrl outside Apple devices', () => {
    setup('', [0, 0]);
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('title', 'Bold (Ctrl+B)');
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveAttribute('title', 'Italic (Ctrl+I)');
    expect(screen.getByRole('button', { name: 'Link' })).toHaveAttribute('title', 'Link (Ctrl+K)');
    expect(screen.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-keyshortcuts', 'Control+K');
    expect(screen.getByRole('button', { name: 'Quote' })).toHaveAttribute('title', 'Quote');
  });

  it('shows ⌘ on a Mac', () => {
    jest.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    setup('', [0, 0]);
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('title', 'Bold (⌘B)');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-keyshortcuts', 'Meta+B');
  });

  it('wraps the selection in bold on a click, selects the words, and reports the text', async () => {
    const { onChange, textarea, user } = setup('make this bold', [5, 9]);
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(textarea).toHaveValue('make **this** bold');
    expect(onChange).toHaveBeenLastCalledWith('make **this** bold');
    expect([textarea.selectionStart, textarea.selectionEnd]).toEqual([7, 11]);
    expect(textarea).toHaveFocus();
  });

  it('takes the formatting off when pressed again', async () => {
    const { onChange, textarea, user } = setup('make this bold', [5, 9]);
    const bold = screen.getByRole('button', { name: 'Bold' });
    await user.click(bold);
    await user.click(bold);
    expect(textarea).toHaveValue('make this bold');
    expect(onChange).toHaveBeenLastCalledWith('make this bold');
  });

  it('makes the edit through the browser’s undoable insertText when there is one', async () => {
    const { textarea, user } = setup('a list', [0, 6]);
    // jsdom has no execCommand: stand in for the browser's, which edits the selection.
    const execCommand = jest.fn((command: string, _ui?: boolean, value?: string) => {
      expect(command).toBe('insertText');
      textarea.setRangeText(value!, textarea.selectionStart, textarea.selectionEnd, 'end');
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
    expect(execCommand).toHaveBeenCalledTimes(1);
    expect(execCommand).toHaveBeenCalledWith('insertText', false, '- ');
    expect(textarea).toHaveValue('- a list');
  });

  it('falls back to setRangeText when the browser refuses the command', async () => {
    const { onChange, textarea, user } = setup('quote me', [0, 0]);
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Quote' }));
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
    expect(textarea).toHaveValue('> quote me');
    expect(onChange).toHaveBeenLastCalledWith('> quote me');
  });

  it('applies bold with Ctrl+B in the textarea, instead of the browser’s default', async () => {
    const { onChange, textarea, user } = setup('make this bold', [5, 9]);
    await user.keyboard('{Control>}b{/Control}');
    expect(textarea).toHaveValue('make **this** bold');
    expect(onChange).toHaveBeenLastCalledWith('make **this** bold');
  });

  it('applies italic with Ctrl+I and a link with Ctrl+K', async () => {
    const { textarea, user } = setup('see docs', [4, 8]);
    await user.keyboard('{Control>}i{/Control}');
    expect(textarea).toHaveValue('see _docs_');
    await user.keyboard('{Control>}k{/Control}');
    expect(textarea).toHaveValue('see _[docs](https://)_');
    expect(textarea.value.slice(textarea.selectionStart, textarea.selectionEnd)).toBe('https://');
  });

  it('leaves other Ctrl keys and plain letters alone', async () => {
    const { onChange, textarea, user } = setup('text', [0, 4]);
    await user.keyboard('{Control>}{Shift>}b{/Shift}{/Control}');
    expect(textarea).toHaveValue('text');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is one tab stop, with the arrow keys, Home and End moving between its buttons', async () => {
    const { user } = setup('', [0, 0]);
    const buttons = within(screen.getByRole('toolbar')).getAllByRole('button');
    expect(buttons.map((button) => button.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]);

    buttons[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(buttons[1]).toHaveFocus();
    expect(buttons[1]).toHaveAttribute('tabindex', '0');
    expect(buttons[0]).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(buttons[7]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(buttons[7]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(buttons[0]).toHaveFocus();
  });
});

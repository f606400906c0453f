import { act, render } from '@testing-library/react';
import { ANNOUNCE_DELAY_MS, WordCount } from './word-count';

/** The count as shown, and the copy screen readers are told about. */
function copies(container: HTMLElement) {
  return {
    shown: container.querySelector<HTMLElement>('[aria-hidden="true"]')!,
    announced: container.querySelector<HTMLElement>('[aria-live="polite"]')!,
  };
}

describe('WordCount', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows the words and the minutes to read them', () => {
    const { container } = render(<WordCount text={'# Title\n\nSome **bold** words.'} />);
    expect(copies(container).shown).toHaveTextContent('4 words · 1 min read');
  });

  it('says "word" for one, and keeps "min read" for nothing at all', () => {
    const { container, rerender } = render(<WordCount text="Hello" />);
    expect(copies(container).shown).toHaveTextContent(/^1 word · 1 min read$/);
    rerender(<WordCount text="" />);
    expect(copies(container).shown).toHaveTextContent(/^0 words · 0 min read$/);
  });

  it('rounds the reading time up', () => {
    const { container } = render(<WordCount text={Array.from({ length: 231 }, () => 'word').join(' ')} />);
    expect(copies(container).shown).toHaveTextContent('231 words · 2 min read');
  });

  it('tells screen readers the whole count politely, once typing pauses', () => {
    jest.useFakeTimers();
    const { container, rerender } = render(<WordCount text="one" />);
    const { shown, announced } = copies(container);
    expect(announced).toHaveTextContent('1 word · 1 min read');
    expect(announced).toHaveAttribute('aria-atomic', 'true');

    rerender(<WordCount text="one two" />);
    act(() => jest.advanceTimersByTime(ANNOUNCE_DELAY_MS / 2));
    rerender(<WordCount text="one two three" />);
    act(() => jest.advanceTimersByTime(ANNOUNCE_DELAY_MS / 2));
    // The visible count follows each keystroke; the announced one has not moved yet.
    expect(shown).toHaveTextContent('3 words · 1 min read');
    expect(announced).toHaveTextContent('1 word · 1 min read');

    act(() => jest.advanceTimersByTime(ANNOUNCE_DELAY_MS));
    expect(announced).toHaveTextContent('3 words · 1 min read');
  });

  it('keeps the visible copy out of the accessibility tree, so the count is read once', () => {
    const { container } = render(<WordCount text="one" />);
    const { shown, announced } = copies(container);
    expect(shown).not.toBe(announced);
    expect(announced).not.toHaveAttribute('aria-hidden');
    expect(announced).toHaveClass('visually-hidden');
  });
});

import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { ActionIcon } from './action-icon';
import { applyFormat } from './apply-to-textarea';
import { useIsApplePlatform } from './platform';
import { ariaShortcut, shortcutLabel, TOOLBAR_ACTIONS } from './toolbar-actions';
import styles from './format-toolbar.module.css';

export interface FormatToolbarProps {
  /** The markdown textarea the buttons format; it needs an `id` for the toolbar to point at it. */
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** Called with the textarea's whole new value after each formatting edit. */
  onChange: (text: string) => void;
}

/**
 * Formatting buttons for a markdown textarea. One tab stop: the arrow keys, Home and End move
 * between the buttons (the toolbar pattern), so the form's Tab order stays short.
 */
export function FormatToolbar({ textarea, onChange }: FormatToolbarProps) {
  const apple = useIsApplePlatform();
  const [active, setActive] = useState(0);
  const toolbar = useRef<HTMLDivElement>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  // The textarea's id is known only once it is mounted, and a ref's change renders nothing.
  useEffect(() => {
    const id = textarea.current?.id;
    if (id) toolbar.current?.setAttribute('aria-controls', id);
    else toolbar.current?.removeAttribute('aria-controls');
  });

  function focusButton(index: number) {
    const count = TOOLBAR_ACTIONS.length;
    const next = (index + count) % count;
    setActive(next);
    buttons.current[next]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: TOOLBAR_ACTIONS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusButton(target);
  }

  return (
    <div ref={toolbar} role="toolbar" aria-label="Formatting" className={styles.toolbar} onKeyDown={onKeyDown}>
      {TOOLBAR_ACTIONS.map(({ action, label, key }, index) => (
        <button
          key={action}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          className={styles.button}
          tabIndex={index === active ? 0 : -1}
          aria-label={label}
          title={key ? `${label} (${shortcutLabel(key, apple)})` : label}
          aria-keyshortcuts={key ? ariaShortcut(key, apple) : undefined}
          onFocus={() => setActive(index)}
          // A pointer press leaves focus (and a phone's keyboard) in the textarea; the keyboard still reaches the buttons.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setActive(index);
            if (textarea.current) applyFormat(textarea.current, action, onChange);
          }}
        >
          <ActionIcon action={action} />
        </button>
      ))}
    </div>
  );
}

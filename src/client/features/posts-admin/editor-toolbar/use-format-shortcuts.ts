import { useEffect, useEffectEvent, type RefObject } from 'react';
import { applyFormat } from './apply-to-textarea';
import { useIsApplePlatform } from './platform';
import { shortcutAction } from './toolbar-actions';

/**
 * Ctrl+B, Ctrl+I and Ctrl+K (⌘ on Apple devices) on the textarea: bold, italic and link, as the
 * toolbar's buttons do them. The browser's own meaning of the keys (bookmarks, the address bar)
 * gives way while the textarea has focus.
 */
export function useFormatShortcuts(textarea: RefObject<HTMLTextAreaElement | null>, onChange: (text: string) => void): void {
  const apple = useIsApplePlatform();
  const changed = useEffectEvent((text: string) => onChange(text));

  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    function onKeyDown(event: KeyboardEvent) {
      // While an input method composes, its keys are not shortcuts.
      if (event.defaultPrevented || event.isComposing) return;
      const action = shortcutAction(event, apple);
      if (!action || !element) return;
      event.preventDefault();
      applyFormat(element, action, (text) => changed(text));
    }
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [textarea, apple]);
}

import { useEffect, useState } from 'react';

/**
 * An object URL of the chosen file while it is chosen, keyed by the file so that an earlier
 * choice's address never shows for a later one (jsdom has no object URLs: none there).
 */
export function useFileUrl(file: File | null): string | null {
  const [made, setMade] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    // Handed over from a microtask: the address is the outside system's answer, not render state.
    void Promise.resolve().then(() => setMade({ file, url }));
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return made && made.file === file ? made.url : null;
}

import { useState } from 'react';
import buttons from '../../components/ui/buttons.module.css';
import securityStyles from './security.module.css';

/** The recovery codes, shown this once, with Copy and Download. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState<string | null>(null);
  const text = `${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Copied.');
    } catch {
      setCopied('Copying is not allowed here: select the codes and copy them by hand.');
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div>
      <p>
        <strong>Save these recovery codes now: they are shown only once.</strong> Each one signs you in once in place of a code, if your phone is lost.
      </p>
      <ol className={securityStyles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={securityStyles.actions}>
        <button type="button" className={buttons.secondary} onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className={buttons.secondary} onClick={download}>
          Download
        </button>
        <span role="status">{copied}</span>
      </div>
    </div>
  );
}

import { useState } from 'preact/hooks';
import { Icon } from './icons';

/** Copies `text`; says so for screen readers too. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState<'' | 'Copied' | 'Copy failed'>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone('Copied');
    } catch {
      setDone('Copy failed');
    }
    setTimeout(() => setDone(''), 2000);
  };
  return (
    <button type="button" class="small" onClick={copy} aria-label={`${label}: ${text}`}>
      <Icon name="copy" /> <span aria-live="polite">{done || label}</span>
    </button>
  );
}

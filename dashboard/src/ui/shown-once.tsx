import { CopyButton } from './copy';

/** A secret the API returns only once (a key, an invite link): shown with a copy button until dismissed. */
export function ShownOnce({
  value,
  message,
  copyLabel,
  testId,
  onDone,
}: {
  value: string;
  message: string;
  copyLabel: string;
  testId: string;
  onDone: () => void;
}) {
  return (
    <div class="card secret" role="status">
      <p>
        <strong>{message}</strong>
      </p>
      <code class="break" data-testid={testId}>
        {value}
      </code>
      <div class="actions">
        <CopyButton text={value} label={copyLabel} />
        <button type="button" class="small" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

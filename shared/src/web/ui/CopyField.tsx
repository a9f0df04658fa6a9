// A value to copy (a key, a script tag, a curl call): the value in <code>
// beside a Copy button that says "Copied" for a moment. The labels come from
// the caller, so the kit reads no catalog.
import { useEffect, useState } from 'react';

/** How long the button says it copied, in ms. */
export const COPIED_FOR_MS = 2000;

export function CopyField({
  value,
  copyLabel,
  copiedLabel,
  buttonLabel,
  testId,
}: {
  value: string;
  /** The button's text ("Copy"). */
  copyLabel: string;
  /** Its text once copied ("Copied"). */
  copiedLabel: string;
  /** Its accessible name, saying what it copies ("Copy the key"). */
  buttonLabel: string;
  /** The test id of the <code> that holds the value. */
  testId?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    // Without a clipboard (an insecure origin, a refusal) it does not claim to have copied: the value stays there to select by hand.
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="copy-field">
      <code data-testid={testId}>{value}</code>
      <button type="button" className="button" onClick={() => void copy()} aria-label={buttonLabel}>
        {copied ? copiedLabel : copyLabel}
      </button>
    </div>
  );
}

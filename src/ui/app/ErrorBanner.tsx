// What went wrong (a scenario that does not parse, a worker failure), in plain words with the
// real message beneath, dismissible.

import { useState } from 'react';
import { useStrings } from './useStrings';
import { useSimStore } from '../store/app-store';

export function ErrorBanner() {
  const t = useStrings();
  const errors = useSimStore((s) => s.errors);
  const [dismissed, setDismissed] = useState(0);
  if (errors.length <= dismissed) return null;
  return (
    <div className="error-banner" role="alert" data-testid="errors">
      <strong>
        <span aria-hidden="true">⚠ </span>
        {t.errors}
      </strong>
      <pre>{errors.slice(dismissed).join('\n')}</pre>
      <button type="button" onClick={() => setDismissed(errors.length)}>
        {t.dismiss}
      </button>
    </div>
  );
}

// The words around files in the user's language (sizes in its numerals): what a field accepts, the
// hint under a picker, and a pick refused before upload (the size with the
// shared errors.files text, so it reads like the service's own refusal).
import { useCallback, useMemo } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { formatBytes } from '@agentflow/shared/files';
import { presetOf, type FileProblem } from './fileChecks';
import { FILES_CATALOGS } from './i18n';

export const FT = 'workflows.files.';

export function useFileTexts() {
  useRemoteCatalogs(FILES_CATALOGS);
  const { t, language } = useI18n();
  const typesLabel = useCallback(
    (accept: readonly string[]) => {
      const preset = presetOf(accept);
      return preset ? t(`${FT}accepts.${preset}`) : accept.join(', ');
    },
    [t],
  );
  const hint = useCallback(
    (accept: readonly string[], maxBytes: number) =>
      accept.length === 0 ? t(`${FT}hintAny`, { size: formatBytes(maxBytes, language) }) : t(`${FT}hintTypes`, { types: typesLabel(accept), size: formatBytes(maxBytes, language) }),
    [t, typesLabel, language],
  );
  const problem = useCallback(
    (found: FileProblem, accept: readonly string[]) =>
      found.code === 'tooLarge' ? t('errors.files.file_too_large', { size: formatBytes(found.maxBytes, language) }) : t(`${FT}wrongType`, { types: typesLabel(accept) }),
    [t, typesLabel, language],
  );
  return useMemo(() => ({ t, language, typesLabel, hint, problem }), [t, language, typesLabel, hint, problem]);
}

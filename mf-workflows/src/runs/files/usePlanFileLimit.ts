// The largest file the signed-in user may upload: their plan's maxFileBytes
// (entitlements), never above what one upload may be. While the membership is
// not known the upload limit stands: platform-api checks the plan anyway.
import { useMembership } from '@agentflow/shared';
import { entitlementsFor } from '@agentflow/shared/entitlements';
import { FILE_LIMITS } from '@agentflow/shared/files';
import { maxUploadBytes } from './fileChecks';

export function usePlanFileLimit(): number {
  const { membership } = useMembership();
  return membership ? maxUploadBytes(entitlementsFor(membership.role).maxFileBytes) : FILE_LIMITS.maxUploadBytes;
}

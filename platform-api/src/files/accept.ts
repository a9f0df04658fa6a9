// Which files a field takes, decided on the bytes: the inspector's sniffed
// type must be one the endpoint allows (RUN_FILE_TYPES, PHOTO_TYPES) and
// one the field accepts (a file field's `accept`). A PNG named report.pdf
// is a PNG; an executable named photo.jpg is refused.
import { RUN_FILE_TYPES, typeAccepted } from '@agentflow/shared/server';
import { fileTypeNotAllowed } from './errors.js';
import type { FileInspector } from './inspect/fileInspector.js';

export interface AcceptRule {
  /** The types this endpoint stores at all. */
  allowed?: readonly string[];
  /** The field's own narrower list ('image/*'); empty or absent: all allowed. */
  accept?: readonly string[];
}

/** The sniffed content type of a file the field takes; throws 400 naming the field otherwise. */
export async function acceptedType(inspector: FileInspector, field: string | null, bytes: Uint8Array, name: string | undefined, { allowed = RUN_FILE_TYPES, accept = [] }: AcceptRule = {}): Promise<string> {
  const found = await inspector.contentTypeOf(bytes, name);
  if (!found || !allowed.includes(found) || !typeAccepted(found, accept)) throw fileTypeNotAllowed(field, found);
  return found;
}

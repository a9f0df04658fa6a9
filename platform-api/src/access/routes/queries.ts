// Query-string schemas of the access endpoints (the bodies' schemas are the
// shared contract's). Unknown parameters are refused, as unknown body fields are.
import { z } from 'zod';

export const systemFilterQuery = z.object({ system: z.string({ error: 'must be a string' }).trim().min(1, 'is empty').max(40).optional() }).strict();

export const forceQuery = z.object({ force: z.enum(['true', 'false'], { error: 'must be true or false' }).optional() }).strict();

export const organizationFilterQuery = z
  .object({ organizationId: z.string({ error: 'must be a string' }).trim().min(1, 'is empty').max(128, 'must be at most 128 characters').optional() })
  .strict();

export const noQuery = z.object({}).strict();

// The request schemas of platform-api's chat endpoints (a failure is a 400
// naming the field); the routes and refusal codes are in routes.ts (zod-free,
// for the widget). Pure: no Node, no Firebase.
import { z } from 'zod';
import { documentIdSchema } from '../validation/ids.js';
import { CHAT_APP_STATUSES, CHAT_LIMITS } from './model.js';
import { normalizeOrigin } from './origins.js';

const text = (max: number) => z.string({ error: 'must be a string' }).trim().max(max, `must be at most ${max} characters`);
const wholeNumber = (min: number, max: number) => z.number({ error: 'must be a number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

const originSchema = z
  .string({ error: 'must be a string' })
  .transform((value, context) => {
    const origin = normalizeOrigin(value);
    if (origin === null) {
      context.addIssue({ code: 'custom', message: 'must be an origin such as https://www.example.com (no path)' });
      return z.NEVER;
    }
    return origin;
  });

const settingsShape = {
  allowedOrigins: z.array(originSchema, { error: 'must be a list of origins' }).max(CHAT_LIMITS.allowedOriginsMax, `must list at most ${CHAT_LIMITS.allowedOriginsMax} origins`),
  limits: z.strictObject({
    perVisitorPerMinute: wholeNumber(1, CHAT_LIMITS.perVisitorPerMinuteMax),
    perAppPerMinute: wholeNumber(1, CHAT_LIMITS.perAppPerMinuteMax),
  }),
  requireSignIn: z.boolean({ error: 'must be true or false' }),
  greeting: text(CHAT_LIMITS.greetingMax),
  suggestedQuestions: z.array(text(CHAT_LIMITS.suggestedQuestionMax).min(1, 'must not be empty'), { error: 'must be a list of questions' }).max(CHAT_LIMITS.suggestedQuestionsMax, `must hold at most ${CHAT_LIMITS.suggestedQuestionsMax} questions`),
  appearance: z.strictObject({
    name: text(CHAT_LIMITS.nameMax).min(1, 'is required'),
    colour: z.string({ error: 'must be a string' }).regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #2563eb'),
  }),
  memory: z.strictObject({ window: wholeNumber(0, CHAT_LIMITS.memoryWindowMax), summarize: z.boolean({ error: 'must be true or false' }) }),
};

export const createChatAppSchema = z.strictObject({
  workflowId: documentIdSchema,
  allowedOrigins: settingsShape.allowedOrigins.default([]),
  limits: settingsShape.limits.optional(),
  requireSignIn: settingsShape.requireSignIn.default(false),
  greeting: settingsShape.greeting.default(''),
  suggestedQuestions: settingsShape.suggestedQuestions.default([]),
  appearance: settingsShape.appearance.optional(),
  memory: settingsShape.memory.optional(),
});

export const updateChatAppSchema = z
  .strictObject({
    status: z.enum(CHAT_APP_STATUSES, { error: `must be one of ${CHAT_APP_STATUSES.map((s) => `'${s}'`).join(', ')}` }).optional(),
    allowedOrigins: settingsShape.allowedOrigins.optional(),
    limits: settingsShape.limits.optional(),
    requireSignIn: settingsShape.requireSignIn.optional(),
    greeting: settingsShape.greeting.optional(),
    suggestedQuestions: settingsShape.suggestedQuestions.optional(),
    appearance: settingsShape.appearance.optional(),
    memory: settingsShape.memory.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { error: 'must change at least one field' });

const visitorToken = z.string({ error: 'must be a string' }).min(1, 'is required').max(200, 'must be at most 200 characters');

export const openConversationSchema = z.strictObject({
  /** A token from an earlier conversation: the same visitor opens another. */
  visitorToken: visitorToken.optional(),
  /** A Firebase ID token: required by apps that require sign-in. */
  idToken: z.string({ error: 'must be a string' }).min(1, 'is required').max(4096, 'must be at most 4096 characters').optional(),
});

export const sendMessageSchema = z.strictObject({
  visitorToken,
  text: text(CHAT_LIMITS.messageMax).min(1, 'is required'),
});

export type CreateChatAppBody = z.infer<typeof createChatAppSchema>;
export type UpdateChatAppBody = z.infer<typeof updateChatAppSchema>;
export type OpenConversationBody = z.infer<typeof openConversationSchema>;
export type SendMessageBody = z.infer<typeof sendMessageSchema>;

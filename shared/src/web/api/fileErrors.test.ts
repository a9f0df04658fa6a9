// A refused file in the user's language: every file code has a sentence in
// all five languages, the size limit shows its figure and the found type its
// name, a full storage is told apart from other plan limits, and the
// service's English never shows.
import { CATALOGS } from '@agentflow/shared/testing/catalogs';
import { FILE_ERROR_CODES } from '../../domain/files/api';
import { formatBytes } from '../../domain/files/model';
import { SUPPORTED_LANGUAGES } from '../../domain/i18n/languages';
import { createI18n } from '../i18n';
import { ApiError, createApiClient } from './apiClient';
import { fileErrorMessage, isStorageFull, refusedField } from './fileErrors';

const ENGLISH = 'invoice: the file is larger than 5.0 MB (service English)';

describe.each(SUPPORTED_LANGUAGES)('in %s', (language) => {
  const { t } = createI18n(language);
  const files = CATALOGS[language].errors.files as Record<string, string>;

  test.each(Object.values(FILE_ERROR_CODES))('%s is translated', (code) => {
    const message = fileErrorMessage(t, new ApiError(ENGLISH, 400, code, ENGLISH));
    expect(message).not.toContain(ENGLISH);
    expect(message.length).toBeGreaterThan(10);
    expect(message).not.toMatch(/errors\.files/);
  });

  test('the size limit and the found type are named', () => {
    expect(fileErrorMessage(t, new ApiError(ENGLISH, 413, 'file_too_large', ENGLISH, { field: 'invoice', maxBytes: 5_000_000 }))).toBe(files.file_too_large!.replace('{{size}}', '5.0 MB'));
    // In the user's numerals when the page says which language it speaks.
    expect(fileErrorMessage(t, new ApiError(ENGLISH, 413, 'file_too_large', ENGLISH, { maxBytes: 5_000_000 }), language)).toBe(files.file_too_large!.replace('{{size}}', formatBytes(5_000_000, language)));
    expect(fileErrorMessage(t, new ApiError(ENGLISH, 400, 'file_type_not_allowed', ENGLISH, { contentType: 'application/x-elf' }))).toContain('application/x-elf');
  });

  test('a full storage is its own sentence; the credential limit is not mistaken for it', () => {
    const full = new ApiError(ENGLISH, 403, 'plan_limit_reached', ENGLISH, { plan: 'basic', feature: 'storage' });
    expect(isStorageFull(full)).toBe(true);
    expect(fileErrorMessage(t, full)).toBe(files.storage_limit_reached);
    expect(isStorageFull(new ApiError(ENGLISH, 403, 'plan_limit_reached', ENGLISH, { plan: 'basic', feature: 'credentials' }))).toBe(false);
  });
});

test('the refused field comes from the answer', () => {
  expect(refusedField(new ApiError('x', 413, 'file_too_large', 'x', { field: 'invoice' }))).toBe('invoice');
  expect(refusedField(new ApiError('x', 413, 'file_too_large', 'x'))).toBeNull();
});

test('the API client sends a FormData as multipart and keeps what a refusal names', async () => {
  let sent: RequestInit | undefined;
  const call = createApiClient({
    baseUrl: 'http://api.test',
    getIdToken: async () => 'token',
    fetch: async (_url, init) => {
      sent = init;
      return new Response(JSON.stringify({ error: ENGLISH, code: 'file_too_large', field: 'invoice', maxBytes: 5_000_000 }), { status: 413 });
    },
  });
  const form = new FormData();
  form.append('invoice', new Blob(['x']), 'a.txt');
  const error = await call('POST', '/api/files', { body: form }).catch((e: unknown) => e);
  expect(sent?.body).toBe(form);
  expect((sent?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).details).toEqual({ field: 'invoice', maxBytes: 5_000_000 });
});

// Service errors in the user's language: every generic code has its sentence
// in all five languages, and the service's English text never shows.
import { CATALOGS } from '@agentflow/shared/testing/catalogs';
import { GENERIC_ERROR_CODE_LIST, defaultErrorCode } from '../../domain/validation/errorCodes';
import { SUPPORTED_LANGUAGES } from '../../domain/i18n/languages';
import { createI18n } from '../i18n';
import { ApiError } from './apiClient';
import { genericErrorMessage, serviceErrorMessage } from './errorMessages';

const ENGLISH = 'Run \u2018x\u2019 not found (the service\u2019s own English)';
const codes = CATALOGS.en.errors.codes as Record<string, string>;

describe.each(SUPPORTED_LANGUAGES)('in %s', (language) => {
  const { t } = createI18n(language);
  const catalog = CATALOGS[language].errors.codes as Record<string, string>;

  test.each([...GENERIC_ERROR_CODE_LIST, 'rate_limited'])('the generic code %s is translated, not the service text', (code) => {
    const message = genericErrorMessage(t, new ApiError(ENGLISH, 404, code, ENGLISH));
    expect(message).toBe(catalog[code]);
    expect(message).not.toContain(ENGLISH);
    expect(serviceErrorMessage(t, new ApiError(ENGLISH, 404, code, ENGLISH))).toBe(catalog[code]);
  });

  test('an error without a code, or with one the page did not translate, speaks of its status', () => {
    expect(serviceErrorMessage(t, new ApiError(ENGLISH, 403, null, ENGLISH))).toBe(catalog.forbidden);
    expect(serviceErrorMessage(t, new ApiError(ENGLISH, 409, 'already_member', ENGLISH))).toBe(catalog.conflict);
    expect(serviceErrorMessage(t, new ApiError('HTTP 502', 502))).toBe(catalog.unavailable);
    expect(serviceErrorMessage(t, new ApiError('fetch failed', 0))).toBe(CATALOGS[language].errors.unreachable);
    expect(serviceErrorMessage(t, new Error(ENGLISH))).toBe(CATALOGS[language].common.error);
  });
});

test('a specific code is left to the page: genericErrorMessage answers null', () => {
  const { t } = createI18n('de');
  expect(genericErrorMessage(t, new ApiError('Already a member', 409, 'already_member'))).toBeNull();
  expect(genericErrorMessage(t, new ApiError('Forbidden', 403))).toBeNull();
  expect(genericErrorMessage(t, new Error('boom'))).toBeNull();
});

test('every code a status defaults to has its sentence', () => {
  for (let status = 400; status < 600; status += 1) expect(codes[defaultErrorCode(status)]).toEqual(expect.any(String));
});

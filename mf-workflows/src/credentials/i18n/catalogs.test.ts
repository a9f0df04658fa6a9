import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { CREDENTIAL_ERROR_CODES } from '@agentflow/shared/credentials';
import { en } from './en';
import { CREDENTIALS_CATALOGS } from './index';

// The credentials texts obey the same rules as the shared catalogs.
describeTranslations('workflow credentials texts', en, CREDENTIALS_CATALOGS, { languages: ['en', 'es', 'fr', 'de', 'it'] });

test('every refusal code the service sends has a translation', () => {
  for (const code of Object.values(CREDENTIAL_ERROR_CODES)) expect(en.workflows.credentials.codes).toHaveProperty(code);
});

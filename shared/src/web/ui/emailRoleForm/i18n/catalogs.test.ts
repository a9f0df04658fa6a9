import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { EMAIL_ROLE_FORM_CATALOGS } from './index';

describeTranslations('e-mail and role form texts', en, EMAIL_ROLE_FORM_CATALOGS);

import { describeTranslations } from '@agentflow/shared/testing/translationChecks';
import { en } from './en';
import { RUN_GRAPH_CATALOGS } from './index';

// The run graph's, the JSON viewer's and the last-run overlay's texts obey the same rules as the shared catalogs.
describeTranslations('run graph texts', en, RUN_GRAPH_CATALOGS);

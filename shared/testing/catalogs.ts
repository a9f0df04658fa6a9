// Test code: every catalog registered up front, so components render in any
// language synchronously (the app fetches non-English catalogs on demand).
import { registerCatalogs } from '../src/web/i18n/catalogRegistry';
import { CATALOGS } from '../src/web/i18n/catalogs/index';

registerCatalogs(CATALOGS);
export { CATALOGS };

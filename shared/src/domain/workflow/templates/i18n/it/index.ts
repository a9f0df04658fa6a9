// The Italian texts of every template, one file per industry.
import { TEMPLATE_TAGS_KEY, type TemplateTexts } from '../../texts.js';
import { FIELD_SERVICES } from './fieldServices.js';
import { GENERAL } from './general.js';
import { LOGISTICS } from './logistics.js';
import { REAL_ESTATE } from './realEstate.js';
import { SALES } from './sales.js';
import { TAGS } from './tags.js';

export const IT_TEMPLATE_TEXTS: TemplateTexts = { ...SALES, ...LOGISTICS, ...FIELD_SERVICES, ...REAL_ESTATE, ...GENERAL, [TEMPLATE_TAGS_KEY]: TAGS };

// The industry templates: ready-made workflows seeded with visibility
// 'template' (readable by guests) that 'Use template' copies into a user's
// workflows. Plain data built on the model; the per-industry files are in
// ./templates/, the expression convention is described in ./templates/build.ts.
import type { Workflow, WorkflowIndustry } from './model.js';
import { FIELD_SERVICES_TEMPLATES } from './templates/fieldServices.js';
import { GENERAL_TEMPLATES } from './templates/general.js';
import { LOGISTICS_TEMPLATES } from './templates/logistics.js';
import { REAL_ESTATE_TEMPLATES } from './templates/realEstate.js';
import { SALES_TEMPLATES } from './templates/sales.js';

export const WORKFLOW_TEMPLATES: Workflow[] = [...SALES_TEMPLATES, ...LOGISTICS_TEMPLATES, ...FIELD_SERVICES_TEMPLATES, ...REAL_ESTATE_TEMPLATES, ...GENERAL_TEMPLATES];

const byId = new Map(WORKFLOW_TEMPLATES.map((template) => [template.id, template]));

/** The templates for one industry, in catalogue order. */
export function templatesFor(industry: WorkflowIndustry): Workflow[] {
  return WORKFLOW_TEMPLATES.filter((template) => template.industry === industry);
}

/** One template by id, or undefined. Returns the shared object: copy it before changing it. */
export function templateById(id: string): Workflow | undefined {
  return byId.get(id);
}

/** What a copy of the real estate templates expects in the user's accounts (the listing register's tab and columns, the alerts table). */
export { TEMPLATE_TAGS_KEY, loadTemplateTexts, localizedTemplate, templateTextsOf, type TemplateTextTable, type TemplateTexts } from './templates/texts.js';

export { ALERTS_BASE, ALERTS_TABLE, LISTINGS_SHEET, LISTINGS_SPREADSHEET, LISTING_COLUMNS } from './templates/realEstate.js';

/** The knowledge base id the knowledge and chat templates name until their user picks their own. */
export { KNOWLEDGE_BASE_PLACEHOLDER } from './templates/build.js';

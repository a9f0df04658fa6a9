// Entry '@agentflow/shared/ui': the presentational parts of the UI kit that
// read no context (form fields, data tables). Like '/dialog' it is bundled by
// each app that imports it (and tree-shaken there), so it adds nothing to the
// federated singleton that every first view loads.
export { SelectField, TextAreaField, TextField, focusFirstInvalid } from './Field.js';
export { DataTable, type Column } from './DataTable.js';
export { CopyField } from './CopyField.js';
// The usage chart (recharts in a lazy chunk of the importing app) and its table alternative.
export { ChartTable, UsageBarChart, type ChartRow, type ChartSeries } from './charts/UsageBarChart.js';
// The e-mail and role form (workspace invitations, workflow shares) and its texts.
export { EmailRoleForm, isEmailAddress, refusalCode, type EmailRoleFormProps, type Translate } from './emailRoleForm/EmailRoleForm.js';
export { EMAIL_ROLE_FORM_CATALOGS } from './emailRoleForm/i18n/index.js';

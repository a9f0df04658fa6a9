// Texts of files in runs (English source): the run form's file fields, the
// files lists of the run view, decision attachments, and the builder's input
// field editor (where a field becomes a file field). Merged into the shell's
// catalogs by each component that shows them. Refusals themselves are the
// shared errors.files.* texts (fileErrorMessage).
export const en = {
  workflows: {
    files: {
      inputFiles: 'Input files',
      stepIn: 'Files in',
      stepOut: 'Files out',
      attachments: 'Attachments',
      download: 'Download',
      downloadLabel: 'Download {{name}}',
      opening: 'Opening…',
      preview: 'Preview of {{name}}',
      choose: 'Choose a file',
      replace: 'Choose another file',
      remove: 'Remove',
      removeLabel: 'Remove {{name}}',
      noFile: 'No file chosen',
      hintAny: 'Any supported file, up to {{size}}',
      hintTypes: '{{types}}, up to {{size}}',
      wrongType: 'This field takes {{types}} only.',
      uploading: 'Uploading…',
      seePlans: 'See plans',
      attach: 'Attach a file',
      attachHint: 'Optional: up to {{count}} files (a signed form, a photo), each up to {{size}}.',
      accepts: {
        any: 'Any file',
        images: 'Images',
        pdf: 'PDF',
        documents: 'Documents (PDF, Word, text)',
      },
      inputFields: {
        title: 'Input fields',
        hint: 'What the run form asks for. Steps read each answer by its key.',
        empty: 'No input fields: runs start without input.',
        add: 'Add a field',
        field: 'Field {{number}}',
        key: 'Key',
        label: 'Label',
        type: 'Type',
        required: 'Required',
        accept: 'Accepted files',
        custom: 'Other: {{types}}',
        newLabel: 'New field',
        moveUp: 'Move up',
        moveDown: 'Move down',
        remove: 'Remove field',
        types: {
          string: 'Short text',
          text: 'Long text',
          number: 'Number',
          boolean: 'Yes / no',
          file: 'File',
        },
      },
    },
  },
};

export type FilesCatalog = typeof en;

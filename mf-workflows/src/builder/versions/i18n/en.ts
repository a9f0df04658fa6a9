// Texts of saving and restoring versions (English source).
export const en = {
  workflows: {
    versions: {
      saveVersion: 'Save version',
      offlineHint: 'Saving a version needs a connection.',
      dialogTitle: 'Save a version',
      dialogBody: 'A version keeps the workflow as it is now in its history, so you can come back to it later.',
      label: 'Name (optional)',
      labelHint: 'Up to {{max}} characters, for example “Before the new approval step”.',
      cancel: 'Cancel',
      saving: 'Saving…',
      saveFailed: 'The version was not saved. Check your connection and try again.',
      saved: 'Version saved.',
      restoreTitle: 'Restore version {{version}}?',
      restoreBody: 'The steps and connections go back to how they were in version {{version}}. What you have now stays in the history, and you can undo the restore right after.',
      restoreConfirm: 'Restore version {{version}}',
      restoring: 'Restoring…',
      restored: 'Restored version {{version}}.',
      undo: 'Undo',
      undoing: 'Undoing…',
      undoFailed: 'The restore could not be undone. Try again.',
      undone: 'The restore was undone.',
      dismiss: 'Dismiss',
      current: 'Current',
    },
  },
};

export type VersionsCatalog = typeof en;

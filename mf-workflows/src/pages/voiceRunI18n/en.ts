// Voice "run workflow X" in the current workspace (VoiceRunNotice): what the notice says beyond the catalogue's own texts.
export const en = {
  workflows: {
    voiceRun: {
      many: 'More than one workflow you can run is named like “{{name}}”. Which one should run?',
      runThis: 'Run {{name}}',
      notFoundHere: 'No workflow you can run in this workspace, or shared with you, is named “{{name}}”. Search below or switch workspaces.',
    },
  },
};

export type VoiceRunCatalog = typeof en;

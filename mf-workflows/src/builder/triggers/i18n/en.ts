// The on/off switch (builder toolbar, catalogue cards) and the schedule trigger's preview: English source.
export const en = {
  workflows: {
    triggers: {
      active: 'Active',
      activeOn: 'On: its webhook, schedule and app triggers start runs.',
      activeOff: 'Off: only runs you start yourself. Its webhook answers “not found” and its schedule and app triggers wait.',
      switchFailed: '“{{name}}” could not be switched. Try again.',
      switchedOn: '“{{name}}” is on.',
      switchedOff: '“{{name}}” is off: its webhook, schedule and app triggers start no runs.',
      voice: {
        starting: 'Starting “{{name}}”…',
        startFailed: '“{{name}}” could not start. Start it from its run form.',
      },
      schedule: {
        title: 'When it runs',
        loading: 'Reading the schedule…',
        invalid: 'Enter a valid cron expression and time zone to see when it runs.',
        next: 'Next {{count}} runs ({{zone}})',
        inactive: 'The workflow is off: these times start no runs until you switch it on.',
      },
    },
  },
};

export type TriggersCatalog = typeof en;
